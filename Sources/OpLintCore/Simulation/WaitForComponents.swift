/// The strongly connected components of a wait-for graph (Tarjan), iterative (no recursion whose depth the input controls).
struct WaitForComponents {
    /// Each component's vertices; components in reverse topological order (sinks first).
    private(set) var components: [[Int]] = []

    /// - Complexity: O(*v* + *e*).
    init(successors: [[Int]]) {
        let count = successors.count
        var index = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var next = 0
        var frames: [(vertex: Int, edge: Int)] = []
        for root in 0..<count where index[root] < 0 {
            frames.append((root, 0))
            index[root] = next; low[root] = next; next += 1
            stack.append(root); onStack[root] = true
            while let frame = frames.last {
                let v = frame.vertex
                if frame.edge < successors[v].count {
                    frames[frames.count - 1].edge += 1
                    let w = successors[v][frame.edge]
                    if index[w] < 0 {
                        index[w] = next; low[w] = next; next += 1
                        stack.append(w); onStack[w] = true
                        frames.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.vertex] = min(low[parent.vertex], low[v]) }
                if low[v] == index[v] {
                    var component: [Int] = []
                    while let w = stack.popLast() {
                        onStack[w] = false
                        component.append(w)
                        if w == v { break }
                    }
                    components.append(component)
                }
            }
        }
    }
}
