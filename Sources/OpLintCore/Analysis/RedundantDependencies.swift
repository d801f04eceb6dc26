/// Dependencies implied by others: `c` waits for `a` when `c` already waits for `b`, which waits
/// for `a`. The edges Graphviz `tred` would remove (transitive reduction).
public struct RedundantDependencies: Sendable {
    /// One redundant edge, and the operation through which it is implied.
    public struct Edge: Sendable, Hashable {
        /// The waiter.
        public let waiter: Int32
        /// Position in `GraphIndex.dependencyTargets` of the redundant edge.
        public let position: Int
        /// The other direct dependency of `waiter` from which the target is reachable.
        public let via: Int32
    }

    public let edges: [Edge]
    /// Waiters whose search hit the per-operation budget: their edges were left unjudged
    /// rather than guessed.
    public let undecided: Int

    /// For each operation with two or more distinct dependencies, one pruned depth-first search
    /// from those dependencies finds which of them are reachable through another.
    ///
    /// Only explicit dependency edges outside cycles are judged (implicit exclusivity edges
    /// count as paths but are never reported). The searches run on the condensation of the
    /// graph — each strongly connected component one node — so a large cycle costs one step,
    /// and never enter a component completed before the lowest of the direct dependencies'
    /// components, because nothing there can reach them.
    /// - Complexity: O(*n* · *w*) where *w* is the number of components between an operation's
    ///   nearest and farthest dependency in topological order, capped at `budget` visited edges
    ///   per operation; O(*n* + *e*) memory.
    public init(_ index: GraphIndex, _ components: StronglyConnectedComponents, budget: Int = 200_000) {
        let n = index.operationCount
        let component = components.component
        let cyclic = Self.cyclicComponents(components)
        let condensed = Condensation(index, components)
        var stamp = [Int32](repeating: -1, count: components.count)
        var reachedFrom = [Int32](repeating: -1, count: components.count)
        var stack: [(node: Int32, origin: Int32)] = []
        var edges: [Edge] = []
        var undecided = 0
        var direct: [Int32] = []

        for waiter in 0..<n {
            let range = index.dependencyEdges(of: waiter)
            if range.count < 2 || cyclic.contains(component[waiter]) { continue }
            direct.removeAll(keepingCapacity: true)
            var lowest = Int32.max
            for e in range {
                let d = index.dependencyTargets[e]
                if Int(d) == waiter { continue }
                direct.append(d)
                lowest = min(lowest, component[Int(d)])
            }
            if direct.count < 2 { continue }
            let mark = Int32(waiter)
            // Seed the search with every component one step below each direct dependency's.
            stack.removeAll(keepingCapacity: true)
            for d in direct {
                let c = component[Int(d)]
                for next in condensed.successors(of: Int(c)) where next >= lowest && stamp[Int(next)] != mark {
                    stamp[Int(next)] = mark
                    reachedFrom[Int(next)] = d
                    stack.append((next, d))
                }
            }
            var spent = 0
            var exhausted = false
            while let (node, origin) = stack.popLast() {
                for next in condensed.successors(of: Int(node)) {
                    spent += 1
                    if next < lowest || stamp[Int(next)] == mark { continue }
                    stamp[Int(next)] = mark
                    reachedFrom[Int(next)] = origin
                    stack.append((next, origin))
                }
                if spent > budget { exhausted = true; break }
            }
            if exhausted {
                undecided += 1
                continue
            }
            var reported = Set<Int32>()
            for e in range {
                let d = index.dependencyTargets[e]
                let c = component[Int(d)]
                guard stamp[Int(c)] == mark, case .dependency = index.origin(ofEdge: e),
                      !cyclic.contains(c), reported.insert(d).inserted
                else { continue }
                edges.append(Edge(waiter: Int32(waiter), position: e, via: reachedFrom[Int(c)]))
            }
        }
        self.edges = edges
        self.undecided = undecided
    }

    private static func cyclicComponents(_ components: StronglyConnectedComponents) -> Set<Int32> {
        var set = Set<Int32>()
        for members in components.cycles { set.insert(components.component[Int(members[0])]) }
        return set
    }
}

/// The dependency graph with each strongly connected component as one node: for each
/// component, the other components its operations wait for, without repeats.
struct Condensation {
    private let start: [Int32]
    private let targets: [Int32]

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

    /// The components that component `c` waits for.
    func successors(of c: Int) -> ArraySlice<Int32> {
        targets[Int(start[c])..<Int(start[c + 1])]
    }
}
