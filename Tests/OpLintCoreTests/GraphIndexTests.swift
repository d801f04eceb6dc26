import Testing
@testable import OpLintCore

@Suite struct GraphIndexTests {
    /// Names resolved on two threads give the index resolved on one, duplicates, unknown
    /// names, self-dependencies and exclusivity edges included.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func resolvingOnTwoThreadsGivesTheSameIndex(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for size in [0, 1, 2, 7, 50, 400] {
            var graph = RandomGraphs.make(size: size, cyclic: true, generator: &generator)
            if size > 3 {
                graph.operations[size - 1].name = graph.operations.name(at: 1)
                graph.operations[2].dependencies.append(OperationGraph.Reference(graph.operations.name(at: 2)))
                graph.operations[3].exclusive = ["disk"]
                graph.operations[size - 2].exclusive = ["disk"]
            }
            let one = GraphIndex(graph, parallelFrom: .max)
            let two = GraphIndex(graph, parallelFrom: 0)
            #expect(one.dependencyStart == two.dependencyStart && one.dependencyTargets == two.dependencyTargets)
            #expect(one.dependentStart == two.dependentStart && one.dependentTargets == two.dependentTargets)
            #expect(one.unknownReferences == two.unknownReferences && one.duplicateOperations == two.duplicateOperations)
            #expect(one.selfDependencies.map(\.operation) == two.selfDependencies.map(\.operation))
        }
    }

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
