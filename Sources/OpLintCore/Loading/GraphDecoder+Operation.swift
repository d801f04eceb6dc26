#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `operations` array: the hot path of loading, written straight into the columns of
/// `OperationGraph.OperationList` — no `Operation` value and no array per operation.
extension GraphDecoder {
    /// Appends the operations of the `operations` array.
    func decodeOperations(into list: inout OperationGraph.OperationList) throws(LoadError) {
        let start = try next()
        guard start.kind == .arrayStart else { throw typeError("operations", "an array of operations", start) }
        // About one operation per 96 bytes and two references per operation in typical files:
        // reserving that once avoids copying large arrays while they grow; pages never written
        // cost nothing. Capped so a huge file of something else does not reserve gigabytes.
        let expected = min(byteCount / 96, 4_000_000)
        list.columns.reserve(operations: expected, references: 2 * expected, textBytes: 24 * expected)
        // Names are hashed as they are read when every earlier operation has its hash too.
        let hashing = list.columns.nameHashes.count == list.columns.operationCount
            && list.columns.referenceHashes.count == list.columns.referenceTotal
        defer {
            if !hashing {
                list.columns.nameHashes = []
                list.columns.referenceHashes = []
            }
        }
        var queues = QueueSymbols(list.columns)
        var rows = StagedRows()
        while true {
            let token = try next(acceptingPause: chunk != nil)
            if token.kind == .pause {
                // An operation starts where the other thread started reading.
                rows.flush(into: &list.columns, hashing: hashing)
                if let chunk, join(chunk, at: token, into: &list) { continue }
                continue
            }
            if token.kind == .arrayEnd {
                rows.flush(into: &list.columns, hashing: hashing)
                return
            }
            guard token.kind == .objectStart else {
                throw error(at: token.offset, "each operation must be an object, found \(describe(token))")
            }
            try decodeOperation(into: &list.columns, rows: &rows, at: token.offset, hashing: hashing, queues: &queues)
        }
    }

    /// Takes the operations the other thread read, when the reader paused at the very operation
    /// it started at and it read to the end of the array; then the next token is the array's end.
    private func join(_ chunk: OperationChunk, at token: JSONToken, into list: inout OperationGraph.OperationList) -> Bool {
        guard Int(token.offset) == chunk.start, let outcome = chunk.wait(), let end = outcome.arrayEnd,
              tokenizer.resume(at: end) else { return false }
        list.columns.append(outcome.columns, documentShift: 0, inParallel: Parallel.cores > 1)
        unknownKeys.keys += outcome.unknownKeys
        chunk.markJoined()
        return true
    }

    /// Room for the operations of `byteCount` bytes of an array read from the middle; none
    /// more when `list` has it already.
    static func reserveElements(in list: inout OperationGraph.OperationList, byteCount: Int) {
        list.columns.reserve(operations: byteCount / 96, references: byteCount / 48, textBytes: byteCount / 4)
    }

    /// The operations of an array read from the middle (`OperationChunk`): each object up to
    /// the array's end, whose offset it returns.
    func decodeOperationElements(into list: inout OperationGraph.OperationList) throws(LoadError) -> Int {
        Self.reserveElements(in: &list, byteCount: byteCount)
        var queues = QueueSymbols(list.columns)
        var rows = StagedRows()
        while true {
            let token = try next()
            if token.kind == .arrayEnd {
                guard try next().kind == .end else { throw error(at: token.offset, "unexpected content after the array") }
                rows.flush(into: &list.columns, hashing: true)
                return Int(token.offset)
            }
            guard token.kind == .objectStart else {
                throw error(at: token.offset, "each operation must be an object, found \(describe(token))")
            }
            try decodeOperation(into: &list.columns, rows: &rows, at: token.offset, hashing: true, queues: &queues)
        }
    }

    /// One operation object, after its `{`: a row in `rows` (its text and its rarely set
    /// settings straight in `columns`), appended to `columns` with the rows before it once
    /// `rows` has a batch.
    private func decodeOperation(
        into columns: inout OperationColumns, rows: inout StagedRows, at offset: UInt32,
        hashing: Bool, queues: inout QueueSymbols
    ) throws(LoadError) {
        let number = columns.operationCount + rows.operations.count + 1
        var name: (start: UInt32, length: UInt32)?
        var queue: Int32 = -1
        var queuePosition = PackedPosition.none
        var start: OperationGraph.Operation.StartMode?
        var priority = 0
        var qualityOfService = QualityOfService.default
        var duration = 1.0
        var addedAt = 0.0
        var kind = OperationGraph.Operation.Kind.block
        var flags = OperationColumns.Flags.defaults
        var count = 1
        var details: OperationGraph.Operation.Details?
        func details_() -> OperationGraph.Operation.Details {
            if let details { return details }
            let made = OperationGraph.Operation.Details()
            details = made
            return made
        }
        let firstReference = UInt32(truncatingIfNeeded: columns.referenceTotal + rows.references.count)
        var unknown: [(key: JSONToken, context: String, allowed: [String])] = []
        func set(_ flag: UInt8, _ on: Bool) { flags = on ? flags | flag : flags & ~flag }
        // Once per operation, not once per key: a global's every use checks that it is made.
        let keys = OperationKey.table
        while true {
            let key = try next()
            if key.kind == .objectEnd { break }
            guard let known = keys.key(key.bytes) else {
                unknown.append((key, "", OperationKey.table.names))
                try skipValue(try next())
                continue
            }
            switch known {
            case .name:
                let token = try stringToken("name")
                name = appendText(token.bytes, to: &columns)
            case .queue:
                let token = try stringToken("queue")
                queue = queues.symbol(token.bytes, in: &columns)
                queuePosition = PackedPosition.pack(position(token.offset))
            case .start: start = try named("start", OperationGraph.Operation.StartMode.self)
            case .dependencies:
                try dependencies(into: &columns, rows: &rows, hashing: hashing, &unknown)
            case .priority: priority = try self.priority().rawValue
            case .qualityOfService: qualityOfService = try named("qualityOfService", QualityOfService.self)
            case .duration: duration = try seconds("duration")
            case .addedAt: addedAt = try seconds("addedAt")
            case .kind: kind = try named("kind", OperationGraph.Operation.Kind.self)
            case .asynchronous: set(OperationColumns.Flags.asynchronous, try bool("asynchronous"))
            case .finishes: set(OperationColumns.Flags.finishes, try bool("finishes"))
            case .checksCancellation: set(OperationColumns.Flags.checksCancellation, try bool("checksCancellation"))
            case .waitsFor: details_().waitsFor = try names("waitsFor")
            case .waitsForQueues: details_().waitsForQueues = try names("waitsForQueues")
            case .exclusive: details_().exclusive = try strings("exclusive")
            case .barrier: set(OperationColumns.Flags.barrier, try bool("barrier"))
            case .reads: details_().reads = try strings("reads")
            case .writes: details_().writes = try strings("writes")
            case .count: count = try integer("count", atLeast: 1)
            case .location: details_().location = try decodeLocation("location")
            case .labels: details_().labels = try labels("labels")
            case .oplint: details_().disabledRules = try oplintSettings(&unknown)
            }
        }
        guard let name else { throw error(at: offset, "operation #\(number) has no \"name\"") }
        var nameHash: UInt64 = 0
        if hashing {
            nameHash = columns.text.withUnsafeBufferPointer { text in
                NameTable.hash(bytes: UnsafeBufferPointer(rebasing: text[Int(name.start)..<Int(name.start + name.length)]))
            }
        }
        var detailIndex: Int32 = -1
        if let details {
            detailIndex = Int32(columns.details.count)
            columns.details.append(details)
        }
        rows.operations.append(StagedRows.Operation(
            nameStart: name.start, nameLength: name.length, nameHash: nameHash, queue: queue,
            start: start ?? (queue < 0 ? .never : .queue), priority: priority, qualityOfService: qualityOfService,
            duration: duration, addedAt: addedAt, kind: kind, flags: flags, count: count,
            position: PackedPosition.pack(position(offset)), queuePosition: queuePosition,
            referenceStart: firstReference,
            referenceCount: UInt32(truncatingIfNeeded: columns.referenceTotal + rows.references.count) - firstReference,
            detailIndex: detailIndex))
        if rows.isFull { rows.flush(into: &columns, hashing: hashing) }
        if !unknown.isEmpty {
            let owner = "operation \(quoted(columns.string(name.start, name.length)))"
            for entry in unknown {
                let context = entry.context.isEmpty ? owner : "\(entry.context) of \(owner)"
                recordUnknownKey(entry.key, context: context, allowed: entry.allowed)
            }
        }
    }

    /// A string token.
    private func stringToken(_ key: String) throws(LoadError) -> JSONToken {
        let token = try next()
        guard token.kind == .string else { throw typeError(key, "a string", token) }
        return token
    }

    /// Copies a token's bytes to the end of `columns.text`.
    @inline(__always)
    private func appendText(_ bytes: UnsafeRawBufferPointer, to columns: inout OperationColumns) -> (start: UInt32, length: UInt32) {
        let start = UInt32(truncatingIfNeeded: columns.text.count)
        columns.text.append(contentsOf: UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count))
        return (start, UInt32(truncatingIfNeeded: bytes.count))
    }

    /// `priority`: a name (`"high"`) or any integer.
    private func priority() throws(LoadError) -> QueuePriority {
        let token = try next()
        let expected = "one of \"veryLow\", \"low\", \"normal\", \"high\", \"veryHigh\" or an integer"
        if let value = token.integer { return QueuePriority(rawValue: value) }
        guard token.kind == .string else { throw typeError("priority", expected, token) }
        switch PriorityName.table.key(token.bytes) {
        case .veryLow: return .veryLow
        case .low: return .low
        case .normal: return .normal
        case .high: return .high
        case .veryHigh: return .veryHigh
        case nil: throw typeError("priority", expected, token)
        }
    }

    /// `dependencies`: names, or `{"name", "location"}` objects, appended as references.
    private func dependencies(
        into columns: inout OperationColumns, rows: inout StagedRows, hashing: Bool,
        _ unknown: inout [(key: JSONToken, context: String, allowed: [String])]
    ) throws(LoadError) {
        let start = try next()
        let expected = "an array of operation names (strings or {\"name\", \"location\"} objects)"
        guard start.kind == .arrayStart else { throw typeError("dependencies", expected, start) }
        while true {
            let token = try next()
            switch token.kind {
            case .arrayEnd:
                return
            case .string:
                let name = appendText(token.bytes, to: &columns)
                let hash = hashing ? NameTable.hash(bytes: UnsafeBufferPointer(
                    start: token.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: token.bytes.count)) : 0
                rows.references.append(StagedRows.Reference(
                    nameStart: name.start, nameLength: name.length, position: PackedPosition.pack(position(token.offset)), hash: hash))
            case .objectStart:
                let reference = try dependencyObject(at: token.offset, &unknown)
                // Written out (extracted graphs): appended straight to the columns, after the rows.
                rows.flush(into: &columns, hashing: hashing)
                columns.appendReference(reference)
                if hashing { columns.referenceHashes.append(NameTable.hash(reference.name)) }
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

/// Queue names to their index in `OperationColumns.queueNames`, looked up by their bytes: a
/// file of a million operations names a handful of queues a million times.
struct QueueSymbols {
    private var slots: [Int32]
    private var slotHashes: [UInt64]
    private var bytes: [[UInt8]]

    init(_ columns: OperationColumns) {
        slots = [Int32](repeating: -1, count: 64)
        slotHashes = [UInt64](repeating: 0, count: 64)
        bytes = []
        for name in columns.queueNames { insert(Array(name.utf8)) }
    }

    /// The symbol of the queue name in `token`, added to `columns` if new.
    mutating func symbol(_ token: UnsafeRawBufferPointer, in columns: inout OperationColumns) -> Int32 {
        let buffer = UnsafeBufferPointer(start: token.baseAddress?.assumingMemoryBound(to: UInt8.self), count: token.count)
        let hash = NameTable.hash(bytes: buffer)
        let mask = slots.count - 1
        var p = Int(truncatingIfNeeded: hash) & mask
        while true {
            let v = slots[p]
            if v < 0 { break }
            if slotHashes[p] == hash && Self.same(bytes[Int(v)], buffer) { return v }
            p = (p + 1) & mask
        }
        let symbol = columns.queueSymbol(String(decoding: buffer, as: UTF8.self))
        insert(Array(buffer))
        return symbol
    }

    /// Whether `name` holds exactly the bytes of `token`.
    @inline(__always) private static func same(_ name: [UInt8], _ token: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count == token.count && name.withUnsafeBufferPointer { name in
            name.isEmpty || memcmp(name.baseAddress!, token.baseAddress!, name.count) == 0
        }
    }

    /// Adds the next symbol's name.
    private mutating func insert(_ name: [UInt8]) {
        bytes.append(name)
        if bytes.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            slotHashes = [UInt64](repeating: 0, count: slots.count)
            for symbol in bytes.indices { place(symbol) }
        } else {
            place(bytes.count - 1)
        }
    }

    private mutating func place(_ symbol: Int) {
        let hash = bytes[symbol].withUnsafeBufferPointer(NameTable.hash(bytes:))
        let mask = slots.count - 1
        var p = Int(truncatingIfNeeded: hash) & mask
        while slots[p] >= 0 { p = (p + 1) & mask }
        slots[p] = Int32(symbol)
        slotHashes[p] = hash
    }
}
