import Testing
@testable import OpLintCore

/// Small graphs for the scheduling rule tests: every element gets a location whose line is its
/// position (operations in `ops`, queues in `queues`, events in `events`), so a test can check
/// which element a finding points at.
enum SchedulingFixture {
    typealias Operation = OperationGraph.Operation
    typealias Queue = OperationGraph.Queue

    /// An operation on `queue` with `dependencies`, changed by `configure`.
    static func op(
        _ name: String, on queue: String? = nil, after dependencies: [String] = [],
        _ configure: (inout Operation) -> Void = { _ in }
    ) -> Operation {
        var operation = Operation(name: name, queue: queue, dependencies: dependencies.map { OperationGraph.Reference($0) })
        configure(&operation)
        return operation
    }

    /// A queue of width `width` (-1 = system default).
    static func queue(_ name: String, width: Int = -1, _ configure: (inout Queue) -> Void = { _ in }) -> Queue {
        var queue = Queue(name: name, maxConcurrentOperationCount: width)
        configure(&queue)
        return queue
    }

    /// A graph whose elements have locations `ops:i+1:1`, `queues:i+1:1`, `events:i+1:1`.
    static func graph(_ queues: [Queue], _ operations: [Operation], events: [OperationGraph.Event] = []) -> OperationGraph {
        var graph = OperationGraph(queues: queues, operations: operations, events: events)
        for i in graph.queues.indices { graph.queues[i].location = OpLintCore.SourceLocation(file: "queues", line: i + 1, column: 1) }
        for i in graph.operations.indices { graph.operations[i].location = OpLintCore.SourceLocation(file: "ops", line: i + 1, column: 1) }
        for i in graph.events.indices { graph.events[i].location = OpLintCore.SourceLocation(file: "events", line: i + 1, column: 1) }
        return graph
    }

    /// The findings of one rule, in report order.
    static func lint<R: Rule>(_ rule: R.Type, _ graph: OperationGraph) -> [Finding] {
        Linter(rules: [R()]).lint(graph).findings
    }

    /// Where operation `i` of a fixture graph is.
    static func opAt(_ i: Int) -> OpLintCore.SourceLocation { OpLintCore.SourceLocation(file: "ops", line: i + 1, column: 1) }
    /// Where queue `i` of a fixture graph is.
    static func queueAt(_ i: Int) -> OpLintCore.SourceLocation { OpLintCore.SourceLocation(file: "queues", line: i + 1, column: 1) }
    /// Where event `i` of a fixture graph is.
    static func eventAt(_ i: Int) -> OpLintCore.SourceLocation { OpLintCore.SourceLocation(file: "events", line: i + 1, column: 1) }
}
