/// Why operations can never start: each root cause, and every operation that waits behind it.
///
/// A root cause is a dependency cycle, a self-dependency, an operation never added to a queue
/// nor started, an operation on an undeclared queue, a queue of width 0, a queue suspended
/// and never resumed, or an asynchronous operation that never finishes. Everything that
/// depends on a root, directly or through others, can never start (S2, S3, S4, S8, S13, S15) —
/// unless a cancel may reach it before it starts (S6): such an operation, and a cycle or a
/// never-finishing operation it could release, is left out, so that every operation listed
/// never starts in any schedule.
public struct BlockingAnalysis: Sendable {
    /// What keeps operations from ever starting.
    public enum Cause: Sendable, Hashable {
        /// The members of `StronglyConnectedComponents.cycles[index]`.
        case cycle(index: Int)
        case selfDependency(operation: Int)
        case neverStarted(operation: Int)
        case unknownQueue(operation: Int)
        case zeroWidthQueue(queue: Int)
        case suspendedQueue(queue: Int)
        case neverFinishes(operation: Int)
    }

    /// One root cause and what it blocks.
    public struct Root: Sendable {
        public let cause: Cause
        /// The operations that are the cause itself: the cycle's members, the never-started operation…
        public let operations: [Int32]
        /// Every other operation that can never start because of it, nearest first (breadth-first).
        public let blocked: [Int32]
        /// For each blocked operation, the operation it waits for on the way to the root
        /// (parallel to `blocked`; -1 for an operation that is itself on the root, such as an
        /// operation of a zero-width queue), so a chain `upload → encode → resize → cycle` can be printed.
        public let via: [Int32]
        /// For each blocked operation, the position in `blocked` of `via`, or -1 when `via` is
        /// one of the root's own `operations` (or there is no `via`).
        public let viaPosition: [Int32]
        /// True when the search budget ran out before this root: `blocked` then leaves out the
        /// operations already listed under an earlier root.
        public let isPartial: Bool
    }

    /// Root causes in a fixed order: by kind as listed in `Cause`, then by declaration. A cause
    /// that itself waits behind another root is not one of them (see `dominated`).
    public let roots: [Root]
    /// Causes whose operations wait, through dependencies, behind another root cause — an
    /// operation never started that depends on another one never started, a cycle downstream
    /// of a cycle — in the order of `Cause`: they are listed in that root's `blocked`.
    public let dominated: [Cause]
    /// Whether the search budget ran out: some roots are partial.
    public let isTruncated: Bool
    /// The edges the searches visited: the measure of the work done, for tests.
    public let work: Int
    private let rootIndex: [Cause: Int]

    /// The default search budget: two visits of every operation and dependency, plus a hundred thousand.
    public static func searchBudget(operations: Int, edges: Int) -> Int {
        2 * (operations + edges) + 100_000
    }

    /// - Parameter budget: edges the searches for blocked operations may visit before each
    ///   further root lists only what no earlier root listed; nil = `searchBudget`.
    /// - Complexity: O((*n* + *e*) + budget): one pass finds the causes that wait behind
    ///   others, then each root is searched exactly while the budget lasts, and the rest
    ///   together in one more pass.
    public init(_ graph: OperationGraph, _ index: GraphIndex, _ components: StronglyConnectedComponents, budget: Int? = nil) {
        // A cancel that reaches an operation before it starts makes it ignore its dependencies
        // and finish (S6): nothing through it is blocked in every schedule.
        let cancellation = CancellationReach(graph, index)
        var causes: [(Cause, [Int32], Bool)] = []   // (cause, seeds, seeds are blocked themselves)
        for (i, members) in components.cycles.enumerated() where !members.contains(where: { cancellation.mayCancel(Int($0)) }) {
            causes.append((.cycle(index: i), members, false))
        }
        var selfDependent = Set<Int32>()
        for (operation, _) in index.selfDependencies where selfDependent.insert(operation).inserted {
            if components.isOnCycle(Int(operation), in: index) || cancellation.mayCancel(Int(operation)) { continue }
            causes.append((.selfDependency(operation: Int(operation)), [operation], false))
        }
        let resumed = Set(graph.events.compactMap { event -> String? in
            if case .resume(let queue) = event.action { return queue }
            return nil
        })
        // Queues that never start anything: width 0, or suspended from the start and never resumed.
        var stuckQueue = [Cause?](repeating: nil, count: graph.queues.count)
        for (q, queue) in graph.queues.enumerated() where !queue.isMain {
            if queue.maxConcurrentOperationCount == 0 {
                stuckQueue[q] = .zeroWidthQueue(queue: q)
            } else if queue.isSuspended && !resumed.contains(queue.name) {
                stuckQueue[q] = .suspendedQueue(queue: q)
            }
        }
        let anyStuckQueue = stuckQueue.contains { $0 != nil }
        var queueMembers = [[Int32]](repeating: [], count: graph.queues.count)
        let operations = graph.operations
        for i in operations.indices {
            switch operations.start(at: i) {
            case .never:
                causes.append((.neverStarted(operation: i), [Int32(i)], false))
            case .queue:
                let q = index.queueOfOperation[i]
                if q == GraphIndex.unknownQueue {
                    causes.append((.unknownQueue(operation: i), [Int32(i)], false))
                } else if anyStuckQueue && q >= 0 && stuckQueue[Int(q)] != nil {
                    queueMembers[Int(q)].append(Int32(i))
                }
            case .manual:
                break
            }
        }
        for q in graph.queues.indices where !queueMembers[q].isEmpty {
            if let cause = stuckQueue[q] { causes.append((cause, queueMembers[q], true)) }
        }
        for i in operations.indices where !operations.finishes(at: i) && !cancellation.mayCancel(i) {
            causes.append((.neverFinishes(operation: i), [Int32(i)], false))
        }

        let search = BlockedSearch(index, components, causes: causes, budget: budget, cancellation: cancellation)
        self.roots = search.roots
        self.dominated = search.dominated
        self.isTruncated = search.roots.contains { $0.isPartial }
        self.work = search.work
        var rootIndex: [Cause: Int] = [:]
        for (i, root) in search.roots.enumerated() where rootIndex[root.cause] == nil { rootIndex[root.cause] = i }
        self.rootIndex = rootIndex
    }

    /// The root caused by `cause`, if any (nil also for a cause that waits behind another root).
    ///
    /// - Complexity: O(1) expected.
    public func root(for cause: Cause) -> Root? {
        rootIndex[cause].map { roots[$0] }
    }
}
