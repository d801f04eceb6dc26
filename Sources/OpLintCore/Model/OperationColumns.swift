/// The storage of an `OperationList`: one array per property, so that a graph of a million
/// operations is a few dozen flat arrays rather than a million records with an array each.
///
/// Names and references are bytes in one shared `text` buffer, addressed by start and length;
/// replacing a name appends its new bytes and leaves the old ones unused, so that every
/// change is O(its size). Settings most operations leave at their defaults (`waitsFor`,
/// `exclusive`, `labels`, …) stay in `Operation.Details` objects, one for each operation that
/// has any. A value: copies share each array until one of them changes it (copy on write).
struct OperationColumns: @unchecked Sendable {
    /// The UTF-8 bytes of every name and reference.
    var text: [UInt8] = []

    // One entry per operation.
    var nameStart: [UInt32] = []
    var nameLength: [UInt32] = []
    /// Index in `queueNames`, or -1 for an operation added to no queue.
    var queue: [Int32] = []
    var start: [OperationGraph.Operation.StartMode] = []
    var priority: [Int] = []
    var qualityOfService: [QualityOfService] = []
    var duration: [Double] = []
    var addedAt: [Double] = []
    var kind: [OperationGraph.Operation.Kind] = []
    /// `Flags` bits.
    var flags: [UInt8] = []
    var count: [Int] = []
    /// `PackedPosition` values.
    var position: [UInt64] = []
    var queuePosition: [UInt64] = []
    /// The operation's dependencies are references `referenceStart[i] ..< referenceStart[i] + referenceCount[i]`.
    var referenceStart: [UInt32] = []
    var referenceCount: [UInt32] = []
    /// Index in `details`, or -1.
    var detailIndex: [Int32] = []
    var details: [OperationGraph.Operation.Details] = []

    // One entry per dependency reference.
    var referenceNameStart: [UInt32] = []
    var referenceNameLength: [UInt32] = []
    var referencePosition: [UInt64] = []
    /// Source locations of references, by reference index (extracted graphs only).
    var referenceLocation: [Int: SourceLocation] = [:]

    /// The distinct queue names operations are added to, in order of first use.
    var queueNames: [String] = []
    var queueLookup: [String: Int32] = [:]

    /// Hashes of each name and each reference name (`NameTable.hash`), filled by the JSON
    /// loader while it reads so that resolving names needs no second pass over the text;
    /// empty when the list was built or changed otherwise.
    var nameHashes: [UInt64] = []
    var referenceHashes: [UInt64] = []

    struct Flags {
        static let asynchronous: UInt8 = 1
        static let finishes: UInt8 = 2
        static let checksCancellation: UInt8 = 4
        static let barrier: UInt8 = 8
        static let defaults: UInt8 = finishes | checksCancellation
    }

    init() {}

    var operationCount: Int { nameStart.count }
    var referenceTotal: Int { referenceNameStart.count }

    /// Room for `operations` more operations and `references` more references.
    mutating func reserve(operations: Int, references: Int, textBytes: Int) {
        let n = operationCount + operations
        nameStart.reserveCapacity(n)
        nameLength.reserveCapacity(n)
        queue.reserveCapacity(n)
        start.reserveCapacity(n)
        priority.reserveCapacity(n)
        qualityOfService.reserveCapacity(n)
        duration.reserveCapacity(n)
        addedAt.reserveCapacity(n)
        kind.reserveCapacity(n)
        flags.reserveCapacity(n)
        count.reserveCapacity(n)
        position.reserveCapacity(n)
        queuePosition.reserveCapacity(n)
        referenceStart.reserveCapacity(n)
        referenceCount.reserveCapacity(n)
        detailIndex.reserveCapacity(n)
        let r = referenceTotal + references
        referenceNameStart.reserveCapacity(r)
        referenceNameLength.reserveCapacity(r)
        referencePosition.reserveCapacity(r)
        text.reserveCapacity(text.count + textBytes)
    }
}

/// A `DocumentPosition?` in eight bytes: the document in the high half, the offset in the low.
enum PackedPosition {
    static let none = UInt64.max

    @inline(__always) static func pack(_ position: DocumentPosition?) -> UInt64 {
        guard let position else { return none }
        return UInt64(UInt32(bitPattern: position.document)) << 32 | UInt64(position.offset)
    }

    @inline(__always) static func unpack(_ value: UInt64) -> DocumentPosition? {
        guard value != none else { return nil }
        return DocumentPosition(document: Int32(bitPattern: UInt32(truncatingIfNeeded: value >> 32)), offset: UInt32(truncatingIfNeeded: value))
    }

    /// The same position in a document `shift` places further on.
    @inline(__always) static func shifted(_ value: UInt64, by shift: Int32) -> UInt64 {
        guard value != none, shift != 0 else { return value }
        return pack(unpack(value).map { DocumentPosition(document: $0.document + shift, offset: $0.offset) })
    }
}
