/// Operations and references read but not yet appended to the columns: the decoder adds a
/// row per operation and per reference, and `flush` appends a batch of rows column by column.
/// Appending each value to its column checked the column's array for sharing and room once
/// per value, about two dozen times per operation; a batch checks each column once.
struct StagedRows {
    struct Operation {
        var nameStart: UInt32
        var nameLength: UInt32
        var nameHash: UInt64
        var queue: Int32
        var start: OperationGraph.Operation.StartMode
        var priority: Int
        var qualityOfService: QualityOfService
        var duration: Double
        var addedAt: Double
        var kind: OperationGraph.Operation.Kind
        var flags: UInt8
        var count: Int
        var position: UInt64
        var queuePosition: UInt64
        var referenceStart: UInt32
        var referenceCount: UInt32
        var detailIndex: Int32
    }

    struct Reference {
        var nameStart: UInt32
        var nameLength: UInt32
        var position: UInt64
        var hash: UInt64
    }

    /// Operations per batch.
    static let batch = 256
    /// Values of 8 bytes or less the scratch buffer of `flush` holds: a batch of operations, or
    /// the references appended at once.
    static let scratchValues = 4 * batch

    var operations: [Operation] = []
    var references: [Reference] = []

    init() {
        operations.reserveCapacity(Self.batch)
        references.reserveCapacity(Self.scratchValues)
    }

    /// Whether the rows make a batch.
    var isFull: Bool { operations.count >= Self.batch || references.count >= Self.scratchValues }

    /// Appends the rows to `columns` (with their hashes when `hashing`) and empties them.
    mutating func flush(into columns: inout OperationColumns, hashing: Bool) {
        // Each column's values are gathered into a buffer on the stack, then appended at once.
        withUnsafeTemporaryAllocation(byteCount: Self.scratchValues * 8, alignment: 8) { scratch in
            let scratch = scratch.baseAddress!
            if !operations.isEmpty {
                operations.withUnsafeBufferPointer { rows in
                    Self.gather(rows, { $0.nameStart }, into: &columns.nameStart, scratch)
                    Self.gather(rows, { $0.nameLength }, into: &columns.nameLength, scratch)
                    if hashing { Self.gather(rows, { $0.nameHash }, into: &columns.nameHashes, scratch) }
                    Self.gather(rows, { $0.queue }, into: &columns.queue, scratch)
                    Self.gather(rows, { $0.start }, into: &columns.start, scratch)
                    Self.gather(rows, { $0.priority }, into: &columns.priority, scratch)
                    Self.gather(rows, { $0.qualityOfService }, into: &columns.qualityOfService, scratch)
                    Self.gather(rows, { $0.duration }, into: &columns.duration, scratch)
                    Self.gather(rows, { $0.addedAt }, into: &columns.addedAt, scratch)
                    Self.gather(rows, { $0.kind }, into: &columns.kind, scratch)
                    Self.gather(rows, { $0.flags }, into: &columns.flags, scratch)
                    Self.gather(rows, { $0.count }, into: &columns.count, scratch)
                    Self.gather(rows, { $0.position }, into: &columns.position, scratch)
                    Self.gather(rows, { $0.queuePosition }, into: &columns.queuePosition, scratch)
                    Self.gather(rows, { $0.referenceStart }, into: &columns.referenceStart, scratch)
                    Self.gather(rows, { $0.referenceCount }, into: &columns.referenceCount, scratch)
                    Self.gather(rows, { $0.detailIndex }, into: &columns.detailIndex, scratch)
                }
                operations.removeAll(keepingCapacity: true)
            }
            // References come in batches of up to a scratch buffer each (one operation may have
            // any number of them).
            var done = 0
            while done < references.count {
                let end = min(references.count, done + Self.scratchValues)
                references.withUnsafeBufferPointer { all in
                    let rows = UnsafeBufferPointer(rebasing: all[done..<end])
                    Self.gather(rows, { $0.nameStart }, into: &columns.referenceNameStart, scratch)
                    Self.gather(rows, { $0.nameLength }, into: &columns.referenceNameLength, scratch)
                    Self.gather(rows, { $0.position }, into: &columns.referencePosition, scratch)
                    if hashing { Self.gather(rows, { $0.hash }, into: &columns.referenceHashes, scratch) }
                }
                done = end
            }
            references.removeAll(keepingCapacity: true)
        }
    }

    /// Appends `value` of each row to `column`, gathered first in `scratch` (room for 8 bytes
    /// per row), so that the column takes them in one append.
    @inline(__always)
    private static func gather<Row, Value>(
        _ rows: UnsafeBufferPointer<Row>, _ value: (Row) -> Value, into column: inout [Value], _ scratch: UnsafeMutableRawPointer
    ) {
        precondition(rows.count <= scratchValues && MemoryLayout<Value>.stride <= 8, "a batch larger than the scratch buffer")
        let values = scratch.bindMemory(to: Value.self, capacity: rows.count)
        for k in rows.indices { (values + k).initialize(to: value(rows[k])) }
        column.append(contentsOf: UnsafeBufferPointer(start: values, count: rows.count))
    }
}
