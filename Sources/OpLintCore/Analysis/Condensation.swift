/// The dependency graph with each strongly connected component as one node: for each
/// component, the other components its operations wait for, without repeats.
///
/// Components keep the numbering of `StronglyConnectedComponents`, so every successor of a
/// component has a lower number than the component itself.
struct Condensation {
    /// `targets[start[c]..<start[c + 1]]` are the successors of component `c`.
    let start: [Int32]
    /// The successors of every component, one component after the other.
    let targets: [Int32]

    /// - Complexity: O(*n* + *e*).
    init(_ index: GraphIndex, _ components: StronglyConnectedComponents) {
        let n = index.operationCount
        let count = components.count
        let component = components.component
        // Operations grouped by component (counting sort).
        var first = [Int32](repeating: 0, count: count + 1)
        for c in component { first[Int(c) + 1] += 1 }
        for c in 0..<count { first[c + 1] += first[c] }
        var fill = first
        var members = [Int32](repeating: 0, count: n)
        for op in 0..<n {
            let c = Int(component[op])
            members[Int(fill[c])] = Int32(op)
            fill[c] += 1
        }
        var start = [Int32](repeating: 0, count: count + 1)
        var targets: [Int32] = []
        targets.reserveCapacity(index.dependencyTargets.count)
        var seen = [Int32](repeating: -1, count: count)
        for c in 0..<count {
            for m in Int(first[c])..<Int(first[c + 1]) {
                for d in index.dependencies(of: Int(members[m])) {
                    let target = component[Int(d)]
                    if Int(target) != c && seen[Int(target)] != Int32(c) {
                        seen[Int(target)] = Int32(c)
                        targets.append(target)
                    }
                }
            }
            start[c + 1] = Int32(targets.count)
        }
        self.start = start
        self.targets = targets
    }

    /// The number of components.
    var count: Int { start.count - 1 }

    /// The components that component `c` waits for.
    func successors(of c: Int) -> ArraySlice<Int32> {
        targets[Int(start[c])..<Int(start[c + 1])]
    }
}
