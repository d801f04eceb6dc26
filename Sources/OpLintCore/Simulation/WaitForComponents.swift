/// The strongly connected components of a wait-for graph (Tarjan), iterative (no recursion
/// whose depth the input controls).
///
/// The graph is read and the components are kept as flat arrays: a graph of a million
/// vertices, nearly all of them components of one, allocates a handful of arrays, not a
/// million.
struct WaitForComponents {
    /// The vertices of every component, one component after the other, components in
    /// reverse topological order (sinks first).
    private var members: [Int] = []
    /// Where each component's vertices end in `members`.
    private var ends: [Int] = []

    /// How many components there are.
    var count: Int { ends.count }

    /// The vertices of component `k`.
    func component(_ k: Int) -> ArraySlice<Int> {
        members[(k == 0 ? 0 : ends[k - 1])..<ends[k]]
    }

    /// The components of the graph whose vertex `v` has the successors
    /// `targets[start[v]..<start[v + 1]]`.
    ///
    /// - Complexity: O(*v* + *e*).
    init(start: [Int32], targets: [Int32]) {
        let count = start.count - 1
        guard count > 0 else { return }
        var index = [Int32](repeating: -1, count: count)
        var low = [Int32](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var next: Int32 = 0
        // The vertex being explored and the position of its next edge in `targets`.
        var frames: [(vertex: Int, edge: Int)] = []
        members.reserveCapacity(count)
        for root in 0..<count where index[root] < 0 {
            frames.append((root, Int(start[root])))
            index[root] = next; low[root] = next; next += 1
            stack.append(root); onStack[root] = true
            while let frame = frames.last {
                let v = frame.vertex
                if frame.edge < Int(start[v + 1]) {
                    frames[frames.count - 1].edge += 1
                    let w = Int(targets[frame.edge])
                    if index[w] < 0 {
                        index[w] = next; low[w] = next; next += 1
                        stack.append(w); onStack[w] = true
                        frames.append((w, Int(start[w])))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.vertex] = min(low[parent.vertex], low[v]) }
                if low[v] == index[v] {
                    while let w = stack.popLast() {
                        onStack[w] = false
                        members.append(w)
                        if w == v { break }
                    }
                    ends.append(members.count)
                }
            }
        }
    }

}
