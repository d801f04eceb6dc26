/// Reading one property of one operation without building the whole value: what code that
/// walks every operation of a large graph uses. Each accessor is O(1) unless it says otherwise.
extension OperationGraph.OperationList {
    public func name(at i: Int) -> String { columns.name(i) }

    /// Whether operation `i` is called `name`, without making a string.
    public func hasName(at i: Int, _ name: String) -> Bool { columns.hasName(i, name) }

    /// The name of the queue operation `i` is added to, nil for none.
    public func queueName(at i: Int) -> String? {
        let symbol = columns.queue[i]
        return symbol < 0 ? nil : columns.queueNames[Int(symbol)]
    }

    /// The distinct queue names operations are added to, in order of first use.
    public var queueNames: [String] { columns.queueNames }

    /// Operation `i`'s queue as an index in `queueNames`, -1 for none.
    public func queueNameIndex(at i: Int) -> Int { Int(columns.queue[i]) }

    public func start(at i: Int) -> OperationGraph.Operation.StartMode { columns.start[i] }
    public func priority(at i: Int) -> QueuePriority { QueuePriority(rawValue: columns.priority[i]) }
    public func qualityOfService(at i: Int) -> QualityOfService { columns.qualityOfService[i] }
    public func duration(at i: Int) -> Double { columns.duration[i] }
    public func addedAt(at i: Int) -> Double { columns.addedAt[i] }
    public func kind(at i: Int) -> OperationGraph.Operation.Kind { columns.kind[i] }
    public func isAsynchronous(at i: Int) -> Bool { columns.flags[i] & OperationColumns.Flags.asynchronous != 0 }
    public func finishes(at i: Int) -> Bool { columns.flags[i] & OperationColumns.Flags.finishes != 0 }
    public func checksCancellation(at i: Int) -> Bool { columns.flags[i] & OperationColumns.Flags.checksCancellation != 0 }
    public func isBarrier(at i: Int) -> Bool { columns.flags[i] & OperationColumns.Flags.barrier != 0 }
    public func count(at i: Int) -> Int { columns.count[i] }
    public func position(at i: Int) -> DocumentPosition? { PackedPosition.unpack(columns.position[i]) }
    public func queuePosition(at i: Int) -> DocumentPosition? { PackedPosition.unpack(columns.queuePosition[i]) }

    /// How many dependencies operation `i` declares.
    public func dependencyCount(at i: Int) -> Int { Int(columns.referenceCount[i]) }

    /// Operation `i`'s `k`-th dependency as a value.
    public func dependency(_ k: Int, at i: Int) -> OperationGraph.Reference {
        columns.reference(Int(columns.referenceStart[i]) + k)
    }

    /// Where operation `i`'s `k`-th dependency is written: its source location, else its
    /// position in the graph file — without building its name.
    public func dependencyPlace(_ k: Int, at i: Int) -> (location: SourceLocation?, position: DocumentPosition?) {
        let r = Int(columns.referenceStart[i]) + k
        return (columns.referenceLocation.isEmpty ? nil : columns.referenceLocation[r], PackedPosition.unpack(columns.referencePosition[r]))
    }

    /// The name of operation `i`'s `k`-th dependency.
    public func dependencyName(_ k: Int, at i: Int) -> String {
        columns.referenceName(Int(columns.referenceStart[i]) + k)
    }

    /// Operation `i`'s dependencies as values. - Complexity: O(their number).
    public func dependencies(at i: Int) -> [OperationGraph.Reference] { columns.dependencies(of: i) }

    /// Whether operation `i` sets any of the rarely used settings below.
    public func hasDetails(at i: Int) -> Bool { columns.detailIndex[i] >= 0 }

    private func details(_ i: Int) -> OperationGraph.Operation.Details? {
        let index = columns.detailIndex[i]
        return index < 0 ? nil : columns.details[Int(index)]
    }

    public func waitsFor(at i: Int) -> [OperationGraph.Reference] { details(i)?.waitsFor ?? [] }
    public func waitsForQueues(at i: Int) -> [OperationGraph.Reference] { details(i)?.waitsForQueues ?? [] }
    public func exclusive(at i: Int) -> [String] { details(i)?.exclusive ?? [] }
    public func reads(at i: Int) -> [String] { details(i)?.reads ?? [] }
    public func writes(at i: Int) -> [String] { details(i)?.writes ?? [] }
    public func location(at i: Int) -> SourceLocation? { details(i)?.location ?? nil }
    public func labels(at i: Int) -> [String: String] { details(i)?.labels ?? [:] }
    public func disabledRules(at i: Int) -> [String] { details(i)?.disabledRules ?? [] }
}

extension OperationGraph.OperationList {
    /// Appends `other`'s operations, their positions moved `documentShift` documents on.
    ///
    /// - Complexity: O(size of `other`).
    mutating func append(_ other: OperationGraph.OperationList, documentShift: Int32) {
        columns.append(other.columns, documentShift: documentShift)
    }
}

extension OperationColumns {
    /// Appends every operation of `other`, shifting positions by `documentShift` documents;
    /// with `inParallel`, the text and the reference columns are extended on another thread
    /// while this one extends the operation columns (the same columns either way).
    ///
    /// Each column is extended in place, with no array made in between: the second half of a
    /// large file read on another thread is appended this way, on the critical path of loading,
    /// where most of the time goes to the first writes to the columns' reserved memory.
    mutating func append(_ other: OperationColumns, documentShift shift: Int32, inParallel: Bool = false) {
        let hadHashes = nameHashes.count == operationCount && referenceHashes.count == referenceTotal
        let keepHashes = hadHashes && other.nameHashes.count == other.operationCount && other.referenceHashes.count == other.referenceTotal
        let textBase = UInt32(truncatingIfNeeded: text.count)
        let referenceBase = UInt32(truncatingIfNeeded: referenceNameStart.count)
        let symbols = other.queueNames.map { queueSymbol($0) }
        // The text and the references, moved out so that the other thread owns them.
        var references = ReferenceColumns(moving: &self)
        Parallel.both({
            self.appendOperations(of: other, documentShift: shift, textBase: textBase, referenceBase: referenceBase, queueSymbols: symbols)
            if keepHashes { self.nameHashes += other.nameHashes }
        }, {
            references.append(other, documentShift: shift, textBase: textBase, referenceBase: referenceBase)
            if keepHashes { references.hashes += other.referenceHashes }
        }, inParallel: inParallel)
        references.moveBack(into: &self)
        for (reference, location) in other.referenceLocation { referenceLocation[reference + Int(referenceBase)] = location }
        if !keepHashes {
            nameHashes = []
            referenceHashes = []
        }
    }

    /// The per-operation columns of `append(_:documentShift:inParallel:)`.
    private mutating func appendOperations(
        of other: OperationColumns, documentShift shift: Int32, textBase: UInt32, referenceBase: UInt32, queueSymbols symbols: [Int32]
    ) {
        let detailBase = Int32(details.count)
        nameStart.append(contentsOf: other.nameStart.lazy.map { $0 + textBase })
        nameLength += other.nameLength
        queue.append(contentsOf: other.queue.lazy.map { $0 < 0 ? -1 : symbols[Int($0)] })
        start += other.start
        priority += other.priority
        qualityOfService += other.qualityOfService
        duration += other.duration
        addedAt += other.addedAt
        kind += other.kind
        flags += other.flags
        count += other.count
        if shift == 0 {
            position += other.position
            queuePosition += other.queuePosition
        } else {
            position.append(contentsOf: other.position.lazy.map { PackedPosition.shifted($0, by: shift) })
            queuePosition.append(contentsOf: other.queuePosition.lazy.map { PackedPosition.shifted($0, by: shift) })
        }
        referenceStart.append(contentsOf: other.referenceStart.lazy.map { $0 + referenceBase })
        referenceCount += other.referenceCount
        detailIndex.append(contentsOf: other.detailIndex.lazy.map { $0 < 0 ? -1 : $0 + detailBase })
        details.append(contentsOf: other.details.lazy.map { shift == 0 ? $0 : $0.shifted(by: shift) })
    }
}

/// The text and the per-reference columns of an `OperationColumns`, taken out of it (and put
/// back) without copying, so that another thread can extend them while the operation columns
/// are extended.
private struct ReferenceColumns: @unchecked Sendable {
    var text: [UInt8] = []
    var nameStart: [UInt32] = []
    var nameLength: [UInt32] = []
    var position: [UInt64] = []
    var hashes: [UInt64] = []

    /// Takes the columns out of `columns`, which is left with empty ones.
    init(moving columns: inout OperationColumns) {
        exchange(with: &columns)
    }

    /// Puts the columns back into `columns` (whose own are empty), leaving these empty.
    mutating func moveBack(into columns: inout OperationColumns) {
        exchange(with: &columns)
    }

    private mutating func exchange(with columns: inout OperationColumns) {
        swap(&text, &columns.text)
        swap(&nameStart, &columns.referenceNameStart)
        swap(&nameLength, &columns.referenceNameLength)
        swap(&position, &columns.referencePosition)
        swap(&hashes, &columns.referenceHashes)
    }

    mutating func append(_ other: OperationColumns, documentShift shift: Int32, textBase: UInt32, referenceBase: UInt32) {
        text += other.text
        nameStart.append(contentsOf: other.referenceNameStart.lazy.map { $0 + textBase })
        nameLength += other.referenceNameLength
        if shift == 0 {
            position += other.referencePosition
        } else {
            position.append(contentsOf: other.referencePosition.lazy.map { PackedPosition.shifted($0, by: shift) })
        }
    }
}

extension OperationGraph.Operation.Details {
    /// A copy whose references point `shift` documents further on.
    func shifted(by shift: Int32) -> OperationGraph.Operation.Details {
        let other = copy()
        func moved(_ references: [OperationGraph.Reference]) -> [OperationGraph.Reference] {
            references.map { reference in
                var reference = reference
                reference.position = reference.position.map { DocumentPosition(document: $0.document + shift, offset: $0.offset) }
                return reference
            }
        }
        other.waitsFor = moved(waitsFor)
        other.waitsForQueues = moved(waitsForQueues)
        return other
    }
}
