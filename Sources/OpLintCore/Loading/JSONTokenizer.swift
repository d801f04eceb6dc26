import CSimdJSON

/// The kinds of JSON token the pull parser returns.
enum JSONTokenKind: Int32 {
    case end = 0, objectStart, objectEnd, arrayStart, arrayEnd, key, string
    case int64, uint64, double, `true`, `false`, null, error
}

/// One JSON token; `bytes` is valid while its tokenizer lives.
struct JSONToken {
    var raw: csj_token

    @inline(__always) var kind: JSONTokenKind { JSONTokenKind(rawValue: raw.kind) ?? .error }
    /// Byte offset of the token's first character.
    @inline(__always) var offset: UInt32 { UInt32(truncatingIfNeeded: raw.offset) }
    /// The unescaped UTF-8 bytes of a key or string.
    @inline(__always) var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: raw.string, count: Int(raw.length))
    }
    /// The key or string as a Swift string.
    @inline(__always) var text: String { String(decoding: bytes, as: UTF8.self) }
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

    deinit {
        csj_close(cursor)
        batch.deallocate()
    }

    /// The next token; after `.end` or `.error` the same kind comes again.
    @inline(__always) func next() -> JSONToken {
        if index == count {
            count = csj_next_batch(cursor, batch, batchCapacity)
            index = 0
        }
        let token = batch[index]
        if token.kind != JSONTokenKind.end.rawValue && token.kind != JSONTokenKind.error.rawValue {
            index += 1
        }
        return JSONToken(raw: token)
    }

    /// Why parsing stopped: the message and the byte offset.
    var failure: (message: String, offset: Int) {
        (String(cString: csj_error_message(cursor)), Int(csj_error_offset(cursor)))
    }
}
