/// Writing a shape as format-v1 JSON, one line per operation.
extension ShapeGraph {
    static let priorities = [-8: "veryLow", -4: "low", 4: "high", 8: "veryHigh"]

    /// The graph as format-v1 JSON.
    ///
    /// - Complexity: O(*operations* + *dependencies* + *events*).
    public func json() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(operations.count * 64 + edgeCount * 10 + events.count * 48)
        out += Array("{\n  \"version\": 1,\n  \"queues\": [".utf8)
        for (q, queue) in queues.enumerated() {
            var line = q == 0 ? "\n    " : ",\n    "
            line += "{\"name\": \"\(queue.name)\""
            if let width = queue.width { line += ", \"maxConcurrentOperationCount\": \(width)" }
            line += "}"
            out += Array(line.utf8)
        }
        out += Array("\n  ],\n  \"operations\": [".utf8)
        for (i, operation) in operations.enumerated() {
            var line = i == 0 ? "\n    " : ",\n    "
            line += "{\"name\": \"\(operation.name)\""
            if operation.queue >= 0 { line += ", \"queue\": \"\(queues[Int(operation.queue)].name)\"" }
            if operation.count > 1 { line += ", \"count\": \(operation.count)" }
            if operation.durationMilliseconds != 1000 { line += ", \"duration\": \(Self.seconds(operation.durationMilliseconds))" }
            if let priority = Self.priorities[operation.priority] { line += ", \"priority\": \"\(priority)\"" }
            if !operation.dependencies.isEmpty { line += ", \"dependencies\": " + names(operation.dependencies) }
            if !operation.waitsFor.isEmpty { line += ", \"waitsFor\": " + names(operation.waitsFor) }
            if !operation.writes.isEmpty { line += ", \"writes\": [" + operation.writes.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
            line += "}"
            out += Array(line.utf8)
        }
        out += Array("\n  ]".utf8)
        if !events.isEmpty {
            out += Array(",\n  \"events\": [".utf8)
            for (k, event) in events.enumerated() {
                let line = (k == 0 ? "\n    " : ",\n    ")
                    + "{\"at\": \(Self.seconds(event.atMilliseconds)), \"\(event.action)\": \"\(event.target)\"}"
                out += Array(line.utf8)
            }
            out += Array("\n  ]".utf8)
        }
        out += Array("\n}\n".utf8)
        return out
    }

    private func names(_ indices: [Int32]) -> String {
        "[" + indices.map { "\"\(operations[Int($0)].name)\"" }.joined(separator: ", ") + "]"
    }

    /// Milliseconds as seconds with up to three decimals (`0.25`, `1.5`, `2`).
    public static func seconds(_ milliseconds: Int) -> String {
        let whole = milliseconds / 1000
        var fraction = String(milliseconds % 1000)
        if fraction == "0" { return String(whole) }
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
