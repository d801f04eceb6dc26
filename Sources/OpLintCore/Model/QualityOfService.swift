/// `QualityOfService` (S10), ordered by how urgently the system serves it.
public enum QualityOfService: String, Sendable, CaseIterable, Comparable {
    case background, utility, `default`, userInitiated, userInteractive

    /// Foundation's raw value: userInteractive 0x21 … background 0x09, default -1.
    public var foundationValue: Int {
        switch self {
        case .userInteractive: 0x21
        case .userInitiated: 0x19
        case .utility: 0x11
        case .background: 0x09
        case .default: -1
        }
    }

    /// The libdispatch QoS class value; `default` sits between utility and userInitiated (0x15).
    public var dispatchClass: Int {
        self == .default ? 0x15 : foundationValue
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.dispatchClass < rhs.dispatchClass
    }
}
