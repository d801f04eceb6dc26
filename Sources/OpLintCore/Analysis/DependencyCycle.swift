/// One dependency cycle found in a strongly connected component: a shortest cycle through it,
/// and a small set of edges whose removal makes the whole component acyclic.
public struct DependencyCycle: Sendable {
    /// The operations of the component, in declaration order.
    public let members: [Int32]
    /// A shortest cycle: `path[0]` waits for `path[1]`, …, the last waits for `path[0]`.
    /// Starts at its earliest-declared operation.
    public let path: [Int32]
    /// Positions in `GraphIndex.dependencyTargets` of the cycle's edges, parallel to `path`.
    public let pathEdges: [Int]
    /// Edges (positions in `dependencyTargets`) whose removal breaks every cycle of the component.
    public let feedbackEdges: [Int]

    /// Analyses one component.
    ///
    /// The shortest cycle is searched by breadth-first search from members in declaration
    /// order within a budget of visited edges (at most four million; about three searches on a
    /// huge component), so huge components stay linear; the feedback
    /// set is the Eades–Lin–Smyth greedy ordering's backward edges.
    /// - Complexity: O(min(*k*·(*m*+*f*), budget)) for the cycle, O((*m* + *f*) log *m*) for the
    ///   feedback edges, for a component of *m* operations and *f* internal edges.
    public init(members: [Int32], index: GraphIndex, components: StronglyConnectedComponents) {
        self.members = members
        let inside = ComponentView(members: members, index: index, components: components)
        // On a large component the two searches are independent work for two cores.
        var cycle: ([Int32], [Int]) = ([], [])
        var feedback: [Int] = []
        Parallel.both({ cycle = inside.shortestCycle() }, { feedback = inside.feedbackEdges() },
                      inParallel: members.count >= 20_000)
        self.path = cycle.0
        self.pathEdges = cycle.1
        self.feedbackEdges = feedback
    }
}

/// The subgraph of one strongly connected component, with local numbering.
struct ComponentView {
    let members: [Int32]
    let index: GraphIndex
    /// Internal edges as (local waiter, local dependency, global edge position).
    let edgeStart: [Int32]
    let edgeTarget: [Int32]
    let edgePosition: [Int]

    init(members: [Int32], index: GraphIndex, components: StronglyConnectedComponents) {
        self.members = members
        self.index = index
        // Local numbers: a dictionary for small components, a table over all operations for
        // large ones (hashing a hundred thousand members costs more than the table).
        var small: [Int32: Int32] = [:]
        var large: [Int32] = []
        if members.count < 4096 {
            small.reserveCapacity(members.count)
            for (i, member) in members.enumerated() { small[member] = Int32(i) }
        } else {
            large = [Int32](repeating: -1, count: index.operationCount)
            for (i, member) in members.enumerated() { large[Int(member)] = Int32(i) }
        }
        func local(_ operation: Int32) -> Int32? {
            large.isEmpty ? small[operation] : large[Int(operation)]
        }
        let componentID = components.component[Int(members[0])]
        var start: [Int32] = [0]
        var target: [Int32] = []
        var position: [Int] = []
        start.reserveCapacity(members.count + 1)
        for member in members {
            for edge in index.dependencyEdges(of: Int(member)) {
                let next = index.dependencyTargets[edge]
                guard components.component[Int(next)] == componentID, next != member, let l = local(next) else { continue }
                target.append(l)
                position.append(edge)
            }
            start.append(Int32(target.count))
        }
        self.edgeStart = start
        self.edgeTarget = target
        self.edgePosition = position
    }

    /// The shortest cycle found, as global operation indices and global edge positions.
    func shortestCycle() -> ([Int32], [Int]) {
        let m = members.count
        // Searches from every member on small components; a few searches on huge ones.
        let budget = min(4_000_000, max(200_000, 3 * (m + edgeTarget.count)))
        var best: [Int32] = []
        var bestEdges: [Int32] = []      // local edge indices
        var parentEdge = [Int32](repeating: -1, count: m)
        var stamp = [Int32](repeating: -1, count: m)
        var queue = [Int32](repeating: 0, count: m)
        var spent = 0
        for source in 0..<m {
            if spent > budget && !best.isEmpty { break }
            if best.count == 2 { break }   // no cycle is shorter than two operations
            // BFS from `source` until it is reached again.
            var head = 0
            var tail = 0
            queue[tail] = Int32(source); tail += 1
            stamp[source] = Int32(source)
            var closing: Int32 = -1
            search: while head < tail {
                let node = Int(queue[head]); head += 1
                for e in Int(edgeStart[node])..<Int(edgeStart[node + 1]) {
                    spent += 1
                    let next = Int(edgeTarget[e])
                    if next == source { closing = Int32(e); break search }
                    if stamp[next] != Int32(source) {
                        stamp[next] = Int32(source)
                        parentEdge[next] = Int32(e)
                        queue[tail] = Int32(next); tail += 1
                    }
                }
            }
            guard closing >= 0 else { continue }
            // Walk back from the closing edge's tail to the source.
            var localEdges: [Int32] = [closing]
            var node = sourceOfEdge(closing)
            while node != source {
                let e = parentEdge[node]
                localEdges.append(e)
                node = sourceOfEdge(e)
            }
            localEdges.reverse()
            if best.isEmpty || localEdges.count < bestEdges.count {
                bestEdges = localEdges
                best = localEdges.map { Int32(sourceOfEdge($0)) }
            }
        }
        // Rotate to start at the earliest-declared operation (members are sorted, so the lowest local number).
        if let minimum = best.indices.min(by: { best[$0] < best[$1] }) {
            best = Array(best[minimum...] + best[..<minimum])
            bestEdges = Array(bestEdges[minimum...] + bestEdges[..<minimum])
        }
        return (best.map { members[Int($0)] }, bestEdges.map { edgePosition[Int($0)] })
    }

    /// The local waiter of local edge `e`.
    private func sourceOfEdge(_ e: Int32) -> Int {
        // Binary search in edgeStart for the node whose range holds e.
        var low = 0
        var high = members.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if edgeStart[middle] <= e { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Eades–Lin–Smyth: order the operations so that few edges point backwards; those edges
    /// are the suggested removals. Edges are considered in execution order (dependency before waiter).
    ///
    /// - Complexity: O((*m* + *f*) log *m*) for *m* members and *f* internal edges.
    func feedbackEdges() -> [Int] {
        let m = members.count
        let f = edgeTarget.count
        // Execution-order adjacency: dependency → waiter. out = dependents inside, in = dependencies inside.
        var outDegree = [Int32](repeating: 0, count: m)
        var inDegree = [Int32](repeating: 0, count: m)
        var dependentsStart = [Int32](repeating: 0, count: m + 1)
        var dependents = [Int32](repeating: 0, count: f)
        edgeStart.withUnsafeBufferPointer { edgeStart in
        edgeTarget.withUnsafeBufferPointer { edgeTarget in
            for e in 0..<f { dependentsStart[Int(edgeTarget[e]) + 1] += 1 }
            for i in 0..<m { dependentsStart[i + 1] += dependentsStart[i] }
            var fill = dependentsStart
            for waiter in 0..<m {
                for e in Int(edgeStart[waiter])..<Int(edgeStart[waiter + 1]) {
                    let dependency = Int(edgeTarget[e])
                    dependents[Int(fill[dependency])] = Int32(waiter)
                    fill[dependency] += 1
                    outDegree[dependency] += 1
                    inDegree[waiter] += 1
                }
            }
        }}
        var order = [Int32]()
        order.reserveCapacity(m)
        var back: [Int32] = []
        var sinks: [Int32] = []
        var sources: [Int32] = []
        // Highest out − in first, then the lowest local number: the smallest packed value.
        // The order is total, so the greedy ordering does not depend on how the heap breaks ties.
        var heap = IndexedHeap(count: m)
        @inline(__always) func entry(_ node: Int, _ outDegree: Int32, _ inDegree: Int32) -> UInt64 {
            UInt64(UInt32(truncatingIfNeeded: Int64(1 << 31) - Int64(outDegree) + Int64(inDegree))) << 32 | UInt64(node)
        }
        var removed = [Bool](repeating: false, count: m)
        for i in 0..<m {
            if outDegree[i] == 0 { sinks.append(Int32(i)) }
            else if inDegree[i] == 0 { sources.append(Int32(i)) }
            heap.set(entry(i, outDegree[i], inDegree[i]))
        }
        var remaining = m
        edgeStart.withUnsafeBufferPointer { edgeStart in
        edgeTarget.withUnsafeBufferPointer { edgeTarget in
        dependentsStart.withUnsafeBufferPointer { dependentsStart in
        dependents.withUnsafeBufferPointer { dependents in
        outDegree.withUnsafeMutableBufferPointer { outDegree in
        inDegree.withUnsafeMutableBufferPointer { inDegree in
        removed.withUnsafeMutableBufferPointer { removed in
            func remove(_ node: Int) {
                removed[node] = true
                heap.remove(node)
                remaining -= 1
                // Its dependents lose an in-edge; its dependencies lose an out-edge.
                for j in Int(dependentsStart[node])..<Int(dependentsStart[node + 1]) {
                    let w = Int(dependents[j])
                    guard !removed[w] else { continue }
                    inDegree[w] -= 1
                    if inDegree[w] == 0 && outDegree[w] > 0 { sources.append(Int32(w)) }
                    heap.set(entry(w, outDegree[w], inDegree[w]))
                }
                for e in Int(edgeStart[node])..<Int(edgeStart[node + 1]) {
                    let d = Int(edgeTarget[e])
                    guard !removed[d] else { continue }
                    outDegree[d] -= 1
                    if outDegree[d] == 0 { sinks.append(Int32(d)) }
                    heap.set(entry(d, outDegree[d], inDegree[d]))
                }
            }
            while remaining > 0 {
                if let sink = sinks.popLast() {
                    let node = Int(sink)
                    if !removed[node] && outDegree[node] == 0 { back.append(sink); remove(node) }
                    continue
                }
                if let source = sources.popLast() {
                    let node = Int(source)
                    if !removed[node] && inDegree[node] == 0 { order.append(source); remove(node) }
                    continue
                }
                if let node = heap.popMin() {
                    order.append(Int32(node))
                    remove(node)
                }
            }
        }}}}}}}
        order.append(contentsOf: back.reversed())
        var rank = [Int32](repeating: 0, count: m)
        for (position, node) in order.enumerated() { rank[Int(node)] = Int32(position) }
        var feedback: [Int] = []
        for waiter in 0..<m {
            for e in Int(edgeStart[waiter])..<Int(edgeStart[waiter + 1]) {
                // Execution order wants the dependency before the waiter; an edge the other way is backward.
                if rank[Int(edgeTarget[e])] > rank[waiter] { feedback.append(edgePosition[e]) }
            }
        }
        return feedback.sorted()
    }
}

