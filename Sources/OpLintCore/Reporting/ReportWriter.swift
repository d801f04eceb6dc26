/// The bytes of one report on their way to standard output or a file. A format appends text,
/// numbers and escaped strings; between findings it calls `endFinding()`, which hands the
/// bytes over once there are at least `chunkSize` of them. A report of a hundred thousand
/// findings is never one `String`, nor one array, in memory.
///
/// The writer owns its buffer (it cannot be copied): appending a byte is a store and a count,
/// with no array bookkeeping.
public struct ReportWriter: TextBuffer, ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// The least number of bytes handed over at once (the last chunk may be smaller).
    let chunkSize: Int
    private let sink: (UnsafeBufferPointer<UInt8>) throws -> Void
    /// Where the JSON value being written stands (`ReportWriter+JSON`).
    var json = JSONNesting()
    /// How many threads may write a long run of findings (`writeItems`).
    var threads = 1

    /// A writer whose buffer holds `capacity` bytes before it grows (by default a chunk and
    /// some room to finish a finding in).
    init(chunkSize: Int, capacity: Int? = nil, sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) {
        self.chunkSize = max(1, chunkSize)
        self.sink = sink
        self.capacity = max(1, capacity ?? min(self.chunkSize, 1 << 22) + (1 << 16))
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(bytes more: UnsafeBufferPointer<UInt8>) {
        guard let source = more.baseAddress else { return }
        if capacity - count < more.count { grow(toHold: more.count) }
        (base + count).initialize(from: source, count: more.count)
        count += more.count
    }

    /// Room for `extra` more bytes: where to store them. The caller stores at most `extra`
    /// bytes there, then counts them with `advance(by:)`.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < extra { grow(toHold: extra) }
        return base + count
    }

    /// Counts `stored` bytes stored where `reserve(_:)` said.
    @inline(__always)
    mutating func advance(by stored: Int) {
        count += stored
    }

    /// How many bytes are written and not yet handed over.
    var writtenCount: Int { count }

    /// The bytes written since `writtenCount` was `from`, where they are (valid until the next write).
    func bytesWritten(since from: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + from, count: count - from)
    }

    /// Makes room for `extra` more bytes, at least doubling the buffer.
    private mutating func grow(toHold extra: Int) {
        base = OwnedBytes.grown(base, count: count, capacity: &capacity, toHold: extra)
    }

    /// Between two findings: hands the bytes written so far to the sink once there are at
    /// least `chunkSize` of them.
    ///
    /// - Complexity: O(1), or O(*n*) for the *n* bytes handed over.
    mutating func endFinding() throws {
        guard count >= chunkSize else { return }
        try handOver()
    }

    /// Lends the bytes written and not yet handed over.
    func withWritten(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written and not yet handed over, keeping the memory.
    mutating func removeAll() {
        count = 0
    }

    /// At the end of the report: hands over whatever is left.
    mutating func finish() throws {
        assert(json.depth == 0, "a JSON container was left open")
        guard count > 0 else { return }
        try handOver()
    }

    /// The sink reads the bytes where they are, then the buffer is reused: no chunk is
    /// copied, nor allocated afresh (a fresh 4 MiB allocation is mapped and faulted in page by page).
    private mutating func handOver() throws {
        let chunk = UnsafeBufferPointer(start: base, count: count)
        count = 0
        try sink(chunk)
    }

    /// Bytes taken out of a writer (`takeWritten`), owned by whoever holds them until they are
    /// handed to the writer's sink (`handOverSink`) and given back as the buffer a writer goes on in.
    struct TakenBytes: @unchecked Sendable {
        fileprivate let base: UnsafeMutablePointer<UInt8>
        fileprivate let count: Int
        fileprivate let capacity: Int

        /// The bytes, valid until the buffer is reused or deallocated.
        var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

        func deallocate() {
            base.deallocate()
        }
    }

    /// Takes the bytes written and not yet handed over out of the writer, which goes on in
    /// `spare` (bytes taken out earlier and handed over since, whose memory is reused) or in a
    /// new buffer as large as the one taken.
    mutating func takeWritten(continuingIn spare: TakenBytes?) -> TakenBytes {
        let taken = TakenBytes(base: base, count: count, capacity: capacity)
        if let spare {
            base = spare.base
            capacity = spare.capacity
        } else {
            base = .allocate(capacity: capacity)
        }
        count = 0
        return taken
    }

    /// The sink, to hand bytes taken out of the writer over outside it.
    var handOverSink: (UnsafeBufferPointer<UInt8>) throws -> Void { sink }

    /// What `write` writes, in one array.
    ///
    /// - Complexity: O(size of the output).
    static func collect(_ write: (inout ReportWriter) throws -> Void) rethrows -> [UInt8] {
        var all: [UInt8] = []
        try withoutActuallyEscaping({ (chunk: UnsafeBufferPointer<UInt8>) in
            all.append(contentsOf: chunk)
        }) { sink in
            var out = ReportWriter(chunkSize: .max, sink: sink)
            try write(&out)
            // Collecting never fails.
            try? out.finish()
        }
        return all
    }
}

extension FindingReporter {
    /// The report handed to `write` in chunks of at least `chunkSize` bytes (the last one may
    /// be smaller); an error thrown by `write` ends the report.
    ///
    /// - Complexity: O(size of the report).
    public func report(_ result: LintResult, context: ReportContext, chunkSize: Int, to write: ([UInt8]) throws -> Void) throws {
        try stream(result, context: context, chunkSize: chunkSize) { chunk in try write(Array(chunk)) }
    }

    /// `report(_:context:chunkSize:to:)` with each chunk lent where it was written: `write`
    /// must not keep the buffer, which is reused for the next chunk.
    ///
    /// - Complexity: O(size of the report).
    ///
    /// With `threads` above one, long runs of findings are written on that many threads
    /// (`ReportWriter.writeItems`), and `write` is called from any of them, one call at a time,
    /// in order: the same bytes either way.
    public func stream(
        _ result: LintResult, context: ReportContext, chunkSize: Int, threads: Int = 1,
        to write: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        try withoutActuallyEscaping(write) { write in
            var out = ReportWriter(chunkSize: chunkSize, sink: write)
            out.threads = max(1, threads)
            try self.write(result, context: context, to: &out)
            try out.finish()
        }
    }

    /// The whole report as UTF-8 bytes.
    ///
    /// - Complexity: O(size of the report).
    public func reportBytes(_ result: LintResult, context: ReportContext) -> [UInt8] {
        // Only handing bytes over throws, and collecting them never does.
        (try? ReportWriter.collect { out in try write(result, context: context, to: &out) }) ?? []
    }

    /// The whole report as text.
    ///
    /// - Complexity: O(size of the report).
    public func report(_ result: LintResult, context: ReportContext) -> String {
        String(decoding: reportBytes(result, context: context), as: UTF8.self)
    }
}
