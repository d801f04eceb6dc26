/// How serious a finding is. Ordered: note < warning < error.
public enum Severity: String, Sendable, CaseIterable, Comparable, Codable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
