/// `GraphWriter.write` without the `JSONText` value: the same text, written straight into
/// one byte buffer. (`JSONText` boxes every value; for a graph of thousands of operations,
/// building, rendering and freeing that tree cost several times the writing itself.)
///
/// The layout is `JSONText.rendered()`'s: two-space indentation; an array of scalars, and an
/// object of at most three scalar members, on one line; everything inside a one-line value
/// on that line too.
extension GraphWriter {
    /// Writes the text of `json(graph).rendered()`, without building the value.
    ///
    /// - Complexity: O(size of the graph).
    func write(_ graph: OperationGraph, to json: inout JSONStream, halvesAbove: Int = .max) {
        json.beginObject(count: 3 + (graph.events.isEmpty ? 0 : 1) + (Self.settings(graph.simulation).isEmpty ? 0 : 1)
                            + (graph.source == nil ? 0 : 1), allScalar: false)
        json.key("version")
        json.integer(1)
        json.key("queues")
        json.beginArray(count: graph.queues.count, allScalar: false)
        for queue in graph.queues {
            json.item()
            write(graph, queue, to: &json)
        }
        json.end()
        json.key("operations")
        json.beginArray(count: graph.operations.count, allScalar: false)
        let count = graph.operations.count
        if count > halvesAbove {
            // The second half goes to a stream that starts where the first half will end; its
            // bytes are appended to the first's.
            let half = count / 2
            var second = json.continuation(written: half)
            Parallel.bothOnDispatchThreads({
                for i in 0..<half {
                    json.item()
                    writeOperation(graph, at: i, to: &json)
                }
            }, {
                for i in half..<count {
                    second.item()
                    writeOperation(graph, at: i, to: &second)
                }
            })
            json.append(continuation: second)
        } else {
            for i in graph.operations.indices {
                json.item()
                writeOperation(graph, at: i, to: &json)
            }
        }
        json.end()
        if !graph.events.isEmpty {
            json.key("events")
            json.beginArray(count: graph.events.count, allScalar: false)
            for event in graph.events {
                json.item()
                json.beginObject(count: event.location == nil ? 2 : 3, allScalar: event.location == nil)
                json.key("at")
                json.number(event.at)
                json.key(escaping: event.action.key)
                json.string(event.action.target)
                if let location = event.location { location.write(to: &json) }
                json.end()
            }
            json.end()
        }
        let settings = Self.settings(graph.simulation)
        if !settings.isEmpty {
            json.key("simulation")
            json.beginObject(count: settings.count, allScalar: true)
            for (key, value) in settings {
                json.key(escaping: key)
                json.integer(value)
            }
            json.end()
        }
        if let source = graph.source {
            json.key("source")
            let count = (source.tool == nil ? 0 : 1) + (source.version == nil ? 0 : 1) + 1
            json.beginObject(count: count, allScalar: false)
            if let tool = source.tool { json.key("tool"); json.string(tool) }
            if let version = source.version { json.key("version"); json.string(version) }
            json.key("files")
            json.beginArray(count: source.files.count, allScalar: true)
            for file in source.files {
                json.item()
                json.string(file)
            }
            json.end()
            json.end()
        }
        json.end()
    }

    /// The simulation settings that are set, in the format's order.
    private static func settings(_ simulation: OperationGraph.SimulationSettings) -> [(String, Int)] {
        var settings: [(String, Int)] = []
        if let width = simulation.defaultWidth { settings.append(("defaultWidth", width)) }
        if let threads = simulation.threads { settings.append(("threads", threads)) }
        if let cores = simulation.cores { settings.append(("cores", cores)) }
        if let cpus = simulation.cpus { settings.append(("cpus", cpus)) }
        return settings
    }

    private func write(_ graph: OperationGraph, _ queue: OperationGraph.Queue, to json: inout JSONStream) {
        let location = graph.location(of: queue)
        let hasMax = queue.maxConcurrentOperationCount != -1
        let hasQoS = queue.qualityOfService != .default
        let count = 1 + (hasMax ? 1 : 0) + (hasQoS ? 1 : 0) + (queue.isMain ? 1 : 0) + (queue.isSuspended ? 1 : 0) + (location == nil ? 0 : 1)
        json.beginObject(count: count, allScalar: location == nil)
        json.key("name")
        json.string(queue.name)
        if hasMax { json.key("maxConcurrentOperationCount"); json.integer(queue.maxConcurrentOperationCount) }
        if hasQoS { json.key("qualityOfService"); json.string(queue.qualityOfService.rawValue) }
        if queue.isMain { json.key("main"); json.bool(true) }
        if queue.isSuspended { json.key("suspended"); json.bool(true) }
        location?.write(to: &json)
        json.end()
    }

    /// Operation `i` of `graph`, read from its columns: no `Operation` value is made for it.
    private func writeOperation(_ graph: OperationGraph, at i: Int, to json: inout JSONStream) {
        let columns = graph.operations.columns
        let detail = columns.detailIndex[i]
        let details = detail < 0 ? nil : columns.details[Int(detail)]
        let location = graph.location(details?.location ?? nil, PackedPosition.unpack(columns.position[i]))
        let queue = Int(columns.queue[i])
        let start = columns.start[i]
        let defaultStart: OperationGraph.Operation.StartMode = queue < 0 ? .never : .queue
        let priority = QueuePriority(rawValue: columns.priority[i])
        let qualityOfService = columns.qualityOfService[i]
        let duration = columns.duration[i]
        let addedAt = columns.addedAt[i]
        let kind = columns.kind[i]
        let flags = columns.flags[i]
        let isAsynchronous = flags & OperationColumns.Flags.asynchronous != 0
        let finishes = flags & OperationColumns.Flags.finishes != 0
        let checksCancellation = flags & OperationColumns.Flags.checksCancellation != 0
        let isBarrier = flags & OperationColumns.Flags.barrier != 0
        let count = columns.count[i]
        let firstReference = Int(columns.referenceStart[i])
        let references = firstReference..<firstReference + Int(columns.referenceCount[i])
        let waitsFor = details?.waitsFor ?? []
        let waitsForQueues = details?.waitsForQueues ?? []
        let exclusive = details?.exclusive ?? []
        let reads = details?.reads ?? []
        let writes = details?.writes ?? []
        let labels = details?.labels ?? [:]
        // Scalar members present, then containers: the object is on one line only when it
        // has no container and at most three members.
        let scalars = 1 + (queue < 0 ? 0 : 1) + (start != defaultStart ? 1 : 0) + (priority != .normal ? 1 : 0)
            + (qualityOfService != .default ? 1 : 0) + (duration != 1 ? 1 : 0) + (addedAt != 0 ? 1 : 0)
            + (kind != .block ? 1 : 0) + (isAsynchronous ? 1 : 0) + (!finishes ? 1 : 0)
            + (!checksCancellation ? 1 : 0) + (isBarrier ? 1 : 0) + (count != 1 ? 1 : 0)
        let containers = (references.isEmpty ? 0 : 1) + (waitsFor.isEmpty ? 0 : 1) + (waitsForQueues.isEmpty ? 0 : 1)
            + (exclusive.isEmpty ? 0 : 1) + (reads.isEmpty ? 0 : 1) + (writes.isEmpty ? 0 : 1)
            + (location == nil ? 0 : 1) + (labels.isEmpty ? 0 : 1)
        json.beginObject(count: scalars + containers, allScalar: containers == 0)
        json.key("name")
        columns.text.withUnsafeBufferPointer { text in
            json.string(utf8: UnsafeBufferPointer(rebasing: text[Int(columns.nameStart[i])..<Int(columns.nameStart[i]) + Int(columns.nameLength[i])]))
        }
        if queue >= 0 { json.key("queue"); json.string(columns.queueNames[queue]) }
        if start != defaultStart { json.key("start"); json.string(start.rawValue) }
        if !references.isEmpty {
            json.key("dependencies")
            func place(_ r: Int) -> SourceLocation? {
                graph.location(columns.referenceLocation.isEmpty ? nil : columns.referenceLocation[r], PackedPosition.unpack(columns.referencePosition[r]))
            }
            json.beginArray(count: references.count, allScalar: references.allSatisfy { place($0) == nil })
            columns.text.withUnsafeBufferPointer { text in
                for r in references {
                    let nameStart = Int(columns.referenceNameStart[r])
                    let name = UnsafeBufferPointer(rebasing: text[nameStart..<nameStart + Int(columns.referenceNameLength[r])])
                    json.item()
                    if let location = place(r) {
                        json.beginObject(count: 2, allScalar: false)
                        json.key("name")
                        json.string(utf8: name)
                        location.write(to: &json)
                        json.end()
                    } else {
                        json.string(utf8: name)
                    }
                }
            }
            json.end()
        }
        if priority != .normal {
            json.key("priority")
            if priority.description == String(priority.rawValue) { json.integer(priority.rawValue) } else { json.string(priority.description) }
        }
        if qualityOfService != .default { json.key("qualityOfService"); json.string(qualityOfService.rawValue) }
        if duration != 1 { json.key("duration"); json.number(duration) }
        if addedAt != 0 { json.key("addedAt"); json.number(addedAt) }
        if kind != .block { json.key("kind"); json.string(kind.rawValue) }
        if isAsynchronous { json.key("asynchronous"); json.bool(true) }
        if !finishes { json.key("finishes"); json.bool(false) }
        if !checksCancellation { json.key("checksCancellation"); json.bool(false) }
        if !waitsFor.isEmpty { json.key("waitsFor"); json.strings(waitsFor.lazy.map(\.name), count: waitsFor.count) }
        if !waitsForQueues.isEmpty {
            json.key("waitsForQueues")
            json.strings(waitsForQueues.lazy.map(\.name), count: waitsForQueues.count)
        }
        if !exclusive.isEmpty { json.key("exclusive"); json.strings(exclusive, count: exclusive.count) }
        if isBarrier { json.key("barrier"); json.bool(true) }
        if !reads.isEmpty { json.key("reads"); json.strings(reads, count: reads.count) }
        if !writes.isEmpty { json.key("writes"); json.strings(writes, count: writes.count) }
        if count != 1 { json.key("count"); json.integer(count) }
        location?.write(to: &json)
        if !labels.isEmpty {
            json.key("labels")
            json.beginObject(count: labels.count, allScalar: true)
            for key in labels.keys.sorted() {
                json.key(escaping: key)
                json.string(labels[key] ?? "")
            }
            json.end()
        }
        json.end()
    }
}

private extension SourceLocation {
    /// The `location` member: `{"file": …, "line": …, "column": …}`.
    func write(to json: inout JSONStream) {
        json.key("location")
        json.beginObject(count: 3, allScalar: true)
        json.key("file")
        json.string(file)
        json.key("line")
        json.integer(line)
        json.key("column")
        json.integer(column)
        json.end()
    }
}

/// Pretty-printed JSON written as it goes, laid out as `JSONText.rendered()` lays out the
/// same value: the caller says, when it opens a container, how many members it will write
/// and whether they are all scalars.
struct JSONStream: ~Copyable {
    /// Collects everything (no chunk is handed over before `text()`). It starts at 512 KiB, from
    /// the heap: a larger buffer would be mapped on its own and faulted in 4 KiB at a time.
    private var out = ReportWriter(chunkSize: .max, capacity: 1 << 19) { _ in }
    /// An open container: its indentation level (-1 on one line), the members written, and
    /// whether it is an object.
    private struct Frame {
        var level: Int
        var written: Int
        var isObject: Bool
    }

    /// The innermost open container, held apart from the ones around it (`enclosing`): every
    /// member and item updates it, with no array to check and write back each time.
    private var top = Frame(level: -1, written: 0, isObject: false)
    private var isOpen = false
    private var enclosing: [Frame] = []

    /// The text written and a line feed, once every container is closed.
    consuming func text() -> String {
        precondition(!isOpen, "a JSON container was left open")
        out.append(byte: 0x0A)
        var text = ""
        out.withWritten { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// The bytes written and a line feed, once every container is closed.
    consuming func bytes() -> [UInt8] {
        withBytes { Array($0) }
    }

    /// The bytes written and a line feed, once every container is closed, lent to `body` where
    /// they were written: no array is made of them.
    consuming func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        precondition(!isOpen, "a JSON container was left open")
        out.append(byte: 0x0A)
        return try body(out.bytesWritten(since: 0))
    }

    /// A stream that goes on from where this one will stand once the innermost container
    /// holds `written` members: the same open containers, no bytes yet. Its bytes follow this
    /// stream's (`append(continuation:)`) once this one has written those members.
    func continuation(written: Int) -> JSONStream {
        var next = JSONStream()
        next.enclosing = enclosing
        next.top = top
        next.top.written = written
        next.isOpen = isOpen
        return next
    }

    /// Appends the bytes of `continuation` and takes over where it stands.
    mutating func append(continuation: consuming JSONStream) {
        continuation.out.withWritten { out.append(bytes: $0) }
        enclosing = continuation.enclosing
        top = continuation.top
        isOpen = continuation.isOpen
    }

    /// The level of a value written now: nil inside a one-line container.
    private var valueLevel: Int? {
        guard isOpen else { return 0 }
        return top.level < 0 ? nil : top.level + 1
    }

    /// Opens an object of `count` members; on one line inside a one-line container, or
    /// when it has at most three members, all scalars.
    mutating func beginObject(count: Int, allScalar: Bool) {
        open(isObject: true, count: count, inline: allScalar && count <= 3)
    }

    /// Opens an array of `count` items; on one line inside a one-line container, or when
    /// its items are all scalars.
    mutating func beginArray(count: Int, allScalar: Bool) {
        open(isObject: false, count: count, inline: allScalar)
    }

    private mutating func open(isObject: Bool, count: Int, inline: Bool) {
        let level = valueLevel
        // An empty container is `{}` or `[]` wherever it is.
        let oneLine = level == nil || inline || count == 0
        out.append(byte: isObject ? 0x7B : 0x5B)
        if !oneLine { out.append(byte: 0x0A) }
        if isOpen { enclosing.append(top) }
        top = Frame(level: oneLine ? -1 : level ?? -1, written: 0, isObject: isObject)
        isOpen = true
    }

    /// Closes the innermost container.
    mutating func end() {
        precondition(isOpen, "no JSON container is open")
        if top.level >= 0 {
            out.append(byte: 0x0A)
            out.append(spaces: 2 * top.level)
        }
        out.append(byte: top.isObject ? 0x7D : 0x5D)
        if let outer = enclosing.popLast() { top = outer } else { isOpen = false }
    }

    /// Before the next member or item: the separator and the indentation.
    private mutating func next() {
        // The separator and the indentation, stored at once.
        let indent = top.level >= 0 ? 2 * (top.level + 1) : 0
        let at = out.reserve(indent + 2)
        var n = 0
        if top.written > 0 {
            at[0] = 0x2C
            at[1] = top.level < 0 ? 0x20 : 0x0A
            n = 2
        }
        (at + n).initialize(repeating: 0x20, count: indent)
        out.advance(by: n + indent)
        top.written += 1
    }

    /// The next member's key, any text (escaped).
    mutating func key(escaping key: String) {
        next()
        string(key)
        out.append(byte: 0x3A)
        out.append(byte: 0x20)
    }

    /// The next member's key, one of the format's own (ASCII, nothing to escape).
    mutating func key(_ key: StaticString) {
        next()
        // `"key": `, stored at once.
        let count = key.utf8CodeUnitCount
        let at = out.reserve(count + 4)
        at[0] = 0x22
        (at + 1).update(from: key.utf8Start, count: count)
        at[count + 1] = 0x22
        at[count + 2] = 0x3A
        at[count + 3] = 0x20
        out.advance(by: count + 4)
    }

    /// Before the next array item.
    mutating func item() {
        next()
    }

    /// A string literal, escaped as `JSONText` escapes it.
    mutating func string(_ value: String) {
        out.append(byte: 0x22)
        out.append(jsonStringContentKeepingDelete: value)
        out.append(byte: 0x22)
    }

    /// A string literal given as UTF-8 bytes, escaped as `JSONText` escapes it.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        out.append(byte: 0x22)
        out.append(jsonStringContentKeepingDelete: utf8)
        out.append(byte: 0x22)
    }
    mutating func integer(_ value: Int) { out.append(integer: value) }
    mutating func number(_ value: Double) { out.append(JSONText.format(value)) }
    mutating func bool(_ value: Bool) {
        let text: StaticString = value ? "true" : "false"
        out.append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// An array of strings (on one line).
    mutating func strings<Names: Sequence<String>>(_ values: Names, count: Int) {
        beginArray(count: count, allScalar: true)
        for value in values {
            item()
            string(value)
        }
        end()
    }
}
