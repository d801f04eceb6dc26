/// `queuePriority` (S9): veryLow (-8), low (-4), normal (0), high (4), veryHigh (8).
///
/// Any integer is accepted, as Foundation accepts it; `level` rounds it to the nearest
/// named value, which is what orders ready operations of one queue.
public struct QueuePriority: Sendable, Hashable, Comparable {
    /// The value as written.
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let veryLow = QueuePriority(rawValue: -8)
    public static let low = QueuePriority(rawValue: -4)
    public static let normal = QueuePriority(rawValue: 0)
    public static let high = QueuePriority(rawValue: 4)
    public static let veryHigh = QueuePriority(rawValue: 8)

    /// The five named priorities with their names in the JSON format and in Swift.
    public static let named: [(name: String, priority: QueuePriority)] = [
        ("veryLow", .veryLow), ("low", .low), ("normal", .normal), ("high", .high), ("veryHigh", .veryHigh),
    ]

    /// The named value Foundation uses for this integer: values are clamped to -8…8 and
    /// rounded to the nearest step of 4, halves toward normal.
    public var level: QueuePriority {
        let clamped = max(-8, min(8, rawValue))
        let magnitude = abs(clamped)
        let rounded = magnitude % 4 > 2 ? (magnitude / 4 + 1) * 4 : (magnitude / 4) * 4
        return QueuePriority(rawValue: clamped < 0 ? -rounded : rounded)
    }

    /// The JSON name of `level` (`"high"`), or the integer when it is not a named value.
    public var description: String {
        Self.named.first { $0.priority == self }?.name ?? String(rawValue)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
