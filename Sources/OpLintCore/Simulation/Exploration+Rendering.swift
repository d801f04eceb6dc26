extension Exploration {
    /// How many order changes and conflicts text lists by name.
    public static let textListLimit = 20

    /// The exploration as text: makespan distribution, deadlocks with their seeds, order
    /// changes and conflicting accesses.
    public func text() -> String {
        typealias F = ScheduleFormatting
        var out = "explored \(runs) schedule\(runs == 1 ? "" : "s") from seed \(seed) (durations × [0.5, 1.5], random tie order)\n"
        out += "makespan: min \(F.time(minimum)) s, median \(F.time(median)) s, p95 \(F.time(p95)) s, max \(F.time(maximum)) s\n"
        if deadlocks.isEmpty {
            out += "deadlocks: none\n"
        } else {
            out += "deadlocks: \(deadlocks.count)\n"
            for deadlock in deadlocks {
                out += "\n  reached by \(deadlock.runs) run\(deadlock.runs == 1 ? "" : "s"); reproduce with --explore 1 --seed \(deadlock.seed)\n"
                for line in deadlock.report.text().split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
                    out += "  " + line + "\n"
                }
            }
        }
        if orderChangesSkipped {
            out += "order changes: not tracked above \(Self.orderChangeLimit) operations\n"
        } else if orderChanges.isEmpty {
            out += "order changes: none\n"
        } else {
            out += "order changes: \(orderChanges.count) pair\(orderChanges.count == 1 ? "" : "s") start in either order\n"
            for change in orderChanges.prefix(Self.textListLimit) {
                out += "  \(F.name(change.first)) ↔ \(F.name(change.second))\n"
            }
            if orderChanges.count > Self.textListLimit { out += "  and \(orderChanges.count - Self.textListLimit) more\n" }
        }
        if conflicts.isEmpty {
            out += "conflicting accesses: none\n"
        } else {
            out += "conflicting accesses: \(conflicts.count)\n"
            for conflict in conflicts.prefix(Self.textListLimit) {
                out += "  \(F.name(conflict.first)) and \(F.name(conflict.second)) on \(SimulationModel.quoted(conflict.resource)) ran at the same time (seed \(conflict.seed))\n"
            }
            if conflicts.count > Self.textListLimit { out += "  and \(conflicts.count - Self.textListLimit) more\n" }
        }
        return out
    }

    /// The exploration as a JSON value. Seeds are strings: they do not fit a JSON number exactly.
    public func json() -> JSONValue {
        .object([
            "runs": .int(runs),
            "seed": .string(String(seed)),
            "makespan": .object([
                "min": ScheduleFormatting.json(minimum), "median": ScheduleFormatting.json(median),
                "p95": ScheduleFormatting.json(p95), "max": ScheduleFormatting.json(maximum),
            ]),
            "deadlocks": .array(deadlocks.map { .object(["seed": .string(String($0.seed)), "runs": .int($0.runs), "stuck": $0.report.json()]) }),
            "orderChanges": orderChangesSkipped ? .null : .array(orderChanges.map { .array([.string($0.first), .string($0.second)]) }),
            "conflicts": .array(conflicts.map {
                .object(["operations": .array([.string($0.first), .string($0.second)]), "resource": .string($0.resource), "seed": .string(String($0.seed))])
            }),
        ])
    }
}
