import CSimdJSON

/// The kinds of JSON token the pull parser returns.
enum JSONTokenKind: Int32 {
    case end = 0, objectStart, objectEnd, arrayStart, arrayEnd, key, string
    case int64, uint64, double, `true`, `false`, null, error
    /// The reader stopped before an array element (`JSONTokenizer.pause(at:)`).
    case pause
}

/// One JSON token; `bytes` is valid while its tokenizer lives.
struct JSONToken {
    var raw: csj_token

    init(raw: csj_token) {
        self.raw = raw
    }

    /// A token with only its C kind set (for tests).
    init(cKind: Int32) {
        var raw = csj_token()
        raw.kind = cKind
        self.raw = raw
    }

    @inline(__always) var kind: JSONTokenKind {
        // The C side only produces kinds 0...14, which are exactly the cases.
        raw.kind >= 0 && raw.kind <= 14 ? unsafeBitCast(UInt8(truncatingIfNeeded: raw.kind), to: JSONTokenKind.self) : .error
    }
    /// Byte offset of the token's first character.
    @inline(__always) var offset: UInt32 { UInt32(truncatingIfNeeded: raw.offset) }
    /// The unescaped UTF-8 bytes of a key or string.
    @inline(__always) var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: raw.string, count: Int(raw.length))
    }
    /// The key or string as a Swift string.
    @inline(__always) var text: String {
        let source = bytes
        return String(unsafeUninitializedCapacity: source.count) { buffer in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            return source.count
        }
    }
    /// The value of an integer token that fits in `Int`.
    var integer: Int? {
        switch kind {
        case .int64: Int(raw.integer)
        default: nil
        }
    }
    /// The value of any number token.
    var number: Double? {
        switch kind {
        case .int64, .uint64, .double: raw.number
        default: nil
        }
    }
    /// True for numbers; integers written without a fraction or exponent included.
    var isNumber: Bool { kind == .int64 || kind == .uint64 || kind == .double }
}

/// Pulls tokens from simdjson in batches over a padded buffer.
///
/// The buffer must stay alive and unchanged while the tokenizer is used.
final class JSONTokenizer {
    private let cursor: OpaquePointer
    private let batch: UnsafeMutablePointer<csj_token>
    private let batchCapacity = 512
    private var index = 0
    private var count = 0

    /// The number of readable bytes the buffer needs after its content.
    static var padding: Int { csj_padding() }

    /// The deepest nesting accepted.
    static var maxDepth: Int { csj_max_depth() }

    /// The parsers behind the same tokens: the default scanner, and simdjson's On-Demand API
    /// (the reference the scanner is tested against).
    enum Engine {
        case scanner, onDemand
    }

    /// Starts on `bytes[0..<length]`; `capacity` bytes (≥ length + padding) are readable.
    init?(bytes: UnsafePointer<UInt8>, length: Int, capacity: Int, engine: Engine = .scanner) {
        let code = engine == .scanner ? Int32(CSJ_ENGINE_SCANNER) : Int32(CSJ_ENGINE_ONDEMAND)
        guard let cursor = csj_open_engine(bytes, length, capacity, code) else { return nil }
        self.cursor = cursor
        self.batch = .allocate(capacity: batchCapacity)
    }

    /// Starts on the elements of an array from the element at `start`, which follows a comma
    /// of that array: its tokens, then the array's end, then `.end` (`csj_open_elements`).
    init?(elementsOf bytes: UnsafePointer<UInt8>, length: Int, capacity: Int, start: Int) {
        guard let cursor = csj_open_elements(bytes, length, capacity, start) else { return nil }
        self.cursor = cursor
        self.batch = .allocate(capacity: batchCapacity)
    }

    deinit {
        csj_close(cursor)
        batch.deallocate()
    }

    /// Before the first token: validate UTF-8 up to `end` first, the rest when parsing reaches it.
    func limitValidation(to end: Int) {
        _ = csj_limit_validation(cursor, end)
    }

    /// Before the first token: stop once with a `.pause` token when an array element starts at `offset`.
    func pause(at offset: Int) {
        _ = csj_pause_at(cursor, offset)
    }

    /// Right after a `.pause`: continue at `offset`, just after the last element of the array
    /// the pause was in (a batch ends at a pause, so no token was read beyond it).
    func resume(at offset: Int) -> Bool {
        csj_resume(cursor, offset) != 0
    }

    /// The next token; after `.end` or `.error` the same kind comes again. A `.pause` comes
    /// only to `next(acceptingPause: true)`; otherwise the reader goes on past it.
    @inline(__always) func next(acceptingPause: Bool = false) -> JSONToken {
        while true {
            if index == count {
                count = csj_next_batch(cursor, batch, batchCapacity)
                index = 0
            }
            let token = batch[index]
            if token.kind != JSONTokenKind.end.rawValue && token.kind != JSONTokenKind.error.rawValue {
                index += 1
            }
            if token.kind == JSONTokenKind.pause.rawValue && !acceptingPause { continue }
            return JSONToken(raw: token)
        }
    }

    /// Why parsing stopped: the message and the byte offset.
    var failure: (message: String, offset: Int) {
        (String(cString: csj_error_message(cursor)), Int(csj_error_offset(cursor)))
    }
}
