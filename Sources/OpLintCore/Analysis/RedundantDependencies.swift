/// Dependencies implied by others: `c` waits for `a` when `c` already waits for `b`, which waits
/// for `a`. The edges Graphviz `tred` would remove (transitive reduction).
public struct RedundantDependencies: Sendable {
    /// One redundant edge, and the operation through which it is implied.
    public struct Edge: Sendable, Hashable {
        /// The waiter.
        public let waiter: Int32
        /// Position in `GraphIndex.dependencyTargets` of the redundant edge.
        public let position: Int
        /// The first of `waiter`'s other direct dependencies, in the order of its edges
        /// (declared dependencies in declaration order, then implicit exclusivity edges), from
        /// which the target is reachable.
        public let via: Int32
    }

    /// The redundant edges, each reported once, in the order of the edges.
    public let edges: [Edge]

    /// Judges every explicit dependency outside cycles: it is redundant when another direct
    /// dependency of the same operation reaches its target.
    ///
    /// Implicit exclusivity edges count as paths but are never reported, and paths through
    /// cycles count. The work runs on the condensation of the graph (each strongly connected
    /// component one node), in blocks of 256 judged target components: one pass over the
    /// condensation in topological order gives every component the set of the block's targets
    /// it reaches, as four 64-bit words, and each waiter then reads off which of its direct
    /// dependencies in the block another one reaches. Exact, with no search budget.
    /// - Complexity: O(⌈*t* / 256⌉ · (*c* + *f*) + *n* + *e*) time, where *t* is the number of
    ///   judged target components, *c* the number of components and *f* the number of edges
    ///   between components; O(*n* + *e*) memory.
    public init(_ index: GraphIndex, _ components: StronglyConnectedComponents) {
        let candidates = Candidates(index, components)
        let condensation = Condensation(index, components)
        let component = components.component
        let blockCount = (candidates.targets.count + Self.blockWidth - 1) / Self.blockWidth

        // The candidate waiters (as positions in `candidates.waiters`) with a judged edge in each block.
        var waitersOfBlock = [[Int32]](repeating: [], count: blockCount)
        for (position, waiter) in candidates.waiters.enumerated() {
            for e in index.dependencyEdges(of: Int(waiter)) where candidates.judged[e] {
                let block = Int(candidates.rank[Int(component[Int(index.dependencyTargets[e])])]) / Self.blockWidth
                if waitersOfBlock[block].last != Int32(position) { waitersOfBlock[block].append(Int32(position)) }
            }
        }

        var reach = [Block](repeating: Block(), count: components.count)
        var zeroBelow = 0
        var found: [Edge] = []
        var via = [Int32](repeating: -1, count: Self.blockWidth)
        for block in 0..<blockCount {
            let first = block * Self.blockWidth
            let low = Int(candidates.targets[first])
            // Components below `low` reach none of the block: keep them at zero.
            for c in zeroBelow..<max(zeroBelow, low) { reach[c] = Block() }
            zeroBelow = max(zeroBelow, low)
            var high = low
            for position in waitersOfBlock[block] { high = max(high, Int(candidates.highest[Int(position)])) }
            Self.propagate(&reach, from: low, through: high, first: first, condensation, candidates.rank)
            for position in waitersOfBlock[block] {
                Self.judge(Int(candidates.waiters[Int(position)]), first: first, reach, index, component, candidates, scratch: &via, into: &found)
            }
        }
        found.sort { $0.position < $1.position }
        self.edges = found
    }
}
