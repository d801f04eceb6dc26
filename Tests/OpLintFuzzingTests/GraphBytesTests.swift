import Testing
import OpLintCore
@testable import OpLintFuzzing

/// The byte-to-graph decoder of the lint-simulate target: any bytes give a small graph that
/// loads from the JSON it writes, and the encoding means what its documentation says.
@Suite struct GraphBytesTests {
    @Test func everyInputDecodesToASmallGraphThatLoads() throws {
        var random = SimulationRandom(seed: 7)
        for round in 0..<500 {
            let bytes = (0..<(round % 200)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let graph = GraphBytes.graph(bytes)
            #expect((1...GraphBytes.maximumOperations).contains(graph.operations.count))
            #expect((1...GraphBytes.maximumQueues).contains(graph.queues.count))
            #expect(graph.events.count <= 4)
            for operation in graph.operations {
                #expect((1...GraphBytes.maximumCount).contains(operation.count))
                #expect(operation.dependencies.count <= 4 && operation.waitsFor.count <= 1)
            }
            let text = GraphWriter().write(graph)
            #expect(throws: Never.self) { try GraphLoader.load(bytes: Array(text.utf8), path: "graph.json") }
        }
    }

    @Test func zerosMeanDefaults() {
        let graph = GraphBytes.graph([])
        #expect(graph.queues.map(\.name) == ["q0"])
        #expect(graph.queues[0].maxConcurrentOperationCount == -1)
        #expect(graph.operations.count == 1)
        let operation = graph.operations[0]
        #expect(operation.name == "o0" && operation.queue == "q0" && operation.start == .queue)
        #expect(operation.dependencies.isEmpty && operation.count == 1 && operation.duration == 0)
        #expect(graph.events.isEmpty)
    }

    @Test func aChainOfTwoOperationsOnASerialQueue() {
        // header: one queue; two operations; queue q0: flags 0, width index 1 (serial).
        // o0: placement, flags, timing (duration index 2: 1 s), shape, no extra dependency, extras.
        // o1: the same with shape 1 (one dependency), then the dependency's target 0 (o0), extras.
        let bytes: [UInt8] = [0x00, 1, 0x00, 1, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00]
        let graph = GraphBytes.graph(bytes)
        #expect(graph.queues.count == 1 && graph.queues[0].maxConcurrentOperationCount == 1)
        #expect(graph.operations.map(\.name) == ["o0", "o1"])
        #expect(graph.operations[1].dependencies.map(\.name) == ["o0"])
        #expect(graph.operations.allSatisfy { $0.queue == "q0" && $0.duration == 1 })
        let schedule = try? Simulator.simulate(graph)
        #expect(schedule?.makespan == 2)
        #expect(schedule?.startOrder == ["o0", "o1"])
    }

    @Test func awkwardNamesOnlyWithTheHeaderFlag() {
        var random = SimulationRandom(seed: 3)
        var awkward = 0
        for _ in 0..<200 {
            var bytes = (0..<120).map { _ in UInt8.random(in: 0...255, using: &random) }
            bytes[0] &= 0x7F
            #expect(GraphBytes.graph(bytes).operations.allSatisfy { $0.name.hasPrefix("o") && Int($0.name.dropFirst()) != nil })
            bytes[0] |= 0x80
            if GraphBytes.graph(bytes).operations.contains(where: { GraphBytes.awkwardNames.contains($0.name) }) { awkward += 1 }
        }
        #expect(awkward > 50)
    }
}
