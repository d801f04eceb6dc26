extension SchedulingLint {
    /// The strongly connected components of the dependency graph (implicit exclusivity edges
    /// included) that can be reached from some roots, found by Tarjan's algorithm with an
    /// explicit stack.
    struct Components {
        /// Component number of each operation; -1 when it was not reached from the roots.
        private(set) var component: [Int32]
        /// How many operations each component has.
        private(set) var sizes: [Int32] = []

        /// - Complexity: O(*n* + *e*) time and O(*n*) memory, over the part reachable from `roots`.
        init(_ index: GraphIndex, roots: [Int]) {
            let n = index.operationCount
            component = [Int32](repeating: -1, count: n)
            var order = [Int32](repeating: -1, count: n)
            var low = [Int32](repeating: 0, count: n)
            var onStack = [Bool](repeating: false, count: n)
            var stack: [Int32] = []
            // Each frame: the operation and the position of the next edge to follow.
            var frames: [(operation: Int32, next: Int32)] = []
            var counter: Int32 = 0
            for root in roots where order[root] < 0 {
                order[root] = counter
                low[root] = counter
                counter += 1
                stack.append(Int32(root))
                onStack[root] = true
                frames.append((Int32(root), index.dependencyStart[root]))
                while let frame = frames.last {
                    let v = Int(frame.operation)
                    let end = index.dependencyStart[v + 1]
                    if frame.next < end {
                        frames[frames.count - 1].next += 1
                        let w = Int(index.dependencyTargets[Int(frame.next)])
                        if order[w] < 0 {
                            order[w] = counter
                            low[w] = counter
                            counter += 1
                            stack.append(Int32(w))
                            onStack[w] = true
                            frames.append((Int32(w), index.dependencyStart[w]))
                        } else if onStack[w] {
                            low[v] = min(low[v], order[w])
                        }
                        continue
                    }
                    frames.removeLast()
                    if let parent = frames.last {
                        low[Int(parent.operation)] = min(low[Int(parent.operation)], low[v])
                    }
                    if low[v] == order[v] {
                        let number = Int32(sizes.count)
                        var size: Int32 = 0
                        while let w = stack.popLast() {
                            onStack[Int(w)] = false
                            component[Int(w)] = number
                            size += 1
                            if Int(w) == v { break }
                        }
                        sizes.append(size)
                    }
                }
            }
        }
    }
}
