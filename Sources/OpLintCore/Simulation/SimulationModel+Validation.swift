extension SimulationModel {
    /// Refuses input the simulator cannot trust: negative or non-finite numbers, names that
    /// resolve to nothing, duplicates.
    ///
    /// - Complexity: O(*n* + events + what-ifs) expected.
    static func validate(_ graph: OperationGraph, whatIf: WhatIf) throws {
        var operationNames = Set<String>(minimumCapacity: graph.operations.count)
        var counts: [String: Int] = [:]
        for operation in graph.operations {
            let name = quoted(operation.name)
            guard operationNames.insert(operation.name).inserted else {
                throw SimulationError("operation \(name) is declared twice")
            }
            try checkTime(operation.duration, "duration of operation \(name)")
            try checkTime(operation.addedAt, "addedAt of operation \(name)")
            guard operation.count >= 1 else {
                throw SimulationError("count of operation \(name) is \(operation.count); it must be at least 1")
            }
            if operation.count > 1 { counts[operation.name] = operation.count }
        }
        var queueNames = Set<String>()
        for queue in graph.queues {
            guard queueNames.insert(queue.name).inserted else {
                throw SimulationError("queue \(quoted(queue.name)) is declared twice")
            }
            guard queue.maxConcurrentOperationCount >= -1 else {
                throw SimulationError("maxConcurrentOperationCount of queue \(quoted(queue.name)) is \(queue.maxConcurrentOperationCount); it must be -1 or more")
            }
        }
        func isOperation(_ name: String) -> Bool {
            if operationNames.contains(name) { return true }
            // A copy of a counted operation: `name#k`.
            guard let hash = name.lastIndex(of: "#"), let k = Int(name[name.index(after: hash)...]) else { return false }
            return (counts[String(name[..<hash])] ?? 0) >= k && k >= 1
        }
        for event in graph.events {
            let where_ = event.location.map { " (\($0))" } ?? ""
            try checkTime(event.at, "time of the \(event.action.key) event\(where_)")
            switch event.action {
            case .cancel(let name):
                guard isOperation(name) else {
                    throw SimulationError("cancel event\(where_) names \(quoted(name)), which is not an operation")
                }
            case .cancelAll(let name), .suspend(let name), .resume(let name):
                guard queueNames.contains(name) else {
                    throw SimulationError("\(event.action.key) event\(where_) names \(quoted(name)), which is not a queue")
                }
            }
        }
        for (name, width) in whatIf.widths.sorted(by: { $0.key < $1.key }) {
            guard queueNames.contains(name) else { throw SimulationError("--width names \(quoted(name)), which is not a queue") }
            guard width >= -1 else { throw SimulationError("--width \(name)=\(width): a width must be -1 or more") }
        }
        for (name, seconds) in whatIf.durations.sorted(by: { $0.key < $1.key }) {
            guard isOperation(name) else { throw SimulationError("--duration names \(quoted(name)), which is not an operation") }
            try checkTime(seconds, "--duration \(name)")
        }
        for cancel in whatIf.cancels {
            guard isOperation(cancel.operation) else {
                throw SimulationError("--cancel names \(quoted(cancel.operation)), which is not an operation")
            }
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

    /// A time or duration must be a finite number of seconds, not negative.
    static func checkTime(_ value: Double, _ what: String) throws {
        guard value.isFinite else { throw SimulationError("\(what) is not a finite number") }
        guard value >= 0 else { throw SimulationError("\(what) is negative (\(value))") }
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
