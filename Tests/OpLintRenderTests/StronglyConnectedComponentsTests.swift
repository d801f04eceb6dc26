import OpLintCore
import Testing

@Suite struct StronglyConnectedComponentsTests {
    /// Reference: two operations share a component exactly when each reaches the other.
    private func reachability(_ index: GraphIndex) -> [[Bool]] {
        let n = index.operationCount
        var reach = [[Bool]](repeating: [Bool](repeating: false, count: n), count: n)
        for start in 0..<n {
            var stack = [start]
            reach[start][start] = true
            while let v = stack.popLast() {
                for w in index.dependencies(of: v) where !reach[start][Int(w)] {
                    reach[start][Int(w)] = true
                    stack.append(Int(w))
                }
            }
        }
        return reach
    }

    @Test(arguments: 0..<200)
    func matchesMutualReachabilityOnRandomGraphs(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let n = 1 + Int(random.next() % 12)
        let operations = (0..<n).map { i -> OperationGraph.Operation in
            var operation = OperationGraph.Operation(name: "o\(i)", queue: "q")
            let edges = Int(random.next() % 3)
            operation.dependencies = (0..<edges).map { _ in OperationGraph.Reference("o\(Int(random.next() % UInt64(n)))") }
            return operation
        }
        let index = GraphIndex(OperationGraph(queues: [.init(name: "q")], operations: operations))
        let components = StronglyConnectedComponents(index)
        let reach = reachability(index)
        for a in 0..<n {
            for b in 0..<n {
                let same = components.componentOfOperation[a] == components.componentOfOperation[b]
                #expect(same == (reach[a][b] && reach[b][a]), "seed \(seed): \(a), \(b)")
            }
        }
        // Dependencies first: a component never waits for one completed after it.
        for v in 0..<n {
            for w in index.dependencies(of: v) {
                #expect(components.componentOfOperation[Int(w)] <= components.componentOfOperation[v])
            }
        }
    }

    @Test func handlesALongChainWithoutRecursion() {
        let n = 200_000
        let operations = (0..<n).map { i -> OperationGraph.Operation in
            var operation = OperationGraph.Operation(name: "o\(i)", queue: "q")
            operation.dependencies = [OperationGraph.Reference("o\((i + 1) % n)")]
            return operation
        }
        let index = GraphIndex(OperationGraph(queues: [.init(name: "q")], operations: operations))
        let components = StronglyConnectedComponents(index)
        #expect(components.members.count == 1)
        #expect(components.isCycle(0, in: index))
    }
}
