/// The `operations` array: the hot path of loading.
extension GraphDecoder {
    /// Appends the operations of the `operations` array, each built in place.
    func decodeOperations(into operations: inout [OperationGraph.Operation]) throws(LoadError) {
        let start = try next()
        guard start.kind == .arrayStart else { throw typeError("operations", "an array of operations", start) }
        // About one operation per 96 bytes in typical files: reserving that once avoids copying
        // (and touching twice) a large array while it grows; pages never written cost nothing.
        operations.reserveCapacity(operations.count + byteCount / 96)
        var scratch: [OperationGraph.Reference] = []
        while true {
            let token = try next()
            if token.kind == .arrayEnd { return }
            guard token.kind == .objectStart else {
                throw error(at: token.offset, "each operation must be an object, found \(describe(token))")
            }
            operations.append(OperationGraph.Operation(name: ""))
            let number = operations.count
            try decodeOperation(into: &operations[number - 1], at: token.offset, number: number, scratch: &scratch)
        }
    }

    /// One operation object, after its `{`.
    private func decodeOperation(
        into operation: inout OperationGraph.Operation, at offset: UInt32, number: Int,
        scratch: inout [OperationGraph.Reference]
    ) throws(LoadError) {
        var hasName = false
        var start: OperationGraph.Operation.StartMode?
        var unknown: [(key: JSONToken, context: String, allowed: [String])] = []
        while true {
            let key = try next()
            if key.kind == .objectEnd { break }
            guard let known = OperationKey.table.key(key.bytes) else {
                unknown.append((key, "", OperationKey.table.names))
                try skipValue(try next())
                continue
            }
            switch known {
            case .name:
                operation.name = try string("name").0
                hasName = true
            case .queue:
                let (queue, queueOffset) = try string("queue")
                operation.queue = queue
                operation.queuePosition = position(queueOffset)
            case .start: start = try named("start", OperationGraph.Operation.StartMode.self)
            case .dependencies: operation.dependencies = try dependencies(&unknown, scratch: &scratch)
            case .priority: operation.priority = try priority()
            case .qualityOfService: operation.qualityOfService = try named("qualityOfService", QualityOfService.self)
            case .duration: operation.duration = try seconds("duration")
            case .addedAt: operation.addedAt = try seconds("addedAt")
            case .kind: operation.kind = try named("kind", OperationGraph.Operation.Kind.self)
            case .asynchronous: operation.isAsynchronous = try bool("asynchronous")
            case .finishes: operation.finishes = try bool("finishes")
            case .checksCancellation: operation.checksCancellation = try bool("checksCancellation")
            case .waitsFor: operation.waitsFor = try names("waitsFor")
            case .waitsForQueues: operation.waitsForQueues = try names("waitsForQueues")
            case .exclusive: operation.exclusive = try strings("exclusive")
            case .barrier: operation.isBarrier = try bool("barrier")
            case .reads: operation.reads = try strings("reads")
            case .writes: operation.writes = try strings("writes")
            case .count: operation.count = try integer("count", atLeast: 1)
            case .location: operation.location = try decodeLocation("location")
            case .labels: operation.labels = try labels("labels")
            case .oplint: operation.disabledRules = try oplintSettings(&unknown)
            }
        }
        guard hasName else { throw error(at: offset, "operation #\(number) has no \"name\"") }
        operation.start = start ?? (operation.queue == nil ? .never : .queue)
        operation.position = position(offset)
        if !unknown.isEmpty {
            let owner = "operation \(quoted(operation.name))"
            for entry in unknown {
                let context = entry.context.isEmpty ? owner : "\(entry.context) of \(owner)"
                recordUnknownKey(entry.key, context: context, allowed: entry.allowed)
            }
        }
    }

    /// `priority`: a name (`"high"`) or any integer.
    private func priority() throws(LoadError) -> QueuePriority {
        let token = try next()
        let expected = "one of \"veryLow\", \"low\", \"normal\", \"high\", \"veryHigh\" or an integer"
        if let value = token.integer { return QueuePriority(rawValue: value) }
        guard token.kind == .string else { throw typeError("priority", expected, token) }
        let text = token.text
        guard let match = QueuePriority.named.first(where: { $0.name == text }) else {
            throw typeError("priority", expected, token)
        }
        return match.priority
    }

    /// `dependencies`: names, or `{"name", "location"}` objects.
    ///
    /// Collected in `scratch` so the result is allocated once, at its exact size.
    private func dependencies(
        _ unknown: inout [(key: JSONToken, context: String, allowed: [String])],
        scratch: inout [OperationGraph.Reference]
    ) throws(LoadError) -> [OperationGraph.Reference] {
        let start = try next()
        let expected = "an array of operation names (strings or {\"name\", \"location\"} objects)"
        guard start.kind == .arrayStart else { throw typeError("dependencies", expected, start) }
        scratch.removeAll(keepingCapacity: true)
        while true {
            let token = try next()
            switch token.kind {
            case .arrayEnd:
                // A copy at the exact size (`Array(scratch)` would share scratch's larger buffer).
                return [OperationGraph.Reference](unsafeUninitializedCapacity: scratch.count) { buffer, count in
                    count = buffer.initialize(fromContentsOf: scratch)
                }
            case .string:
                scratch.append(OperationGraph.Reference(token.text, position: position(token.offset)))
            case .objectStart:
                scratch.append(try dependencyObject(at: token.offset, &unknown))
            default:
                throw error(at: token.offset,
                    "each item of \"dependencies\" must be an operation name (a string) or a {\"name\", \"location\"} object, found \(describe(token))")
            }
        }
    }

    /// One `{"name": …, "location": …}` dependency, after its `{`.
    private func dependencyObject(
        at offset: UInt32, _ unknown: inout [(key: JSONToken, context: String, allowed: [String])]
    ) throws(LoadError) -> OperationGraph.Reference {
        var reference = OperationGraph.Reference("")
        var hasName = false
        while true {
            let key = try next()
            if key.kind == .objectEnd { break }
            switch ReferenceKey.table.key(key.bytes) {
            case .name:
                let (name, nameOffset) = try string("name")
                reference.name = name
                reference.position = position(nameOffset)
                hasName = true
            case .location:
                reference.location = try decodeLocation("location")
            case nil:
                unknown.append((key, "a dependency", ReferenceKey.table.names))
                try skipValue(try next())
            }
        }
        guard hasName else { throw error(at: offset, "a dependency object has no \"name\"") }
        return reference
    }

    /// `"oplint": {"disable": ["OPL304", "priority-inversion"]}`.
    private func oplintSettings(
        _ unknown: inout [(key: JSONToken, context: String, allowed: [String])]
    ) throws(LoadError) -> [String] {
        let start = try next()
        guard start.kind == .objectStart else {
            throw typeError("oplint", "an object such as {\"disable\": [\"OPL304\"]}", start)
        }
        var disabled: [String] = []
        while true {
            let key = try next()
            if key.kind == .objectEnd { return disabled }
            switch OplintSettingsKey.table.key(key.bytes) {
            case .disable: disabled = try strings("disable")
            case nil:
                unknown.append((key, "the oplint settings", OplintSettingsKey.table.names))
                try skipValue(try next())
            }
        }
    }
}
