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
    }

    /// Root causes in a fixed order: by kind as listed in `Cause`, then by declaration.
    public let roots: [Root]
    /// Whether the search was cut short on a pathological graph (very many roots over very many operations).
    public let isTruncated: Bool

    /// - Complexity: O(*r* · (*n* + *e*)) for *r* root causes in the worst case, bounded by a
    ///   budget of 50 million visited edges after which remaining roots list only themselves.
    public init(_ graph: OperationGraph, _ index: GraphIndex, _ components: StronglyConnectedComponents) {
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
            switch operations[i].start {
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
        for i in operations.indices where !operations[i].finishes && !cancellation.mayCancel(i) {
            causes.append((.neverFinishes(operation: i), [Int32(i)], false))
        }

        let n = index.operationCount
        var stamp = [Int32](repeating: -1, count: n)
        var positionOf = [Int32](repeating: -1, count: n)
        var budget = 50_000_000
        var truncated = false
        var roots: [Root] = []
        roots.reserveCapacity(causes.count)
        index.dependentStart.withUnsafeBufferPointer { dependentStart in
        index.dependentTargets.withUnsafeBufferPointer { dependentTargets in
            for (number, (cause, seeds, seedsBlocked)) in causes.enumerated() {
                let mark = Int32(number)
                var blocked: [Int32] = []
                var via: [Int32] = []
                var viaPosition: [Int32] = []
                var frontier: [Int32] = []
                for seed in seeds where stamp[Int(seed)] != mark {
                    stamp[Int(seed)] = mark
                    frontier.append(seed)
                    if seedsBlocked {
                        positionOf[Int(seed)] = Int32(blocked.count)
                        blocked.append(seed)
                        via.append(-1)
                        viaPosition.append(-1)
                    } else {
                        positionOf[Int(seed)] = -1
                    }
                }
                if budget > 0 {
                    var head = 0
                    while head < frontier.count {
                        let node = Int(frontier[head])
                        head += 1
                        let from = Int(dependentStart[node]), to = Int(dependentStart[node + 1])
                        budget -= to - from
                        for j in from..<to {
                            let dependent = Int(dependentTargets[j])
                            if stamp[dependent] != mark && !cancellation.mayCancel(dependent) {
                                stamp[dependent] = mark
                                frontier.append(Int32(dependent))
                                positionOf[dependent] = Int32(blocked.count)
                                blocked.append(Int32(dependent))
                                via.append(Int32(node))
                                viaPosition.append(positionOf[node])
                            }
                        }
                    }
                } else {
                    truncated = true
                }
                roots.append(Root(cause: cause, operations: seedsBlocked ? [] : seeds, blocked: blocked, via: via, viaPosition: viaPosition))
            }
        }}
        self.roots = roots
        self.isTruncated = truncated
    }

    /// The root caused by `cause`, if any.
    public func root(for cause: Cause) -> Root? {
        roots.first { $0.cause == cause }
    }
}
