/// The bytes of one report on their way to standard output or a file. A format appends text,
/// numbers and escaped strings; between findings it calls `endFinding()`, which hands the
/// bytes over once there are at least `chunkSize` of them. A report of a hundred thousand
/// findings is never one `String`, nor one array, in memory.
public struct ReportWriter: TextBuffer {
    var bytes: [UInt8] = []
    /// The least number of bytes handed over at once (the last chunk may be smaller).
    let chunkSize: Int
    private let sink: ([UInt8]) throws -> Void
    /// The containers of the JSON value being written, innermost last (`ReportWriter+JSON`).
    var jsonLevels: [JSONLevel] = []

    init(chunkSize: Int, sink: @escaping ([UInt8]) throws -> Void) {
        self.chunkSize = max(1, chunkSize)
        self.sink = sink
        bytes.reserveCapacity(min(self.chunkSize, 1 << 22) + (1 << 16))
    }

    /// Between two findings: hands the bytes written so far to the sink once there are at
    /// least `chunkSize` of them.
    ///
    /// - Complexity: O(1), or O(*n*) for the *n* bytes handed over.
    mutating func endFinding() throws {
        guard bytes.count >= chunkSize else { return }
        try sink(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// At the end of the report: hands over whatever is left.
    mutating func finish() throws {
        assert(jsonLevels.isEmpty, "a JSON container was left open")
        guard !bytes.isEmpty else { return }
        try sink(bytes)
        bytes = []
    }

    /// What `write` writes, in one array.
    ///
    /// - Complexity: O(size of the output).
    static func collect(_ write: (inout ReportWriter) throws -> Void) rethrows -> [UInt8] {
        var all: [UInt8] = []
        try withoutActuallyEscaping({ (chunk: [UInt8]) in
            if all.isEmpty { all = chunk } else { all += chunk }
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
        try withoutActuallyEscaping(write) { write in
            var out = ReportWriter(chunkSize: chunkSize, sink: write)
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
