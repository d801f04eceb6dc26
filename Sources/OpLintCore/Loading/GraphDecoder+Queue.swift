/// The `queues` array.
extension GraphDecoder {
    func decodeQueues(into queues: inout [OperationGraph.Queue]) throws(LoadError) {
        let start = try next()
        guard start.kind == .arrayStart else { throw typeError("queues", "an array of queues", start) }
        while true {
            let token = try next()
            if token.kind == .arrayEnd { return }
            guard token.kind == .objectStart else {
                throw error(at: token.offset, "each queue must be an object, found \(describe(token))")
            }
            queues.append(try decodeQueue(at: token.offset, number: queues.count + 1))
        }
    }

    /// One queue object, after its `{`.
    private func decodeQueue(at offset: UInt32, number: Int) throws(LoadError) -> OperationGraph.Queue {
        var queue = OperationGraph.Queue(name: "")
        var hasName = false
        var unknown: [JSONToken] = []
        while true {
            let key = try next()
            if key.kind == .objectEnd { break }
            guard let known = QueueKey.table.key(key.bytes) else {
                unknown.append(key)
                try skipValue(try next())
                continue
            }
            switch known {
            case .name:
                queue.name = try string("name").0
                hasName = true
            case .maxConcurrentOperationCount:
                queue.maxConcurrentOperationCount = try integer("maxConcurrentOperationCount", atLeast: -1)
            case .qualityOfService: queue.qualityOfService = try named("qualityOfService", QualityOfService.self)
            case .main: queue.isMain = try bool("main")
            case .suspended: queue.isSuspended = try bool("suspended")
            case .location: queue.location = try decodeLocation("location")
            }
        }
        guard hasName else { throw error(at: offset, "queue #\(number) has no \"name\"") }
        queue.position = position(offset)
        for key in unknown {
            recordUnknownKey(key, context: "queue \(quoted(queue.name))", allowed: QueueKey.table.names)
        }
        return queue
    }
}
