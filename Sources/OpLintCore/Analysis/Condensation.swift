/// The dependency graph with each strongly connected component as one node: for each
/// component, the other components its operations wait for and the ones that wait for it,
/// without repeats.
///
/// Components keep the numbering of `StronglyConnectedComponents`, so every successor of a
/// component has a lower number than the component itself. Successors are listed from the
/// highest number down and predecessors from the lowest up, so that a search bounded by a
/// component number stops at the first one past the bound.
struct Condensation {
    /// `targets[start[c]..<start[c + 1]]` are the successors of component `c`, highest first.
    let start: [Int32]
    /// The successors of every component, one component after the other.
    let targets: [Int32]
    /// `predecessorTargets[predecessorStart[c]..<predecessorStart[c + 1]]` are the components
    /// that wait for component `c`, lowest first.
    let predecessorStart: [Int32]
    /// The predecessors of every component, one component after the other.
    let predecessorTargets: [Int32]

    /// - Complexity: O(*n* + *e*).
    init(_ index: GraphIndex, _ components: StronglyConnectedComponents) {
        let count = components.count
        var start = [Int32](repeating: 0, count: count + 1)
        var unsorted = [Int32](repeating: 0, count: index.dependencyTargets.count)
        var predecessorStart = [Int32](repeating: 0, count: count + 1)
        var predecessors = [Int32](repeating: 0, count: index.dependencyTargets.count)
        var targets = [Int32](repeating: 0, count: index.dependencyTargets.count)
        var fill = [Int32](repeating: 0, count: count + 1)
        var edges = 0
        start.withUnsafeMutableBufferPointer { start in
        unsorted.withUnsafeMutableBufferPointer { unsorted in
        predecessorStart.withUnsafeMutableBufferPointer { predecessorStart in
        predecessors.withUnsafeMutableBufferPointer { predecessors in
        targets.withUnsafeMutableBufferPointer { targets in
        fill.withUnsafeMutableBufferPointer { fill in
            edges = Self.successors(index, components, start: start, into: unsorted, scratch: fill)
            // Predecessors lowest first: one counting sort by target, reading waiters in ascending order.
            for j in 0..<edges { predecessorStart[Int(unsorted[j]) + 1] += 1 }
            for c in 0..<count { predecessorStart[c + 1] += predecessorStart[c] }
            for c in 0...count { fill[c] = predecessorStart[c] }
            for c in 0..<count {
                for j in Int(start[c])..<Int(start[c + 1]) {
                    let t = Int(unsorted[j])
                    predecessors[Int(fill[t])] = Int32(c)
                    fill[t] += 1
                }
            }
            // Successors highest first: the same sort back, reading targets in descending order.
            for c in 0...count { fill[c] = start[c] }
            for t in stride(from: count - 1, through: 0, by: -1) {
                for j in Int(predecessorStart[t])..<Int(predecessorStart[t + 1]) {
                    let c = Int(predecessors[j])
                    targets[Int(fill[c])] = Int32(t)
                    fill[c] += 1
                }
            }
        }}}}}}
        targets.removeLast(targets.count - edges)
        predecessors.removeLast(predecessors.count - edges)
        self.start = start
        self.targets = targets
        self.predecessorStart = predecessorStart
        self.predecessorTargets = predecessors
    }

    /// Writes the successors of each component into `targets`, without repeats, in the order
    /// the operations' edges list them, and their ranges into `start`; returns how many.
    /// `scratch` holds at least *c* + 1 entries.
    ///
    /// - Complexity: O(*n* + *e*).
    private static func successors(
        _ index: GraphIndex, _ components: StronglyConnectedComponents,
        start: UnsafeMutableBufferPointer<Int32>, into targets: UnsafeMutableBufferPointer<Int32>,
        scratch seen: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        let n = index.operationCount
        let count = components.count
        // Operations grouped by component (counting sort); the identity when there is no cycle.
        var first = [Int32](repeating: 0, count: count + 1)
        var members = [Int32](repeating: 0, count: n)
        var edges = 0
        components.component.withUnsafeBufferPointer { component in
        index.dependencyStart.withUnsafeBufferPointer { dependencyStart in
        index.dependencyTargets.withUnsafeBufferPointer { dependencyTargets in
        first.withUnsafeMutableBufferPointer { first in
        members.withUnsafeMutableBufferPointer { members in
            for c in component { first[Int(c) + 1] += 1 }
            for c in 0..<count { first[c + 1] += first[c] }
            for c in 0...count { seen[c] = first[c] }
            for op in 0..<n {
                let c = Int(component[op])
                members[Int(seen[c])] = Int32(op)
                seen[c] += 1
            }
            for c in 0...count { seen[c] = -1 }
            for c in 0..<count {
                for m in Int(first[c])..<Int(first[c + 1]) {
                    let op = Int(members[m])
                    for j in Int(dependencyStart[op])..<Int(dependencyStart[op + 1]) {
                        let target = component[Int(dependencyTargets[j])]
                        if Int(target) != c && seen[Int(target)] != Int32(c) {
                            seen[Int(target)] = Int32(c)
                            targets[edges] = target
                            edges += 1
                        }
                    }
                }
                start[c + 1] = Int32(edges)
            }
        }}}}}
        return edges
    }

    /// The number of components.
    var count: Int { start.count - 1 }

    /// Calls `body` with the adjacency as unsafe buffers, for the searches' inner loops.
    func withView<R>(_ body: (View) throws -> R) rethrows -> R {
        try start.withUnsafeBufferPointer { start in
        try targets.withUnsafeBufferPointer { targets in
        try predecessorStart.withUnsafeBufferPointer { predecessorStart in
        try predecessorTargets.withUnsafeBufferPointer { predecessorTargets in
            try body(View(start: start, targets: targets, predecessorStart: predecessorStart, predecessorTargets: predecessorTargets))
        }}}}
    }

    /// The adjacency as unsafe buffers, valid inside `withView`.
    struct View {
        let start: UnsafeBufferPointer<Int32>
        let targets: UnsafeBufferPointer<Int32>
        let predecessorStart: UnsafeBufferPointer<Int32>
        let predecessorTargets: UnsafeBufferPointer<Int32>

        /// Positions in `targets` of the successors of `c`, highest first.
        @inline(__always)
        func successorRange(_ c: Int) -> Range<Int> { Int(start[c])..<Int(start[c + 1]) }

        /// Positions in `predecessorTargets` of the predecessors of `c`, lowest first.
        @inline(__always)
        func predecessorRange(_ c: Int) -> Range<Int> { Int(predecessorStart[c])..<Int(predecessorStart[c + 1]) }
    }

    /// The components that component `c` waits for, highest first.
    func successors(of c: Int) -> ArraySlice<Int32> {
        targets[Int(start[c])..<Int(start[c + 1])]
    }

    /// The components that wait for component `c`, lowest first.
    func predecessors(of c: Int) -> ArraySlice<Int32> {
        predecessorTargets[Int(predecessorStart[c])..<Int(predecessorStart[c + 1])]
    }
}
