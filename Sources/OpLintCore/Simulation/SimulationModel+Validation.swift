extension SimulationModel {
    /// The most operations the simulator expands `count` into (docs/simulation.md).
    public static let maximumOperations = 4_000_000
    /// The most dependencies and waits `count` expansion may make.
    public static let maximumEdges = 16_000_000

    /// Refuses numbers the simulator cannot trust: negative or non-finite durations and
    /// times, counts below 1, counts that expand beyond `maximumOperations` or
    /// `maximumEdges`, widths below -1.
    ///
    /// - Complexity: O(*n*); messages are built only for the value refused.
    static func validateNumbers(_ graph: OperationGraph, whatIf: WhatIf) throws {
        let operations = graph.operations
        for i in operations.indices {
            try checkTime(operations.duration(at: i), "duration of operation \(quoted(operations.name(at: i)))")
            try checkTime(operations.addedAt(at: i), "addedAt of operation \(quoted(operations.name(at: i)))")
            guard operations.count(at: i) >= 1 else {
                throw SimulationError("count of operation \(quoted(operations.name(at: i))) is \(operations.count(at: i)); it must be at least 1")
            }
        }
        if graph.hasCounts {
            let size = graph.countExpansionSize()
            if size.operations > maximumOperations || size.edges > maximumEdges {
                throw SimulationError(
                    "count expands the graph to \(size.operations == Int.max ? "too many" : String(size.operations)) operations and "
                    + "\(size.edges == Int.max ? "too many" : String(size.edges)) dependencies and waits (each copy keeps every edge, so "
                    + "a counted operation depending on another counted one makes the product of the counts); the simulator stops "
                    + "at \(maximumOperations) operations and \(maximumEdges) edges: lower the counts")
            }
        }
        for queue in graph.queues where queue.maxConcurrentOperationCount < -1 {
            throw SimulationError("maxConcurrentOperationCount of queue \(quoted(queue.name)) is \(queue.maxConcurrentOperationCount); it must be -1 or more")
        }
        for event in graph.events {
            try checkTime(event.at, "time of the \(event.action.key) event" + (event.location.map { " (\($0))" } ?? ""))
        }
        for (name, width) in whatIf.widths.sorted(by: { $0.key < $1.key }) where width < -1 {
            throw SimulationError("--width \(name)=\(width): a width must be -1 or more")
        }
        for (name, seconds) in whatIf.durations.sorted(by: { $0.key < $1.key }) {
            try checkTime(seconds, "--duration \(name)")
        }
        for cancel in whatIf.cancels {
            try checkTime(cancel.at, "--cancel \(cancel.operation)")
        }
        let limits: [(String, Int?, Int)] = [
            ("--default-width", whatIf.defaultWidth ?? graph.simulation.defaultWidth, 0),
            ("--threads", whatIf.threads ?? graph.simulation.threads, 1),
            ("--cpus", whatIf.cpus ?? graph.simulation.cpus, 1),
            ("--cores", whatIf.cores ?? graph.simulation.cores, 1),
        ]
        for (option, value, minimum) in limits {
            if let value, value < minimum {
                throw SimulationError("\(option) is \(value); it must be at least \(minimum)")
            }
        }
    }

    /// Refuses names that resolve to nothing and duplicates, using the index of the expanded graph.
    ///
    /// - Complexity: O(events + what-ifs + unknown references) expected.
    static func validateNames(_ graph: OperationGraph, index: GraphIndex, whatIf: WhatIf) throws {
        if let duplicate = index.duplicateOperations.first {
            throw SimulationError("operation \(quoted(graph.operations.name(at: duplicate.duplicate))) is declared twice")
        }
        if let duplicate = index.duplicateQueues.first {
            throw SimulationError("queue \(quoted(graph.queues[duplicate.duplicate].name)) is declared twice")
        }
        if let unknown = index.unknownReferences.first {
            throw SimulationError(describe(unknown, in: graph))
        }
        // A counted operation is named as a whole (its copies `name#1`…) or one copy at a time.
        func isOperation(_ name: String) -> Bool {
            index.operation(named: name) != nil || index.operation(named: name + "#1") != nil
        }
        for event in graph.events {
            let where_ = event.location.map { " (\($0))" } ?? ""
            switch event.action {
            case .cancel(let name):
                guard isOperation(name) else {
                    throw SimulationError("cancel event\(where_) names \(quoted(name)), which is not an operation")
                }
            case .cancelAll(let name), .suspend(let name), .resume(let name):
                guard index.queue(named: name) != nil else {
                    throw SimulationError("\(event.action.key) event\(where_) names \(quoted(name)), which is not a queue")
                }
            }
        }
        for name in whatIf.widths.keys.sorted() where index.queue(named: name) == nil {
            throw SimulationError("--width names \(quoted(name)), which is not a queue")
        }
        for name in whatIf.durations.keys.sorted() where !isOperation(name) {
            throw SimulationError("--duration names \(quoted(name)), which is not an operation")
        }
        for cancel in whatIf.cancels where !isOperation(cancel.operation) {
            throw SimulationError("--cancel names \(quoted(cancel.operation)), which is not an operation")
        }
    }

    /// A time or duration must be a finite number of seconds, not negative.
    static func checkTime(_ value: Double, _ what: @autoclosure () -> String) throws {
        guard value.isFinite else { throw SimulationError("\(what()) is not a finite number") }
        guard value >= 0 else { throw SimulationError("\(what()) is negative (\(value))") }
    }

    /// A name in double quotes, with quotes, backslashes and control characters escaped.
    static func quoted(_ name: String) -> String {
        var out = ""
        JSONValue.appendQuoted(name, to: &out)
        return out
    }

    /// The message for a reference that resolves to nothing.
    static func describe(_ unknown: GraphIndex.UnknownReference, in graph: OperationGraph) -> String {
        let operation = graph.operations[unknown.operation]
        let name = quoted(operation.name)
        switch unknown.kind {
        case .queue:
            return "operation \(name) is added to queue \(quoted(operation.queue ?? "")), which is not declared"
        case .dependency:
            return "operation \(name) depends on \(quoted(operation.dependencies[unknown.index].name)), which is not an operation"
        case .waitsFor:
            return "operation \(name) waits for \(quoted(operation.waitsFor[unknown.index].name)), which is not an operation"
        case .waitsForQueues:
            return "operation \(name) waits for queue \(quoted(operation.waitsForQueues[unknown.index].name)), which is not declared"
        }
    }

    /// `--duration` overrides keyed by the names of the expanded graph.
    static func expandedDurations(_ durations: [String: Double], in graph: OperationGraph) -> [String: Double] {
        guard !durations.isEmpty else { return [:] }
        var counts: [String: Int] = [:]
        for operation in graph.operations where operation.count > 1 { counts[operation.name] = operation.count }
        var result: [String: Double] = [:]
        // Whole operations first, so that an override of one copy (`name#2`) wins.
        for (name, seconds) in durations.sorted(by: { $0.key < $1.key }) where counts[name] != nil {
            for copy in graph.expandedNames(name, counts: counts) { result[copy] = seconds }
        }
        for (name, seconds) in durations where counts[name] == nil { result[name] = seconds }
        return result
    }
}
