extension RedundantDependencies {
    /// What there is to judge: the operations that may have a redundant dependency, their
    /// dependencies that are judged, and the components those dependencies belong to.
    struct Candidates {
        /// `judged[position]`: the edge at `position` in `GraphIndex.dependencyTargets` is an
        /// explicit dependency, of a candidate waiter, on another operation outside any cycle.
        let judged: [Bool]
        /// Operations outside cycles with a judged edge and dependencies in at least two
        /// components, in declaration order.
        let waiters: [Int32]
        /// For each of `waiters`, the highest-numbered component among its dependencies.
        let highest: [Int32]
        /// The components of the judged edges' targets, in ascending (topological) order.
        let targets: [Int32]
        /// The position of each component in `targets`, or -1 when it is not one of them.
        let rank: [Int32]

        /// - Complexity: O(*n* + *e*).
        init(_ index: GraphIndex, _ components: StronglyConnectedComponents) {
            let component = components.component
            var cyclic = [Bool](repeating: false, count: components.count)
            for members in components.cycles { cyclic[Int(component[Int(members[0])])] = true }
            var judged = [Bool](repeating: false, count: index.dependencyTargets.count)
            var isTarget = [Bool](repeating: false, count: components.count)
            var waiters: [Int32] = []
            var highest: [Int32] = []

            for waiter in 0..<index.operationCount where !cyclic[Int(component[waiter])] {
                let range = index.dependencyEdges(of: waiter)
                if range.count < 2 { continue }
                var first: Int32 = -1
                var top: Int32 = -1
                var spansComponents = false
                var hasJudged = false
                for e in range {
                    let d = Int(index.dependencyTargets[e])
                    if d == waiter { continue }
                    let c = component[d]
                    if first < 0 { first = c } else if c != first { spansComponents = true }
                    top = max(top, c)
                    if !cyclic[Int(c)], case .dependency = index.origin(ofEdge: e) { hasJudged = true }
                }
                guard spansComponents && hasJudged else { continue }
                waiters.append(Int32(waiter))
                highest.append(top)
                for e in range {
                    let d = Int(index.dependencyTargets[e])
                    let c = Int(component[d])
                    if d == waiter || cyclic[c] { continue }
                    guard case .dependency = index.origin(ofEdge: e) else { continue }
                    judged[e] = true
                    isTarget[c] = true
                }
            }

            var targets: [Int32] = []
            var rank = [Int32](repeating: -1, count: components.count)
            for c in 0..<components.count where isTarget[c] {
                rank[c] = Int32(targets.count)
                targets.append(Int32(c))
            }
            self.judged = judged
            self.waiters = waiters
            self.highest = highest
            self.targets = targets
            self.rank = rank
        }
    }
}
