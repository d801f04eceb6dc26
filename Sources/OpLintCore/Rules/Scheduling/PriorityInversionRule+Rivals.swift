extension PriorityInversionRule {
    /// Whether a low-priority operation can be held back by its priority at all: only when
    /// some other operation its queue starts may be ready at the same time, that is, is not
    /// ordered with it by a dependency path one way or the other (S9), and the queue has fewer
    /// slots than operations (S13: with a slot for each, every ready operation starts at once).
    /// When every queue-mate is ordered with it, it is the only ready operation of its queue
    /// whenever it is ready, and its priority orders nothing (OPL210 notes that).
    ///
    /// For one waiting operation, a rival it also waits for, directly or not, holds it back
    /// no longer than it would anyway: whichever of the two the queue starts first, the waiter
    /// starts after both (`merge` after `left` and `right` on a serial queue).
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
        /// Each queue's width, the default width resolved as the simulator resolves it on Apple
        /// platforms (Linux's is wider still).
        private let widths: [Int]
        private var search: SchedulingLint.Search
        /// The operations each small queue starts, made on the first question.
        private var members: [Int32: [Int]]?
        /// The queue-mates not ordered with each operation asked about, by operation; nil when
        /// the search was cut short and rivals are assumed.
        private var known: [Int: [Int]?] = [:]
        /// Operations visited by the searches so far.
        private var visited = 0
        /// The queue-mates a search has still to reach, made on the first search.
        private var marks: OperationMarks?

        init(_ analysis: GraphAnalysis) {
            self.analysis = analysis
            queueSizes = analysis.schedulingFeatures.queuedCount
            let defaultWidth = analysis.graph.simulation.defaultWidth ?? SimulationOptions.appleDefaultWidth
            widths = analysis.graph.queues.map { $0.width(defaultWidth: defaultWidth) }
            search = SchedulingLint.Search(analysis, limit: Self.searchLimit, includeWaits: false)
        }

        /// Whether some other operation started by `operation`'s queue may hold it back while
        /// `waiter` waits for it: one not ordered with it that `waiter` does not wait for too.
        ///
        /// - Complexity: O(*n*) on the first question; then O(min(10,000, *n* + *e*)) per operation
        ///   asked about, once, and per pair whose operation has rivals; O(2,000,000) visits in all.
        mutating func exist(for operation: Int, waiter: Int) -> Bool {
            let found: [Int]?
            if let answer = known[operation] {
                found = answer
            } else {
                found = unorderedMates(of: operation)
                known[operation] = found
            }
            guard let mates = found else { return true }
            // A waiter that waits from its own code (S19) is running, not a rival for a start.
            let rivals = mates.filter { $0 != waiter }
            guard !rivals.isEmpty else { return false }
            return !allAwaited(rivals, by: waiter)
        }

        /// The operations `operation`'s queue starts that are not ordered with it; nil when
        /// that was not searched (a large queue, a search cut short) and some are assumed.
        private mutating func unorderedMates(of operation: Int) -> [Int]? {
            let queue = analysis.index.queueOfOperation[operation]
            guard queue >= 0 else { return nil }
            // A slot for every operation the queue starts: none ever waits for one.
            if Int(queueSizes[Int(queue)]) <= widths[Int(queue)] { return [] }
            guard Int(queueSizes[Int(queue)]) <= Self.queueMateLimit + 1 else { return nil }
            guard visited < Self.totalSearchLimit else { return nil }
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
                if outcome == .limited { return nil }
            }
            return mates.filter(remaining.contains)
        }

        /// Whether `waiter` waits, directly or not, for every one of `rivals` (its dependency
        /// paths reach them all); false when a search is cut short. Searched from each rival
        /// towards what waits for it, stopping at the first that `waiter` does not wait for: a
        /// rival is most often an operation nothing else waits for, where the search ends at
        /// once, while the waiter's own dependencies may be a long chain.
        private mutating func allAwaited(_ rivals: [Int], by waiter: Int) -> Bool {
            for rival in rivals {
                guard visited < Self.totalSearchLimit else { return false }
                let outcome = search.run(from: rival, .backward) { $0 == waiter }
                visited += search.visited
                guard outcome == .found(waiter) else { return false }
            }
            return true
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
