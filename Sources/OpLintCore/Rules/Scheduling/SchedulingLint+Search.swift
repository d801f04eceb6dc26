extension SchedulingLint {
    /// A breadth-first search over "cannot finish before" edges that visits at most `limit`
    /// operations, reusable for many searches over one graph.
    ///
    /// An edge `a → b` means `a` cannot finish before `b` does: `a` depends on `b` (S3,
    /// including the implicit edges of exclusivity, S21) or, when waits are included, `a`
    /// calls `b.waitUntilFinished()` (S19). Searching `.forward` follows these edges,
    /// `.backward` follows them in reverse.
    struct Search {
        enum Direction { case forward, backward }

        typealias Step = WaitGraph.Step
        typealias Link = WaitGraph.Link

        enum Outcome: Equatable {
            /// The search reached an operation the stop condition accepts.
            case found(Int)
            /// Everything reachable was visited.
            case exhausted
            /// `limit` operations were visited before either.
            case limited
        }

        let analysis: GraphAnalysis
        let limit: Int
        let includeWaits: Bool
        /// Operation waits by waiter and by target, as indices into `operationWaits`.
        private let waitsByWaiter: IndexGroups
        private let waitsByTarget: IndexGroups
        private var stamp: [UInt32] = []
        private var generation: UInt32 = 0
        /// The operation a visited operation was reached from, and how (-1 = dependency, i ≥ 0 = wait i).
        private var parent: [Int32] = []
        private var parentWait: [Int32] = []
        private var frontier: [Int32] = []
        private var lastDirection = Direction.forward
        /// How many operations the last search visited.
        private(set) var visited = 0

        /// - Complexity: O(*n* + *w*) with waits, for *n* operations and *w* operation waits; the other O(*n*) arrays are made on the first search.
        init(_ analysis: GraphAnalysis, limit: Int, includeWaits: Bool) {
            self.analysis = analysis
            self.limit = limit
            self.includeWaits = includeWaits
            waitsByWaiter = includeWaits ? analysis.index.operationWaitsByWaiter() : IndexGroups()
            waitsByTarget = includeWaits ? analysis.index.operationWaitsByTarget() : IndexGroups()
        }

        /// Searches from `source` until `stop` accepts an operation (never `source` itself).
        ///
        /// `allow` decides whether an operation may be entered at all.
        /// - Complexity: O(min(*limit*, reachable) × average degree).
        mutating func run(
            from source: Int,
            _ direction: Direction,
            allow: (Int) -> Bool = { _ in true },
            stop: (Int) -> Bool
        ) -> Outcome {
            let index = analysis.index
            if self.stamp.isEmpty {
                self.stamp = [UInt32](repeating: 0, count: index.operationCount)
                self.parent = [Int32](repeating: -1, count: index.operationCount)
                self.parentWait = [Int32](repeating: -1, count: index.operationCount)
            }
            self.generation &+= 1
            if self.generation == 0 {
                for i in self.stamp.indices { self.stamp[i] = 0 }
                self.generation = 1
            }
            lastDirection = direction
            // The search works on its arrays moved out of `self` and on the index's arrays read
            // once: each visit then costs no uniqueness check and no reference count (they were
            // most of the time of the priority rules' searches).
            var stamp: [UInt32] = [], parent: [Int32] = [], parentWait: [Int32] = [], frontier: [Int32] = []
            swap(&stamp, &self.stamp)
            swap(&parent, &self.parent)
            swap(&parentWait, &self.parentWait)
            swap(&frontier, &self.frontier)
            let generation = self.generation
            frontier.removeAll(keepingCapacity: true)
            stamp[source] = generation
            parent[source] = -1
            frontier.append(Int32(source))
            var visited = 1
            defer {
                swap(&stamp, &self.stamp)
                swap(&parent, &self.parent)
                swap(&parentWait, &self.parentWait)
                swap(&frontier, &self.frontier)
                self.visited = visited
            }
            let limit = self.limit
            let starts = direction == .forward ? index.dependencyStart : index.dependentStart
            let targets = direction == .forward ? index.dependencyTargets : index.dependentTargets
            /// Enters `next` from `current`: the outcome when the search ends there.
            func visit(_ next: Int, from current: Int, wait: Int32) -> Outcome? {
                guard stamp[next] != generation, allow(next) else { return nil }
                stamp[next] = generation
                parent[next] = Int32(current)
                parentWait[next] = wait
                if stop(next) { return .found(next) }
                visited += 1
                if visited >= limit { return .limited }
                frontier.append(Int32(next))
                return nil
            }
            var head = 0
            while head < frontier.count {
                let current = Int(frontier[head])
                head += 1
                for e in Int(starts[current])..<Int(starts[current + 1]) {
                    if let outcome = visit(Int(targets[e]), from: current, wait: -1) { return outcome }
                }
                if includeWaits {
                    let waits = direction == .forward ? waitsByWaiter[current] : waitsByTarget[current]
                    for w in waits {
                        let wait = index.operationWaits[Int(w)]
                        let next = direction == .forward ? wait.target : wait.waiter
                        if let outcome = visit(Int(next), from: current, wait: w) { return outcome }
                    }
                }
            }
            return .exhausted
        }

        /// Whether the last search visited `operation`.
        func reached(_ operation: Int) -> Bool {
            !stamp.isEmpty && stamp[operation] == generation
        }

        /// The edges from the last search's source to `target`, in search order, each as `waiter → target`.
        ///
        /// - Complexity: O(path length × degree).
        func path(to target: Int) -> [Link] {
            guard reached(target) else { return [] }
            var links: [Link] = []
            var current = target
            while parent[current] >= 0 {
                let previous = Int(parent[current])
                let (waiter, dependency) = lastDirection == .forward ? (previous, current) : (current, previous)
                let wait = Int(parentWait[current])
                let step: Step
                if wait >= 0 {
                    step = .wait(index: wait)
                } else {
                    step = .dependency(edge: analysis.index.edge(from: waiter, to: dependency) ?? analysis.index.dependencyEdges(of: waiter).lowerBound)
                }
                links.append(Link(waiter: waiter, target: dependency, step: step))
                current = previous
            }
            return links.reversed()
        }

        /// `“a” depends on “b”, “b” waits for “c”`: one phrase per link, long chains elided.
        func describe(_ links: [Link]) -> String { SchedulingLint.describe(links, in: analysis) }

        /// Related locations: where each link is made.
        func related(_ links: [Link]) -> [Finding.Related] { SchedulingLint.related(links, in: analysis) }
    }
}
