/// The words drawn in and around an operation's node.
enum OperationText {
    /// Settings that differ from the defaults, on one line: `high · userInitiated · 2.5 s`.
    static func settings(_ operation: OperationGraph.Operation) -> String {
        var parts: [String] = []
        if operation.priority != .normal { parts.append(operation.priority.description) }
        if operation.qualityOfService != .default { parts.append(operation.qualityOfService.rawValue) }
        if operation.duration != 1 { parts.append(DOTNumber.seconds(operation.duration)) }
        if operation.start == .manual { parts.append("started by hand") }
        if operation.isBarrier { parts.append("barrier") }
        if !operation.finishes { parts.append("never finishes") }
        if operation.count > 1 { parts.append("×\(operation.count)") }
        return parts.joined(separator: " · ")
    }

    /// Every setting, for the tooltip.
    static func allSettings(_ operation: OperationGraph.Operation) -> String {
        var parts = [
            "priority \(operation.priority.description)",
            "QoS \(operation.qualityOfService.rawValue)",
            "duration \(DOTNumber.seconds(operation.duration))",
        ]
        if operation.addedAt != 0 { parts.append("added at \(DOTNumber.seconds(operation.addedAt))") }
        if operation.start != .queue { parts.append("start: \(operation.start.rawValue)") }
        if operation.isAsynchronous { parts.append("asynchronous") }
        if !operation.exclusive.isEmpty { parts.append("exclusive: " + operation.exclusive.joined(separator: ", ")) }
        return parts.joined(separator: ", ")
    }

    /// The label of an operation's node.
    static func label(
        _ operation: OperationGraph.Operation, findingLines: [String], hidden: Int, focus: Bool, limit: Int
    ) -> String {
        let name = DOTText.html(DOTText.truncated(operation.name, to: limit))
        var label = focus ? "<B>" + name + "</B>" : name
        let settings = settings(operation)
        if !settings.isEmpty { label += "<BR/>" + DrawingStyle.small(DOTText.html(settings)) }
        for line in findingLines { label += "<BR/>" + DrawingStyle.small(DOTText.html(line)) }
        if hidden > 0 { label += "<BR/>" + DrawingStyle.small("+\(hidden) not shown", italic: true) }
        return label
    }

    /// The tooltip of an operation's node: name, location, queue, settings, waits, findings.
    static func tooltip(
        _ i: Int, graph: OperationGraph, groups: DrawingGroups, marks: FindingMarks
    ) -> String {
        let operation = graph.operations[i]
        var lines = [operation.name]
        if let location = graph.location(of: operation) { lines.append("declared at \(location)") }
        let key = groups.keyOfOperation[i]
        switch key {
        case .queue, .unknown: lines.append("queue \(groups.name(key, in: graph)) (\(groups.settings(key, in: graph)))")
        case .none: lines.append("not on a queue")
        }
        lines.append(allSettings(operation))
        if !operation.waitsFor.isEmpty {
            lines.append("waits for (waitUntilFinished): " + operation.waitsFor.prefix(10).map(\.name).joined(separator: ", "))
        }
        if !operation.waitsForQueues.isEmpty {
            lines.append("waits for queues: " + operation.waitsForQueues.prefix(10).map(\.name).joined(separator: ", "))
        }
        for (key, value) in operation.labels.sorted(by: { $0.key < $1.key }).prefix(10) {
            lines.append("\(key): \(value)")
        }
        lines += marks.tooltipLines(for: marks.findingsOfOperation[i])
        return lines.joined(separator: "\n")
    }
}
