extension RedundantDependencies {
    /// Which operations may have a redundant dependency and which of their edges are judged.
    struct Candidates {
        let index: GraphIndex
        let component: [Int32]
        /// `cyclic[c]`: component `c` is a dependency cycle of two or more operations.
        let cyclic: [Bool]

        /// - Complexity: O(*c*) for *c* components.
        init(_ index: GraphIndex, _ components: StronglyConnectedComponents) {
            var cyclic = [Bool](repeating: false, count: components.count)
            for members in components.cycles { cyclic[Int(components.component[Int(members[0])])] = true }
            self.index = index
            self.component = components.component
            self.cyclic = cyclic
        }

        /// Whether the edge at `position`, leaving `waiter`, is judged: an explicit dependency
        /// on another operation outside any cycle.
        @inline(__always)
        func isJudged(_ position: Int, from waiter: Int) -> Bool {
            let target = Int(index.dependencyTargets[position])
            guard target != waiter, !cyclic[Int(component[target])], case .dependency = index.origin(ofEdge: position) else { return false }
            return true
        }

        /// Whether `waiter` is judged at all: it is outside cycles, has a judged edge and
        /// dependencies in at least two components. Only such an operation can have a redundant
        /// dependency: the other path must start at another of its dependencies.
        ///
        /// - Complexity: O(*d*) for its *d* edges.
        func isCandidate(_ waiter: Int) -> Bool {
            let edges = index.dependencyEdges(of: waiter)
            guard edges.count >= 2, !cyclic[Int(component[waiter])] else { return false }
            var first: Int32 = -1
            var spansComponents = false
            var hasJudged = false
            for e in edges {
                let d = Int(index.dependencyTargets[e])
                if d == waiter { continue }
                let c = component[d]
                if first < 0 { first = c } else if c != first { spansComponents = true }
                if isJudged(e, from: waiter) { hasJudged = true }
            }
            return spansComponents && hasJudged
        }
    }
}
