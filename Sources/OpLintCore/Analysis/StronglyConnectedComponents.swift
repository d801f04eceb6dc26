/// The strongly connected components of the dependency graph (S4): every component with more
/// than one operation is a dependency cycle.
///
/// Computed with Tarjan's algorithm, iteratively (an explicit stack), so a dependency chain
/// millions long cannot overflow the call stack.
public struct StronglyConnectedComponents: Sendable {
    /// The component of each operation. Components are numbered in the order Tarjan completes
    /// them, which is a topological order of the condensation with dependencies first: for an
    /// edge `waiter → dependency`, `component[dependency] <= component[waiter]`.
    public let component: [Int32]
    /// The components with more than one operation, each listing its members in declaration
    /// order; sorted by their first member.
    public let cycles: [[Int32]]
    /// The number of components.
    public let count: Int

    /// - Complexity: O(*n* + *e*) time, O(*n*) extra memory.
    public init(_ index: GraphIndex) {
        let n = index.operationCount
        var order = [Int32](repeating: -1, count: n)      // discovery index, -1 = unvisited
        var low = [Int32](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var component = [Int32](repeating: -1, count: n)
        var stack = [Int32](repeating: 0, count: n)
        var frameNode = [Int32](repeating: 0, count: n)
        var frameEdge = [Int32](repeating: 0, count: n)
        var components: Int32 = 0
        var cycles: [[Int32]] = []

        index.dependencyStart.withUnsafeBufferPointer { start in
        index.dependencyTargets.withUnsafeBufferPointer { targets in
        order.withUnsafeMutableBufferPointer { order in
        low.withUnsafeMutableBufferPointer { low in
        onStack.withUnsafeMutableBufferPointer { onStack in
        component.withUnsafeMutableBufferPointer { component in
        stack.withUnsafeMutableBufferPointer { stack in
        frameNode.withUnsafeMutableBufferPointer { frameNode in
        frameEdge.withUnsafeMutableBufferPointer { frameEdge in
            var counter: Int32 = 0
            var stackTop = 0
            var frames = 0
            for root in 0..<n where order[root] < 0 {
                frameNode[0] = Int32(root)
                frameEdge[0] = start[root]
                frames = 1
                order[root] = counter
                low[root] = counter
                counter += 1
                stack[stackTop] = Int32(root)
                stackTop += 1
                onStack[root] = true

                while frames > 0 {
                    let node = Int(frameNode[frames - 1])
                    let edge = Int(frameEdge[frames - 1])
                    if edge < Int(start[node + 1]) {
                        frameEdge[frames - 1] += 1
                        let next = Int(targets[edge])
                        if order[next] < 0 {
                            order[next] = counter
                            low[next] = counter
                            counter += 1
                            stack[stackTop] = Int32(next)
                            stackTop += 1
                            onStack[next] = true
                            frameNode[frames] = Int32(next)
                            frameEdge[frames] = start[next]
                            frames += 1
                        } else if onStack[next] && order[next] < low[node] {
                            low[node] = order[next]
                        }
                        continue
                    }
                    frames -= 1
                    if frames > 0 {
                        let parent = Int(frameNode[frames - 1])
                        if low[node] < low[parent] { low[parent] = low[node] }
                    }
                    if low[node] == order[node] {
                        var size = 0
                        while true {
                            stackTop -= 1
                            let member = Int(stack[stackTop])
                            onStack[member] = false
                            component[member] = components
                            size += 1
                            if member == node { break }
                        }
                        if size > 1 {
                            cycles.append(Array(stack[stackTop..<(stackTop + size)]).sorted())
                        }
                        components += 1
                    }
                }
            }
        }}}}}}}}}
        cycles.sort { $0[0] < $1[0] }
        self.component = component
        self.cycles = cycles
        self.count = Int(components)
    }

    /// Whether `operation` is on a dependency cycle of two or more operations.
    public func isOnCycle(_ operation: Int, in index: GraphIndex) -> Bool {
        let c = component[operation]
        for d in index.dependencies(of: operation) where component[Int(d)] == c && Int(d) != operation {
            return true
        }
        return false
    }
}
