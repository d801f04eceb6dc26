import Testing
@testable import OpLintCore

@Suite struct GraphIndexTests {
    @Test func resolvesDependenciesAndDependents() {
        var a = OperationGraph.Operation(name: "a", queue: "q")
        a.dependencies = ["b", "missing"]
        let b = OperationGraph.Operation(name: "b", queue: "q")
        let graph = OperationGraph(queues: [.init(name: "q")], operations: [a, b])
        let index = GraphIndex(graph)
        #expect(Array(index.dependencies(of: 0)) == [1])
        #expect(Array(index.dependents(of: 1)) == [0])
        #expect(index.unknownReferences.map(\.index) == [1])
    }
}
