/// Checking that every event names an operation or queue of the graph.
extension GraphLoader {
    /// Throws at the first event whose target does not exist.
    ///
    /// An operation with `count` n can also be cancelled as `name#1` … `name#n`.
    /// - Complexity: O(*operations* + *queues* + *events*).
    @_spi(Fuzzing)
    public static func checkEvents(_ graph: OperationGraph) throws(LoadError) {
        guard !graph.events.isEmpty else { return }
        let queues = Set(graph.queues.map(\.name))
        var operations: [String: Int] = [:]
        operations.reserveCapacity(graph.operations.count)
        for i in graph.operations.indices {
            let name = graph.operations.name(at: i)
            operations[name] = max(operations[name] ?? 0, graph.operations.count(at: i))
        }
        for event in graph.events {
            let target = event.action.target
            let exists: Bool
            let what: String
            switch event.action {
            case .cancel:
                exists = operations[target] != nil || isCopy(target, of: operations)
                what = "operation"
            case .cancelAll, .suspend, .resume:
                exists = queues.contains(target)
                what = "queue"
            }
            guard !exists else { continue }
            let message = "event \"\(event.action.key)\" names \(quotedName(target)), but the graph has no \(what) of that name"
            if let location = graph.location(event.location, event.position) {
                throw LoadError(at: location, message)
            }
            throw LoadError(file: graph.fallbackLocation.file, message)
        }
    }

    /// True for `name#k` where `name` is an operation with `count` ≥ k ≥ 1.
    private static func isCopy(_ target: String, of operations: [String: Int]) -> Bool {
        guard let hash = target.lastIndex(of: "#"), let copy = Int(target[target.index(after: hash)...]) else {
            return false
        }
        guard let count = operations[String(target[..<hash])] else { return false }
        return copy >= 1 && copy <= count
    }

    /// A name in quotes with control characters escaped, for one-line messages.
    private static func quotedName(_ name: String) -> String {
        var result = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
