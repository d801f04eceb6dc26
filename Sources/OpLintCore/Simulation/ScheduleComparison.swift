/// Two schedules side by side (`--compare`, or a what-if against the file as is).
public struct ScheduleComparison: Sendable, Equatable {
    /// An operation whose start moved.
    public struct Move: Sendable, Equatable {
        public var operation: String
        public var before: Double?
        public var after: Double?
        /// `after - before`; infinite when it starts in only one of them.
        public var change: Double
    }

    public var baseline: Schedule
    public var other: Schedule
    /// Every operation whose start differs, largest change first (then by name).
    public var moves: [Move]

    /// - Complexity: O(*n* log *n*).
    public init(_ baseline: Schedule, _ other: Schedule) {
        self.baseline = baseline
        self.other = other
        var after: [String: Double?] = [:]
        for entry in other.entries { after[entry.operation] = entry.start }
        var moves: [Move] = []
        var seen = Set<String>()
        for entry in baseline.entries {
            seen.insert(entry.operation)
            let new: Double? = after[entry.operation] ?? nil
            guard new != entry.start else { continue }
            let change = (new != nil && entry.start != nil) ? new! - entry.start! : .infinity
            moves.append(Move(operation: entry.operation, before: entry.start, after: new, change: change))
        }
        for entry in other.entries where !seen.contains(entry.operation) && entry.start != nil {
            moves.append(Move(operation: entry.operation, before: nil, after: entry.start, change: .infinity))
        }
        moves.sort { (abs($0.change), $1.operation) > (abs($1.change), $0.operation) }
        self.moves = moves
    }

    /// The comparison as text.
    public func text() -> String {
        typealias F = ScheduleFormatting
        var out = "makespan: \(F.time(baseline.makespan)) s → \(F.time(other.makespan)) s (\(Self.signed(other.makespan - baseline.makespan)) s)\n"
        out += "critical path before: " + baseline.criticalPath.map { F.name($0.operation) }.joined(separator: " → ") + "\n"
        out += "critical path after:  " + other.criticalPath.map { F.name($0.operation) }.joined(separator: " → ") + "\n"
        if moves.isEmpty { return out + "no operation starts at a different time\n" }
        out += "\(moves.count) operation\(moves.count == 1 ? "" : "s") start at a different time:\n"
        let width = moves.map { F.name($0.operation).count }.max() ?? 0
        for move in moves {
            let before = move.before.map(F.time) ?? "never"
            let after = move.after.map(F.time) ?? "never"
            let change = move.change.isFinite ? " (\(Self.signed(move.change)) s)" : ""
            out += "  " + F.pad(F.name(move.operation), width) + "  \(before) → \(after)\(change)\n"
        }
        return out
    }

    /// The comparison as a JSON value.
    public func json() -> JSONValue {
        .object([
            "makespan": .object(["before": ScheduleFormatting.json(baseline.makespan), "after": ScheduleFormatting.json(other.makespan)]),
            "criticalPath": .object([
                "before": .array(baseline.criticalPath.map { .string($0.operation) }),
                "after": .array(other.criticalPath.map { .string($0.operation) }),
            ]),
            "moved": .array(moves.map {
                .object(["operation": .string($0.operation), "before": ScheduleFormatting.json($0.before), "after": ScheduleFormatting.json($0.after)])
            }),
        ])
    }

    static func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + ScheduleFormatting.time(value)
    }
}
