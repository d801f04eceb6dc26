/// Writes an `OperationGraph` as format-v1 JSON (what `oplint extract` prints).
///
/// Keys come in a fixed order, values equal to the format's defaults are left out, and
/// operations keep their order (it breaks priority ties, S14): the same graph always
/// gives the same bytes.
public struct GraphWriter: Sendable {
    public init() {}

    /// The JSON text of `graph`, ending with a newline.
    ///
    /// - Complexity: O(size of the graph).
    public func write(_ graph: OperationGraph) -> String {
        var json = JSONStream()
        write(graph, to: &json)
        return json.text()
    }

    /// The bytes of `write(graph)`, without making a `String` of them (which would check them
    /// as UTF-8 and copy them again to write them out).
    ///
    /// - Complexity: O(size of the graph).
    public func bytes(_ graph: OperationGraph, inParallel: Bool = false) -> [UInt8] {
        withBytes(graph, inParallel: inParallel) { Array($0) }
    }

    /// The bytes of `bytes(graph, inParallel:)` lent to `body` where they were written, with no
    /// array made of them (a copy of the whole text, in memory never used before).
    ///
    /// - Complexity: O(size of the graph).
    public func withBytes<Result>(_ graph: OperationGraph, inParallel: Bool = false,
                                  _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var json = JSONStream()
        write(graph, to: &json, halvesAbove: inParallel ? Self.halvesAbove : .max)
        return try json.withBytes(body)
    }

    /// The number of operations above which `bytes(_:inParallel:)` writes them in two halves
    /// at once: below it a second thread costs more than it saves.
    static let halvesAbove = 1_000

    /// The JSON value of `graph`: `write` writes the same text without building it.
    public func json(_ graph: OperationGraph) -> JSONText {
        var top: [(String, JSONText)] = [("version", .integer(1))]
        top.append(("queues", .array(graph.queues.map { queue(graph, $0) })))
        top.append(("operations", .array(graph.operations.map { operation(graph, $0) })))
        if !graph.events.isEmpty {
            top.append(("events", .array(graph.events.map { event in
                var members: [(String, JSONText)] = [("at", .number(event.at)), (event.action.key, .string(event.action.target))]
                if let location = event.location { members.append(("location", Self.location(location))) }
                return .object(members)
            })))
        }
        let simulation = graph.simulation
        var settings: [(String, JSONText)] = []
        if let width = simulation.defaultWidth { settings.append(("defaultWidth", .integer(width))) }
        if let threads = simulation.threads { settings.append(("threads", .integer(threads))) }
        if let cores = simulation.cores { settings.append(("cores", .integer(cores))) }
        if let cpus = simulation.cpus { settings.append(("cpus", .integer(cpus))) }
        if !settings.isEmpty { top.append(("simulation", .object(settings))) }
        if let source = graph.source {
            var members: [(String, JSONText)] = []
            if let tool = source.tool { members.append(("tool", .string(tool))) }
            if let version = source.version { members.append(("version", .string(version))) }
            members.append(("files", .array(source.files.map(JSONText.string))))
            top.append(("source", .object(members)))
        }
        return .object(top)
    }

    static func location(_ location: SourceLocation) -> JSONText {
        .object([("file", .string(location.file)), ("line", .integer(location.line)), ("column", .integer(location.column))])
    }

    private func queue(_ graph: OperationGraph, _ queue: OperationGraph.Queue) -> JSONText {
        var members: [(String, JSONText)] = [("name", .string(queue.name))]
        if queue.maxConcurrentOperationCount != -1 { members.append(("maxConcurrentOperationCount", .integer(queue.maxConcurrentOperationCount))) }
        if queue.qualityOfService != .default { members.append(("qualityOfService", .string(queue.qualityOfService.rawValue))) }
        if queue.isMain { members.append(("main", .bool(true))) }
        if queue.isSuspended { members.append(("suspended", .bool(true))) }
        if let location = graph.location(of: queue) { members.append(("location", Self.location(location))) }
        return .object(members)
    }

    private func operation(_ graph: OperationGraph, _ op: OperationGraph.Operation) -> JSONText {
        var members: [(String, JSONText)] = [("name", .string(op.name))]
        if let queue = op.queue { members.append(("queue", .string(queue))) }
        let defaultStart: OperationGraph.Operation.StartMode = op.queue == nil ? .never : .queue
        if op.start != defaultStart { members.append(("start", .string(op.start.rawValue))) }
        if !op.dependencies.isEmpty {
            members.append(("dependencies", .array(op.dependencies.map { reference in
                guard let location = graph.location(of: reference) else { return .string(reference.name) }
                return .object([("name", .string(reference.name)), ("location", Self.location(location))])
            })))
        }
        if op.priority != .normal { members.append(("priority", op.priority.description == String(op.priority.rawValue) ? .integer(op.priority.rawValue) : .string(op.priority.description))) }
        if op.qualityOfService != .default { members.append(("qualityOfService", .string(op.qualityOfService.rawValue))) }
        if op.duration != 1 { members.append(("duration", .number(op.duration))) }
        if op.addedAt != 0 { members.append(("addedAt", .number(op.addedAt))) }
        if op.kind != .block { members.append(("kind", .string(op.kind.rawValue))) }
        if op.isAsynchronous { members.append(("asynchronous", .bool(true))) }
        if !op.finishes { members.append(("finishes", .bool(false))) }
        if !op.checksCancellation { members.append(("checksCancellation", .bool(false))) }
        if !op.waitsFor.isEmpty { members.append(("waitsFor", .array(op.waitsFor.map { .string($0.name) }))) }
        if !op.waitsForQueues.isEmpty { members.append(("waitsForQueues", .array(op.waitsForQueues.map { .string($0.name) }))) }
        if !op.exclusive.isEmpty { members.append(("exclusive", .array(op.exclusive.map(JSONText.string)))) }
        if op.isBarrier { members.append(("barrier", .bool(true))) }
        if !op.reads.isEmpty { members.append(("reads", .array(op.reads.map(JSONText.string)))) }
        if !op.writes.isEmpty { members.append(("writes", .array(op.writes.map(JSONText.string)))) }
        if op.count != 1 { members.append(("count", .integer(op.count))) }
        if let location = graph.location(of: op) { members.append(("location", Self.location(location))) }
        if !op.labels.isEmpty {
            members.append(("labels", .object(op.labels.keys.sorted().map { ($0, .string(op.labels[$0] ?? "")) })))
        }
        return .object(members)
    }
}
