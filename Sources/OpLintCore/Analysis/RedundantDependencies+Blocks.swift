extension RedundantDependencies {
    /// A set of up to 256 members of one block of judged target components.
    typealias Block = SIMD4<UInt64>

    /// The number of target components judged together.
    static let blockWidth = 256

    /// Sets `reach[c]`, for each component `c` from `low` through `high`, to the members of
    /// the block starting at `first` in `Candidates.targets` that `c` reaches, itself included.
    ///
    /// Expects `reach` to be zero below `low`. Successors have lower numbers, so one ascending
    /// pass sees each successor's set complete.
    /// - Complexity: O(*c* + *f*) for the components and edges in the range.
    static func propagate(
        _ reach: inout [Block], from low: Int, through high: Int, first: Int,
        _ condensation: Condensation, _ rank: [Int32]
    ) {
        reach.withUnsafeMutableBufferPointer { reach in
        condensation.start.withUnsafeBufferPointer { start in
        condensation.targets.withUnsafeBufferPointer { successors in
        rank.withUnsafeBufferPointer { rank in
            for c in low...high {
                let member = Int(rank[c]) - first
                var set = member >= 0 && member < blockWidth ? bit(member) : Block()
                for j in Int(start[c])..<Int(start[c + 1]) { set |= reach[Int(successors[j])] }
                reach[c] = set
            }
        }
        }
        }
        }
    }

    /// Appends `waiter`'s judged edges into the block starting at `first` that another of its
    /// direct dependencies reaches, each target once, with the first such dependency as `via`
    /// (`via` is scratch space of `blockWidth` entries).
    ///
    /// - Complexity: O(*d*) for the waiter's *d* edges.
    static func judge(
        _ waiter: Int, first: Int, _ reach: [Block], _ index: GraphIndex, _ component: [Int32],
        _ candidates: Candidates, scratch via: inout [Int32], into found: inout [Edge]
    ) {
        let edges = index.dependencyEdges(of: waiter)
        func member(_ e: Int) -> Int? {
            let m = Int(candidates.rank[Int(component[Int(index.dependencyTargets[e])])]) - first
            return m >= 0 && m < blockWidth ? m : nil
        }
        var judged = Block()
        for e in edges where candidates.judged[e] {
            if let m = member(e) { judged |= bit(m) }
        }
        // Direct dependencies in edge order: the first to reach a judged target is its `via`.
        var reached = Block()
        for e in edges {
            let d = index.dependencyTargets[e]
            if Int(d) == waiter { continue }
            var new = reach[Int(component[Int(d)])] & judged & ~reached
            if let m = member(e) { new &= ~bit(m) }
            if new == Block() { continue }
            reached |= new
            for word in 0..<4 {
                var bits = new[word]
                while bits != 0 {
                    via[word * 64 + bits.trailingZeroBitCount] = d
                    bits &= bits - 1
                }
            }
        }
        if reached == Block() { return }
        var reported = Block()
        for e in edges where candidates.judged[e] {
            guard let m = member(e), contains(reached, m), !contains(reported, m) else { continue }
            reported |= bit(m)
            found.append(Edge(waiter: Int32(waiter), position: e, via: via[m]))
        }
    }

    /// The set holding only `member`.
    static func bit(_ member: Int) -> Block {
        var set = Block()
        set[member >> 6] = 1 << UInt64(member & 63)
        return set
    }

    /// Whether `set` holds `member`.
    static func contains(_ set: Block, _ member: Int) -> Bool {
        set[member >> 6] >> UInt64(member & 63) & 1 != 0
    }
}
