/// Moving whole `Operation` values in and out of the columns.
extension OperationColumns {
    /// Appends `bytes` to `text`; returns where they start.
    @inline(__always) mutating func appendText(_ name: String) -> (start: UInt32, length: UInt32) {
        let start = UInt32(truncatingIfNeeded: text.count)
        name.withUTF8Bytes { text.append(contentsOf: $0) }
        return (start, UInt32(truncatingIfNeeded: text.count) - start)
    }

    /// The string at `start` with `length` bytes of `text`.
    @inline(__always) func string(_ start: UInt32, _ length: UInt32) -> String {
        text.withUnsafeBufferPointer { text in
            let source = UnsafeBufferPointer(rebasing: text[Int(start)..<Int(start) + Int(length)])
            return String(unsafeUninitializedCapacity: source.count) { buffer in
                _ = buffer.initialize(fromContentsOf: source)
                return source.count
            }
        }
    }

    /// The index of queue name `name` in `queueNames`, added if new.
    mutating func queueSymbol(_ name: String) -> Int32 {
        // Operations next to each other mostly share a queue: the last one's is tried first.
        if let previous = queue.last, previous >= 0, queueNames[Int(previous)] == name { return previous }
        let next = Int32(queueNames.count)
        let symbol = queueLookup.value(forKey: name, insertingIfMissing: next)
        if symbol == next { queueNames.append(name) }
        return symbol
    }

    /// Appends one reference; returns its index.
    @discardableResult
    mutating func appendReference(_ reference: OperationGraph.Reference) -> Int {
        let (start, length) = appendText(reference.name)
        referenceNameStart.append(start)
        referenceNameLength.append(length)
        referencePosition.append(PackedPosition.pack(reference.position))
        let index = referenceNameStart.count - 1
        if let location = reference.location { referenceLocation[index] = location }
        return index
    }

    /// Appends `operation`.
    ///
    /// - Complexity: O(size of its name and dependencies).
    mutating func append(_ operation: OperationGraph.Operation) {
        nameHashes = []
        referenceHashes = []
        let (start, length) = appendText(operation.name)
        nameStart.append(start)
        nameLength.append(length)
        queue.append(operation.queue.map { queueSymbol($0) } ?? -1)
        self.start.append(operation.start)
        priority.append(operation.priority.rawValue)
        qualityOfService.append(operation.qualityOfService)
        duration.append(operation.duration)
        addedAt.append(operation.addedAt)
        kind.append(operation.kind)
        flags.append(Self.flags(of: operation))
        count.append(operation.count)
        position.append(PackedPosition.pack(operation.position))
        queuePosition.append(PackedPosition.pack(operation.queuePosition))
        referenceStart.append(UInt32(truncatingIfNeeded: referenceNameStart.count))
        referenceCount.append(UInt32(truncatingIfNeeded: operation.dependencies.count))
        for dependency in operation.dependencies { appendReference(dependency) }
        if let details = operation.details {
            detailIndex.append(Int32(self.details.count))
            self.details.append(details)
        } else {
            detailIndex.append(-1)
        }
    }

    static func flags(of operation: OperationGraph.Operation) -> UInt8 {
        (operation.isAsynchronous ? Flags.asynchronous : 0) | (operation.finishes ? Flags.finishes : 0)
            | (operation.checksCancellation ? Flags.checksCancellation : 0) | (operation.isBarrier ? Flags.barrier : 0)
    }

    /// Replaces operation `i` with `operation`; a name or dependency list that changed is
    /// appended anew, so the cost is that of the new values, never of the whole list.
    mutating func set(_ i: Int, _ operation: OperationGraph.Operation) {
        if !hasName(i, operation.name) {
            nameHashes = []
            let (start, length) = appendText(operation.name)
            nameStart[i] = start
            nameLength[i] = length
        }
        queue[i] = operation.queue.map { queueSymbol($0) } ?? -1
        start[i] = operation.start
        priority[i] = operation.priority.rawValue
        qualityOfService[i] = operation.qualityOfService
        duration[i] = operation.duration
        addedAt[i] = operation.addedAt
        kind[i] = operation.kind
        flags[i] = Self.flags(of: operation)
        count[i] = operation.count
        position[i] = PackedPosition.pack(operation.position)
        queuePosition[i] = PackedPosition.pack(operation.queuePosition)
        if dependencies(of: i) != operation.dependencies {
            referenceHashes = []
            referenceStart[i] = UInt32(truncatingIfNeeded: referenceNameStart.count)
            referenceCount[i] = UInt32(truncatingIfNeeded: operation.dependencies.count)
            for dependency in operation.dependencies { appendReference(dependency) }
        }
        if let details = operation.details {
            if detailIndex[i] >= 0 {
                self.details[Int(detailIndex[i])] = details
            } else {
                detailIndex[i] = Int32(self.details.count)
                self.details.append(details)
            }
        } else {
            detailIndex[i] = -1
        }
    }

    /// Whether operation `i` is called `name`, without making a string.
    func hasName(_ i: Int, _ name: String) -> Bool {
        return name.withUTF8Bytes { bytes in
            guard bytes.count == Int(nameLength[i]) else { return false }
            return text.withUnsafeBufferPointer { text in
                bytes.elementsEqual(text[Int(nameStart[i])..<Int(nameStart[i]) + bytes.count])
            }
        }
    }

    /// The name of operation `i`.
    @inline(__always) func name(_ i: Int) -> String { string(nameStart[i], nameLength[i]) }

    /// The name of reference `r`.
    @inline(__always) func referenceName(_ r: Int) -> String { string(referenceNameStart[r], referenceNameLength[r]) }

    /// Reference `r` as a value.
    func reference(_ r: Int) -> OperationGraph.Reference {
        OperationGraph.Reference(referenceName(r), location: referenceLocation.isEmpty ? nil : referenceLocation[r],
                                 position: PackedPosition.unpack(referencePosition[r]))
    }

    /// The dependencies of operation `i` as values.
    func dependencies(of i: Int) -> [OperationGraph.Reference] {
        let first = Int(referenceStart[i])
        return (first..<first + Int(referenceCount[i])).map(reference)
    }

    /// Operation `i` as a value.
    ///
    /// - Complexity: O(size of its name and dependencies).
    func operation(_ i: Int) -> OperationGraph.Operation {
        var operation = OperationGraph.Operation(
            name: name(i),
            queue: queue[i] < 0 ? nil : queueNames[Int(queue[i])],
            start: start[i],
            dependencies: dependencies(of: i),
            priority: QueuePriority(rawValue: priority[i]),
            qualityOfService: qualityOfService[i],
            duration: duration[i],
            addedAt: addedAt[i]
        )
        operation.kind = kind[i]
        let flags = self.flags[i]
        operation.isAsynchronous = flags & Flags.asynchronous != 0
        operation.finishes = flags & Flags.finishes != 0
        operation.checksCancellation = flags & Flags.checksCancellation != 0
        operation.isBarrier = flags & Flags.barrier != 0
        operation.count = count[i]
        operation.position = PackedPosition.unpack(position[i])
        operation.queuePosition = PackedPosition.unpack(queuePosition[i])
        let detail = detailIndex[i]
        if detail >= 0 { operation.details = details[Int(detail)] }
        return operation
    }
}
