/// Which box each operation is drawn in: the queue it is added to, a queue name that is not
/// declared, or "not on a queue".
struct DrawingGroups {
    enum Key: Hashable {
        case queue(Int)
        /// Index into `unknownNames`.
        case unknown(Int)
        case none
    }

    let keyOfOperation: [Key]
    /// Queues in declaration order, then undeclared queue names in order of first use, then `none`.
    let order: [Key]
    let unknownNames: [String]

    /// - Complexity: O(*n* + *q*).
    init(graph: OperationGraph, index: GraphIndex) {
        var unknownIndex: [String: Int] = [:]
        var unknownNames: [String] = []
        var keys: [Key] = []
        keys.reserveCapacity(index.operationCount)
        for (i, operation) in graph.operations.enumerated() {
            let q = index.queueOfOperation[i]
            if q >= 0 {
                keys.append(.queue(Int(q)))
            } else if q == GraphIndex.unknownQueue, let name = operation.queue {
                if let known = unknownIndex[name] {
                    keys.append(.unknown(known))
                } else {
                    unknownIndex[name] = unknownNames.count
                    keys.append(.unknown(unknownNames.count))
                    unknownNames.append(name)
                }
            } else {
                keys.append(.none)
            }
        }
        self.keyOfOperation = keys
        self.unknownNames = unknownNames
        self.order = graph.queues.indices.map { Key.queue($0) } + unknownNames.indices.map { Key.unknown($0) } + [.none]
    }

    /// The position of a group in `order`.
    func rank(_ key: Key) -> Int {
        switch key {
        case .queue(let q): q
        case .unknown(let u): order.count - 1 - unknownNames.count + u
        case .none: order.count - 1
        }
    }

    /// The id of the cluster drawn around a group's operations.
    func clusterID(_ key: Key) -> String {
        switch key {
        case .queue(let q): "cluster_queue\(q)"
        case .unknown(let u): "cluster_unknown\(u)"
        case .none: "cluster_none"
        }
    }

    /// The id of the node that stands for a whole group (`--collapse queues`).
    func nodeID(_ key: Key) -> String {
        switch key {
        case .queue(let q): "queue\(q)"
        case .unknown(let u): "unknown\(u)"
        case .none: "none"
        }
    }

    /// True for groups drawn with a dashed frame (operations no declared queue runs).
    func isDashed(_ key: Key) -> Bool {
        if case .queue = key { return false }
        return true
    }

    /// The group's name as a user says it.
    func name(_ key: Key, in graph: OperationGraph) -> String {
        switch key {
        case .queue(let q): graph.queues[q].name
        case .unknown(let u): unknownNames[u]
        case .none: "not on a queue"
        }
    }

    /// Width and QoS of a queue, as one line: `serial · QoS utility`.
    func settings(_ key: Key, in graph: OperationGraph) -> String {
        switch key {
        case .queue(let q):
            let queue = graph.queues[q]
            var parts: [String] = []
            if queue.isMain {
                parts.append("main queue, serial")
            } else {
                switch queue.maxConcurrentOperationCount {
                case 1: parts.append("serial")
                case -1: parts.append("default width" + (graph.simulation.defaultWidth.map { " (\($0))" } ?? ""))
                case 0: parts.append("width 0: nothing starts")
                case let width where width < -1: parts.append("invalid width \(width)")
                case let width: parts.append("width \(width)")
                }
            }
            parts.append("QoS \(queue.qualityOfService.rawValue)")
            if queue.isSuspended { parts.append("suspended") }
            return parts.joined(separator: " · ")
        case .unknown:
            return "queue not declared"
        case .none:
            return "never added to a queue"
        }
    }

    /// The label of a group's cluster: its name in bold, its settings, its findings.
    func clusterLabel(_ key: Key, in graph: OperationGraph, marks: FindingMarks, limit: Int) -> String {
        var label: String
        switch key {
        case .none: label = "<B>not on a queue</B>"
        case .unknown(let u): label = "<B>" + DOTText.html(DOTText.truncated("queue \u{201C}\(unknownNames[u])\u{201D}", to: limit)) + "</B>"
        case .queue(let q): label = "<B>" + DOTText.html(DOTText.truncated(graph.queues[q].name, to: limit)) + "</B>"
        }
        label += "<BR ALIGN=\"LEFT\"/>" + DrawingStyle.small(DOTText.html(settings(key, in: graph)))
        if case .queue(let q) = key {
            for line in marks.labelLines(for: marks.findingsOfQueue[q]) {
                label += "<BR ALIGN=\"LEFT\"/>" + DrawingStyle.small(DOTText.html(line))
            }
        }
        return label + "<BR ALIGN=\"LEFT\"/>"
    }

    /// The tooltip of a group: full name, settings, location, findings.
    func tooltip(_ key: Key, in graph: OperationGraph, marks: FindingMarks) -> String {
        var lines = [name(key, in: graph), settings(key, in: graph)]
        if case .queue(let q) = key {
            if let location = graph.location(of: graph.queues[q]) { lines.append("declared at \(location)") }
            lines += marks.tooltipLines(for: marks.findingsOfQueue[q])
        }
        return lines.joined(separator: "\n")
    }

    /// True when a finding of error severity names the queue.
    func hasError(_ key: Key, marks: FindingMarks) -> Bool {
        guard case .queue(let q) = key else { return false }
        return marks.findingsOfQueue[q].contains { marks.findings[Int($0)].severity == .error }
    }
}
