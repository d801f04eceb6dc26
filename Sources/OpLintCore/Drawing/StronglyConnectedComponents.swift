/// The strongly connected components of the dependency graph (Tarjan's algorithm with an
/// explicit stack, so a chain of a million operations does not overflow the call stack).
///
/// Two operations are in one component when each waits, directly or not, for the other:
/// every component of more than one operation is a dependency cycle (S4).
public struct StronglyConnectedComponents: Sendable {
    /// The component of each operation.
    public let componentOfOperation: [Int32]
    /// The operations of each component, in increasing index order. Components are
    /// numbered in the order Tarjan's algorithm completes them: dependencies first.
    public let members: [[Int32]]

    /// - Complexity: O(*n* + *e*) time and memory.
    public init(_ index: GraphIndex) {
        let n = index.operationCount
        let unvisited = Int32(-1)
        var order = [Int32](repeating: unvisited, count: n)
        var lowLink = [Int32](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var component = [Int32](repeating: -1, count: n)
        var stack: [Int32] = []
        var members: [[Int32]] = []
        // Call stack frames: (operation, next edge position to look at).
        var frames: [(operation: Int32, next: Int)] = []
        var counter: Int32 = 0

        for root in 0..<n where order[root] == unvisited {
            frames.append((Int32(root), index.dependencyEdges(of: root).lowerBound))
            order[root] = counter; lowLink[root] = counter; counter += 1
            stack.append(Int32(root)); onStack[root] = true
            while let frame = frames.last {
                let v = Int(frame.operation)
                let edges = index.dependencyEdges(of: v)
                if frame.next < edges.upperBound {
                    frames[frames.count - 1].next += 1
                    let w = Int(index.dependencyTargets[frame.next])
                    if order[w] == unvisited {
                        order[w] = counter; lowLink[w] = counter; counter += 1
                        stack.append(Int32(w)); onStack[w] = true
                        frames.append((Int32(w), index.dependencyEdges(of: w).lowerBound))
                    } else if onStack[w] {
                        lowLink[v] = min(lowLink[v], order[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    let p = Int(parent.operation)
                    lowLink[p] = min(lowLink[p], lowLink[v])
                }
                if lowLink[v] == order[v] {
                    let id = Int32(members.count)
                    var group: [Int32] = []
                    while let w = stack.popLast() {
                        onStack[Int(w)] = false
                        component[Int(w)] = id
                        group.append(w)
                        if Int(w) == v { break }
                    }
                    members.append(group.sorted())
                }
            }
        }
        self.componentOfOperation = component
        self.members = members
    }

    /// True when the component is a cycle: more than one operation, or one that waits for itself.
    public func isCycle(_ component: Int, in index: GraphIndex) -> Bool {
        let group = members[component]
        if group.count > 1 { return true }
        guard let only = group.first else { return false }
        return index.dependencies(of: Int(only)).contains(only)
    }
}
