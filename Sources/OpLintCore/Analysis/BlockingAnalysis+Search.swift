extension BlockingAnalysis {
    /// The search behind `BlockingAnalysis`: which causes are roots, and what each root blocks.
    ///
    /// 1. A cause *waits behind* another when one of its operations is reachable, through
    ///    dependents, from an operation of another cause's strongly connected component: a
    ///    never-started operation that depends on another one, a cycle downstream of a cycle.
    ///    One pass from every cause's component marks them; they are not roots, and their
    ///    operations are listed under the root upstream. Queue causes (width 0, suspended)
    ///    always stay roots: they are about a queue, not about where its operations sit.
    /// 2. Each root's blocked operations are found by breadth-first search over dependents, the
    ///    root's own operations first. While `budget` lasts every root is searched in full, so
    ///    roots that share what lies behind them each list all of it; once it is spent, each
    ///    further root lists only the operations no earlier root listed (and says so), which
    ///    keeps the whole search linear on adversarial graphs such as many roots in front of
    ///    one long chain.
    struct BlockedSearch {
        var roots: [Root] = []
        var dominated: [Cause] = []
        var work = 0

        /// - Complexity: O(*n* + *e* + budget).
        init(
            _ index: GraphIndex, _ components: StronglyConnectedComponents, causes: [(Cause, [Int32], Bool)], budget: Int?,
            cancellation: CancellationReach
        ) {
            let n = index.operationCount
            var remaining = budget ?? BlockingAnalysis.searchBudget(operations: n, edges: index.dependencyTargets.count)
            let behind = Self.waitsBehindCause(index, components, causes: causes, cancellation: cancellation, work: &work)
            var stamp = [Int32](repeating: -1, count: n)
            var positionOf = [Int32](repeating: -1, count: n)
            var listed = [Bool](repeating: false, count: n)
            roots.reserveCapacity(causes.count)
            index.dependentStart.withUnsafeBufferPointer { dependentStart in
            index.dependentTargets.withUnsafeBufferPointer { dependentTargets in
                for (number, (cause, seeds, seedsBlocked)) in causes.enumerated() {
                    if !Self.isQueueCause(cause) && seeds.contains(where: { behind[Int($0)] }) {
                        dominated.append(cause)
                        continue
                    }
                    let partial = remaining <= 0
                    let mark = Int32(number)
                    var blocked: [Int32] = []
                    var via: [Int32] = []
                    var viaPosition: [Int32] = []
                    var frontier: [Int32] = []
                    for seed in seeds where stamp[Int(seed)] != mark {
                        stamp[Int(seed)] = mark
                        frontier.append(seed)
                        if seedsBlocked {
                            if partial && listed[Int(seed)] { continue }
                            positionOf[Int(seed)] = Int32(blocked.count)
                            blocked.append(seed)
                            via.append(-1)
                            viaPosition.append(-1)
                            listed[Int(seed)] = true
                        } else {
                            positionOf[Int(seed)] = -1
                        }
                    }
                    var head = 0
                    var spent = 0
                    while head < frontier.count {
                        let node = Int(frontier[head])
                        head += 1
                        let from = Int(dependentStart[node]), to = Int(dependentStart[node + 1])
                        spent += to - from
                        for j in from..<to {
                            let dependent = Int(dependentTargets[j])
                            // A dependent that a cancel may reach first ignores its dependencies (S6).
                            guard stamp[dependent] != mark && !cancellation.mayCancel(dependent) else { continue }
                            stamp[dependent] = mark
                            // Once the budget is spent, what an earlier root listed (and all behind it) is skipped.
                            if partial && listed[dependent] { continue }
                            listed[dependent] = true
                            frontier.append(Int32(dependent))
                            positionOf[dependent] = Int32(blocked.count)
                            blocked.append(Int32(dependent))
                            via.append(Int32(node))
                            viaPosition.append(positionOf[node])
                        }
                    }
                    remaining -= spent
                    work += spent
                    roots.append(Root(
                        cause: cause, operations: seedsBlocked ? [] : seeds, blocked: blocked, via: via,
                        viaPosition: viaPosition, isPartial: partial))
                }
            }}
        }

        static func isQueueCause(_ cause: Cause) -> Bool {
            switch cause {
            case .zeroWidthQueue, .suspendedQueue: true
            default: false
            }
        }

        /// For each operation, whether it is reachable through dependents from an operation of a
        /// strongly connected component that holds some cause's operation, by a path that
        /// leaves that component and passes no operation a cancel may reach first.
        ///
        /// - Complexity: O(*n* + *e*).
        static func waitsBehindCause(
            _ index: GraphIndex, _ components: StronglyConnectedComponents, causes: [(Cause, [Int32], Bool)],
            cancellation: CancellationReach, work: inout Int
        ) -> [Bool] {
            let n = index.operationCount
            let component = components.component
            var holdsCause = [Bool](repeating: false, count: components.count)
            for (_, seeds, _) in causes {
                for seed in seeds { holdsCause[Int(component[Int(seed)])] = true }
            }
            var behind = [Bool](repeating: false, count: n)
            var stack: [Int32] = []
            for op in 0..<n where holdsCause[Int(component[op])] {
                let edges = index.dependents(of: op)
                work += edges.count
                for dependent in edges where component[Int(dependent)] != component[op] && !behind[Int(dependent)] && !cancellation.mayCancel(Int(dependent)) {
                    behind[Int(dependent)] = true
                    stack.append(dependent)
                }
            }
            while let op = stack.popLast() {
                let edges = index.dependents(of: Int(op))
                work += edges.count
                for dependent in edges where !behind[Int(dependent)] && !cancellation.mayCancel(Int(dependent)) {
                    behind[Int(dependent)] = true
                    stack.append(dependent)
                }
            }
            return behind
        }
    }
}
