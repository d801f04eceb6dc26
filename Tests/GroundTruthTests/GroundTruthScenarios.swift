import OpLintCore

/// The scenarios whose outcome is determined, as graphs in simulated seconds.
enum GroundTruthScenarios {
    typealias Op = OperationGraph.Operation

    static func op(_ name: String, _ queue: String? = "q", _ duration: Double = 1, deps: [String] = [],
                   priority: QueuePriority = .normal, qos: QualityOfService = .default, addedAt: Double = 0,
                   configure: (inout Op) -> Void = { _ in }) -> Op {
        var op = Op(name: name, queue: queue, dependencies: deps.map { OperationGraph.Reference($0) },
                    priority: priority, qualityOfService: qos, duration: duration, addedAt: addedAt)
        configure(&op)
        return op
    }

    static let all: [(name: String, graph: OperationGraph)] = [
        ("serial queue, mixed priorities and QoS added while suspended, then resumed", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 1, isSuspended: true)],
            operations: [
                op("a", priority: .low), op("b", qos: .userInteractive), op("c", priority: .veryHigh),
                op("d", priority: .high), op("e", qos: .background), op("f"),
            ],
            events: [.init(at: 0.5, .resume(queue: "q"))])),
        ("width-2 queue, mixed priorities and QoS added while suspended, then resumed", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 2, isSuspended: true)],
            operations: [
                op("a", priority: .low), op("b", qos: .userInteractive), op("c", priority: .veryHigh),
                op("d", qos: .utility), op("e", priority: .veryLow), op("f"),
            ],
            events: [.init(at: 0.5, .resume(queue: "q"))])),
        ("separate additions to an idle serial queue", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 1)],
            operations: [op("a", priority: .veryLow), op("b", addedAt: 0.2), op("c", priority: .veryHigh, addedAt: 0.4)])),
        ("dependencies across queues", OperationGraph(
            queues: [.init(name: "q1", maxConcurrentOperationCount: 1), .init(name: "q2", maxConcurrentOperationCount: 1)],
            operations: [op("y", "q2", 2), op("x", "q1", deps: ["y"]), op("z", "q1"), op("w", "q2", deps: ["x"])])),
        ("cancellation before start", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 1)],
            operations: [op("a", "q", 2), op("b"), op("c")],
            events: [.init(at: 1, .cancel(operation: "b"))])),
        ("cancellation during execution", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 1)],
            operations: [op("a", "q", 3), op("b")],
            events: [.init(at: 1, .cancel(operation: "a"))])),
        ("cancelling an operation whose dependencies are unfinished", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 2)],
            operations: [op("a", "q", 3), op("b", deps: ["a"]), op("c", deps: ["b"])],
            events: [.init(at: 1, .cancel(operation: "b"))])),
        ("a cancelled dependency in no queue", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 1)],
            operations: [op("orphan", nil), op("b", deps: ["orphan"]), op("c")],
            events: [.init(at: 0, .cancel(operation: "orphan"))])),
        ("suspend and resume", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 1)],
            operations: [op("a"), op("b"), op("c")],
            events: [.init(at: 0.5, .suspend(queue: "q")), .init(at: 2.5, .resume(queue: "q"))])),
        ("barrier", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 2)],
            operations: [op("a", "q", 1), op("b", "q", 2), op("bar") { $0.isBarrier = true }, op("c", addedAt: 0.5)])),
        ("wait inside an operation", OperationGraph(
            queues: [.init(name: "q1", maxConcurrentOperationCount: 1), .init(name: "q2", maxConcurrentOperationCount: 1)],
            operations: [op("a", "q1") { $0.waitsFor = ["x"] }, op("b", "q1"), op("x", "q2", 2)])),
        ("never-finishing asynchronous operations", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 2)],
            operations: [
                op("async1") { $0.isAsynchronous = true; $0.finishes = false },
                op("async2") { $0.isAsynchronous = true; $0.finishes = false },
                op("plain"),
            ])),
        ("dependency cycle", OperationGraph(
            queues: [.init(name: "q", maxConcurrentOperationCount: 1)],
            operations: [op("x", deps: ["y"]), op("y", deps: ["x"]), op("z")])),
        ("slot exhaustion by waits", OperationGraph(
            queues: [.init(name: "io", maxConcurrentOperationCount: 2)],
            operations: [
                op("fetchA", "io") { $0.waitsFor = ["fetchB"] }, op("fetchC", "io") { $0.waitsFor = ["fetchD"] },
                op("fetchB", "io"), op("fetchD", "io"),
            ])),
    ]
}
