/// The second half of a large `operations` array, read on another thread while the first
/// half is read on this one.
///
/// The half starts at an element found by its layout (`OperationChunk.split`): a line that
/// begins with `{` after a line that ends with a comma, past the middle of the file. Reading
/// it is a guess that the decoder of the first half confirms when it reaches that very byte
/// as the start of an operation; otherwise, or when either half meets an error, the result is
/// not used and the file is read again from the start on one thread, so that every graph and
/// every message is the one the sequential reader gives.
final class OperationChunk: @unchecked Sendable {
    /// The offset of the `{` of the first operation of the half.
    let start: Int

    /// What reading the half gave.
    struct Outcome {
        var columns: OperationColumns
        var unknownKeys: [OperationGraph.UnknownKey]
        /// The offset of the `]` that closes the array; nil if reading failed.
        var arrayEnd: Int?
    }

    /// Whether the first half's reader took this half's operations.
    private(set) var joined = false
    private var worker: WorkerThread?
    private var outcome: Outcome?
    private var waited = false

    /// Files smaller than this are read on one thread: a second one would not pay for itself.
    static let minimumBytes = 4 << 20

    private init(start: Int) {
        self.start = start
    }

    /// Where to split a file of `length` bytes at `bytes`, or nil for no split.
    ///
    /// - Complexity: O(distance from the middle to the next suitable line), at most 1 MiB.
    static func split(_ bytes: UnsafePointer<UInt8>, length: Int) -> Int? {
        guard length >= minimumBytes else { return nil }
        var p = length / 2
        let limit = min(length, p + (1 << 20))
        while p < limit {
            guard bytes[p] == 0x0A else { p += 1; continue }
            // The previous line ends with a comma …
            var back = p - 1
            while back > 0 && (bytes[back] == 0x20 || bytes[back] == 0x09 || bytes[back] == 0x0D) { back -= 1 }
            // … and the next one starts with `{`.
            var next = p + 1
            while next < length && (bytes[next] == 0x20 || bytes[next] == 0x09) { next += 1 }
            if bytes[back] == 0x2C && next < length && bytes[next] == 0x7B { return next }
            p += 1
        }
        return nil
    }

    /// Starts reading the operations from `start` on another thread.
    static func read(
        _ bytes: UnsafePointer<UInt8>, length: Int, capacity: Int, start: Int, document: Document
    ) -> OperationChunk {
        let chunk = OperationChunk(start: start)
        let source = UnsafeSendable(bytes)
        // The half's columns are reserved on this thread, as the other thread's reader would
        // reserve them: their memory comes from this thread's heap, which huge pages back, and
        // goes back to it once joined, for the index and the rules to use again. Reserved by the
        // other thread, it came from that thread's heap, 4 KiB at a time, and stayed there.
        let reserved = ReservedColumns(bytes: length - start)
        chunk.worker = WorkerThread {
            chunk.outcome = Self.decode(source.value, length: length, capacity: capacity, start: start, document: document,
                                        into: reserved.take())
        }
        return chunk
    }

    /// Columns reserved on one thread and filled on another, held by nothing else.
    private final class ReservedColumns: @unchecked Sendable {
        private var list = OperationGraph.OperationList()

        /// Room for the operations of `bytes` bytes of the array, as `decodeOperationElements` reserves it.
        init(bytes: Int) {
            GraphDecoder.reserveElements(in: &list, byteCount: bytes)
        }

        /// The columns, leaving none here: the caller holds the only reference, so appending
        /// to them copies nothing.
        func take() -> OperationGraph.OperationList {
            var taken = OperationGraph.OperationList()
            swap(&taken, &list)
            return taken
        }
    }

    private static func decode(
        _ bytes: UnsafePointer<UInt8>, length: Int, capacity: Int, start: Int, document: Document,
        into list: consuming OperationGraph.OperationList
    ) -> Outcome {
        var list = list
        guard let tokenizer = JSONTokenizer(elementsOf: bytes, length: length, capacity: capacity, start: start) else {
            return Outcome(columns: list.columns, unknownKeys: [], arrayEnd: nil)
        }
        let decoder = GraphDecoder(tokenizer: tokenizer, document: document, byteCount: length - start)
        let end = try? decoder.decodeOperationElements(into: &list)
        return Outcome(columns: list.columns, unknownKeys: decoder.unknownKeys.keys, arrayEnd: end)
    }

    /// Records that the first half's reader took the operations.
    func markJoined() { joined = true }

    /// Waits for the other thread and returns what it read; later calls return nil.
    func wait() -> Outcome? {
        guard !waited else { return nil }
        waited = true
        worker?.join()
        worker = nil
        let result = outcome
        outcome = nil
        return result
    }
}
