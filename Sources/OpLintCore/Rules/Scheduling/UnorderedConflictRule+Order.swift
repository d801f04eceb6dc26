extension UnorderedConflictRule {
    /// Decides whether two operations may execute at the same time, caching one bounded
    /// dependency search per operation.
    struct ConflictOrder {
        let analysis: GraphAnalysis
        private var search: SchedulingLint.Search
        /// The accessors each searched operation waits for, directly or not; nil when its search hit the limit.
        private var reached: [Int: Set<Int>?] = [:]
        /// The operations that read or write some resource: the only ones a search records.
        private let accessors: Set<Int>
        /// Per operation, how many barriers of its queue are added up to it (empty without barriers).
        private let epoch: [Int32]

        /// - Complexity: O(1) without barriers; else O(*n*).
        init(_ analysis: GraphAnalysis, accessors: Set<Int>, barriers: Bool) {
            self.analysis = analysis
            self.accessors = accessors
            self.search = SchedulingLint.Search(analysis, limit: UnorderedConflictRule.searchLimit, includeWaits: false)
            var epoch: [Int32] = []
            if barriers {
                let operations = analysis.graph.operations
                var barriersSeen = [Int32](repeating: 0, count: analysis.graph.queues.count)
                epoch = [Int32](repeating: 0, count: operations.count)
                for i in operations.indices where operations.start(at: i) == .queue {
                    guard let q = SchedulingLint.queue(of: i, in: analysis) else { continue }
                    if operations.isBarrier(at: i) { barriersSeen[q] += 1 }
                    epoch[i] = barriersSeen[q]
                }
            }
            self.epoch = epoch
        }

        /// Whether `a` and `b` may execute at the same time: nothing provably orders them.
        ///
        /// A pair whose searches stop at their limit counts as ordered.
        /// - Complexity: O(1) for a pair already settled; else one search per operation not yet searched.
        mutating func mayOverlap(_ a: Int, _ b: Int) -> Bool {
            let operations = analysis.graph.operations
            let queueA = operations.start(at: a) == .queue ? SchedulingLint.queue(of: a, in: analysis) : nil
            let queueB = operations.start(at: b) == .queue ? SchedulingLint.queue(of: b, in: analysis) : nil
            if let queueA, queueA == queueB {
                if SchedulingLint.isSerial(queueA, in: analysis) { return false }
                if !epoch.isEmpty, epoch[a] != epoch[b] || operations.isBarrier(at: a) || operations.isBarrier(at: b) { return false }
            }
            if !operations.exclusive(at: a).isEmpty, !operations.exclusive(at: b).isEmpty,
               !Set(operations.exclusive(at: a)).isDisjoint(with: operations.exclusive(at: b)) {
                return false
            }
            guard let fromA = reach(a), !fromA.contains(b) else { return false }
            guard let fromB = reach(b), !fromB.contains(a) else { return false }
            return true
        }

        /// The accessors `operation` waits for, directly or not, or nil when the search hit its limit.
        private mutating func reach(_ operation: Int) -> Set<Int>? {
            if let known = reached[operation] { return known }
            var found = Set<Int>()
            let outcome = search.run(from: operation, .forward) { other in
                if accessors.contains(other) { found.insert(other) }
                return false
            }
            let result: Set<Int>? = outcome == .limited ? nil : found
            reached[operation] = .some(result)
            return result
        }
    }
}
