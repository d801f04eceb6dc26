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
        let start = index.dependencyStart
        let targets = index.dependencyTargets
        var order = [Int32](repeating: -1, count: n)      // discovery index, -1 = unvisited
        var low = [Int32](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var component = [Int32](repeating: -1, count: n)
        var stack: [Int32] = []
        var frames: [(node: Int32, edge: Int32)] = []
        var counter: Int32 = 0
        var components: Int32 = 0
        var cycles: [[Int32]] = []

        for root in 0..<n where order[root] < 0 {
            frames.append((Int32(root), start[root]))
            order[root] = counter
            low[root] = counter
            counter += 1
            stack.append(Int32(root))
            onStack[root] = true

            while let frame = frames.last {
                let node = Int(frame.node)
                let edge = Int(frame.edge)
                if edge < Int(start[node + 1]) {
                    frames[frames.count - 1].edge += 1
                    let next = Int(targets[edge])
                    if order[next] < 0 {
                        order[next] = counter
                        low[next] = counter
                        counter += 1
                        stack.append(Int32(next))
                        onStack[next] = true
                        frames.append((Int32(next), start[next]))
                    } else if onStack[next] {
                        low[node] = min(low[node], order[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    low[Int(parent.node)] = min(low[Int(parent.node)], low[node])
                }
                if low[node] == order[node] {
                    var members: [Int32] = []
                    while let member = stack.popLast() {
                        onStack[Int(member)] = false
                        component[Int(member)] = components
                        members.append(member)
                        if Int(member) == node { break }
                    }
                    if members.count > 1 {
                        members.sort()
                        cycles.append(members)
                    }
                    components += 1
                }
            }
        }
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
