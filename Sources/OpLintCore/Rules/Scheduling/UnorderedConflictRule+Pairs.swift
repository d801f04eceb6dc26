extension UnorderedConflictRule {
    /// The unordered pairs found so far, each with every resource the two share.
    struct ConflictPairs {
        /// Two operations in the order they are added.
        struct Key: Hashable {
            var earlier: Int
            var later: Int
        }

        /// One resource both use, and whether each writes it.
        private struct Use {
            var resource: String
            var earlierWrites: Bool
            var laterWrites: Bool
        }

        private var keys: [Key] = []
        private var uses: [Key: [Use]] = [:]
        private var notes: [Key: [String]] = [:]

        /// Records that `earlier` and `later` may overlap while using `resource`.
        mutating func add(_ earlier: Access, _ later: Access, _ resource: String) -> Key {
            let key = Key(earlier: earlier.operation, later: later.operation)
            if uses[key] == nil { keys.append(key) }
            uses[key, default: []].append(Use(resource: resource, earlierWrites: earlier.writes, laterWrites: later.writes))
            return key
        }

        /// Adds a note line to the finding of `key`.
        mutating func note(_ key: Key, _ text: String) {
            notes[key, default: []].append(text)
        }

        /// One finding per pair, at the operation added later.
        ///
        /// - Complexity: O(*p* log *p*) for *p* pairs.
        func findings(of rule: UnorderedConflictRule, _ analysis: GraphAnalysis) -> [Finding] {
            let q = SchedulingLint.quoted
            return keys.sorted { ($0.later, $0.earlier) < ($1.later, $1.earlier) }.map { key in
                let earlier = q(analysis.name(key.earlier))
                let later = q(analysis.name(key.later))
                let shared = (uses[key] ?? []).map { use -> String in
                    let how: String
                    switch (use.earlierWrites, use.laterWrites) {
                    case (true, true): how = "both write"
                    case (true, false): how = "\(earlier) writes, \(later) reads"
                    default: how = "\(earlier) reads, \(later) writes"
                    }
                    return "\(q(use.resource)) (\(how))"
                }
                let resources = shared.count == 1 ? shared[0] : shared.dropLast().joined(separator: ", ") + " and " + (shared.last ?? "")
                var queues: [String] = []
                for operation in [key.earlier, key.later] {
                    if let queue = SchedulingLint.queue(of: operation, in: analysis), !queues.contains(analysis.graph.queues[queue].name) {
                        queues.append(analysis.graph.queues[queue].name)
                    }
                }
                return rule.finding(
                    "\(later) may run at the same time as \(earlier) and both use \(resources): no dependency path, serial queue, barrier or exclusivity category orders them",
                    at: analysis.location(ofOperation: key.later),
                    related: [SchedulingLint.created(key.earlier, in: analysis), SchedulingLint.created(key.later, in: analysis)],
                    notes: notes[key] ?? [],
                    fix: Finding.Fix("make \(later) depend on \(earlier) (or the other way round), or give both one exclusivity category"),
                    operations: [analysis.name(key.later), analysis.name(key.earlier)],
                    queues: queues)
            }
        }
    }
}
