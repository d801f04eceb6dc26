extension PriorityInversionRule {
    /// Whether a low-priority operation can be held back by its priority at all: only when
    /// some other operation its queue starts may be ready at the same time, that is, is not
    /// ordered with it by a dependency path one way or the other (S9). When every queue-mate
    /// is ordered with it, it is the only ready operation of its queue whenever it is ready,
    /// and its priority orders nothing (OPL210 notes that).
    struct Rivals {
        /// Queues with more operations than this are assumed to hold a rival (not searched).
        static let queueMateLimit = CrossQueuePriorityRule.queueMateLimit
        /// Operations each search for dependency paths may visit; past it, a rival is assumed.
        static let searchLimit = CrossQueuePriorityRule.searchLimit
        /// Operations all the searches of one lint may visit together; past it, rivals are
        /// assumed without searching, so that many small queues on long paths stay linear.
        static let totalSearchLimit = 2_000_000

        private let analysis: GraphAnalysis
        /// `schedulingFeatures.queuedCount`, read once: the features are a value of many arrays.
        private let queueSizes: [Int32]
        private var search: SchedulingLint.Search
        /// The operations each small queue starts, made on the first question.
        private var members: [Int32: [Int]]?
        /// Answers so far, by operation.
        private var known: [Int: Bool] = [:]
        /// Operations visited by the searches so far.
        private var visited = 0
        /// The queue-mates a search has still to reach, made on the first search.
        private var marks: OperationMarks?

        init(_ analysis: GraphAnalysis) {
            self.analysis = analysis
            queueSizes = analysis.schedulingFeatures.queuedCount
            search = SchedulingLint.Search(analysis, limit: Self.searchLimit, includeWaits: false)
        }

        /// Whether some other operation started by `operation`'s queue is not ordered with it.
        ///
        /// - Complexity: O(*n*) on the first question; then O(min(10,000, *n* + *e*)) per operation
        ///   asked about, once, and O(2,000,000) visits in all.
        mutating func exist(for operation: Int) -> Bool {
            if let answer = known[operation] { return answer }
            let answer = search(operation)
            known[operation] = answer
            return answer
        }

        private mutating func search(_ operation: Int) -> Bool {
            let queue = analysis.index.queueOfOperation[operation]
            guard queue >= 0 else { return true }
            guard Int(queueSizes[Int(queue)]) <= Self.queueMateLimit + 1 else { return true }
            guard visited < Self.totalSearchLimit else { return true }
            let mates = queueMembers()[queue, default: []].filter { $0 != operation }
            // Moved out while the search runs, which the closure below marks through.
            var remaining = marks ?? OperationMarks(operationCount: analysis.index.operationCount)
            marks = nil
            defer { marks = remaining }
            remaining.reset(to: mates)
            for direction in [SchedulingLint.Search.Direction.forward, .backward] where !remaining.isEmpty {
                let outcome = search.run(from: operation, direction) { other in
                    remaining.remove(other)
                    return remaining.isEmpty
                }
                visited += search.visited
                if outcome == .limited { return true }
            }
            return !remaining.isEmpty
        }

        private mutating func queueMembers() -> [Int32: [Int]] {
            if let members { return members }
            let sizes = queueSizes
            var made: [Int32: [Int]] = [:]
            let operations = analysis.graph.operations
            for (i, queue) in analysis.index.queueOfOperation.enumerated()
            where queue >= 0 && Int(sizes[Int(queue)]) <= Self.queueMateLimit + 1 && operations.start(at: i) == .queue {
                made[queue, default: []].append(i)
            }
            members = made
            return made
        }
    }
}
