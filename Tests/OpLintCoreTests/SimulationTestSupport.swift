@testable import OpLintCore

/// Small builders for simulation tests.
enum SimulationFixture {
    typealias Op = OperationGraph.Operation

    static func op(
        _ name: String, _ queue: String? = "q", duration: Double = 1, deps: [String] = [],
        priority: QueuePriority = .normal, qos: QualityOfService = .default, addedAt: Double = 0,
        configure: (inout Op) -> Void = { _ in }
    ) -> Op {
        var operation = Op(name: name, queue: queue, dependencies: deps.map { OperationGraph.Reference($0) },
                           priority: priority, qualityOfService: qos, duration: duration, addedAt: addedAt)
        configure(&operation)
        return operation
    }

    static func graph(_ queues: [OperationGraph.Queue], _ operations: [Op], events: [OperationGraph.Event] = []) -> OperationGraph {
        OperationGraph(queues: queues, operations: operations, events: events)
    }

    static func run(_ graph: OperationGraph, _ platform: SimulationPlatform = .apple, whatIf: WhatIf = WhatIf()) throws -> Schedule {
        try Simulator.simulate(graph, options: SimulationOptions(platform: platform, whatIf: whatIf))
    }

    /// (start, end) of each operation by name.
    static func times(_ schedule: Schedule) -> [String: (Double?, Double?)] {
        var result: [String: (Double?, Double?)] = [:]
        for entry in schedule.entries { result[entry.operation] = (entry.start, entry.end) }
        return result
    }
}
