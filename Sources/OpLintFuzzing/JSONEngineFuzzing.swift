import CSimdJSON

/// The JSON pull parser behind the graph loader, fuzzed against its reference: the
/// hand-written scanner and simdjson's On-Demand API must give the same tokens for every
/// valid document and both refuse every invalid one.
enum JSONEngineFuzzing {
    static let target = FuzzTarget(
        name: "json-engines",
        summary: "CSimdJSON: the scanner and simdjson On-Demand give the same tokens, or both an error",
        maximumLength: 4096,
        repositorySeeds: ["examples"]
    ) { bytes throws(FuzzFailure) in
        let scanner = try JSONTokens.read(bytes, engine: Int32(CSJ_ENGINE_SCANNER))
        let onDemand = try JSONTokens.read(bytes, engine: Int32(CSJ_ENGINE_ONDEMAND))
        switch (scanner, onDemand) {
        case (.tokens(let a), .tokens(let b)):
            try require(a.count == b.count, "the scanner read \(a.count) tokens, On-Demand \(b.count)")
            for (index, (x, y)) in zip(a, b).enumerated() {
                try require(x == y, "token \(index) differs: scanner \(x), On-Demand \(y)")
            }
        case (.error, .error):
            break
        case (.tokens, .error(let message)):
            throw FuzzFailure("the scanner accepts what On-Demand refuses (\(message))")
        case (.error(let message), .tokens):
            throw FuzzFailure("the scanner refuses what On-Demand accepts (\(message))")
        }
    }
}

/// The tokens of one document as both engines must report them.
enum JSONTokens {
    /// One token: kind, offset (not for closing brackets, where simdjson reports where its
    /// iterator stopped), the string's bytes and the number's values.
    struct Token: Equatable, CustomStringConvertible {
        var kind: Int32
        var offset: UInt64?
        var text: [UInt8]
        var integer: Int64
        var unsigned: UInt64
        var number: Double

        var description: String {
            "kind \(kind) at \(offset.map(String.init) ?? "-") \"\(String(decoding: text, as: UTF8.self))\" \(integer) \(unsigned) \(number)"
        }
    }

    enum Outcome {
        case tokens([Token])
        case error(String)
    }

    /// Reads `bytes` to the end with `engine`; also checks what holds for any engine: no more
    /// tokens than bytes, strings and errors inside the document.
    static func read(_ bytes: [UInt8], engine: Int32) throws(FuzzFailure) -> Outcome {
        let padding = csj_padding()
        var padded = bytes
        padded.append(contentsOf: repeatElement(0, count: padding))
        let length = bytes.count
        return try padded.withUnsafeBufferPointer { buffer throws(FuzzFailure) -> Outcome in
            guard let base = buffer.baseAddress, let cursor = csj_open_engine(base, length, buffer.count, engine) else {
                throw FuzzFailure("csj_open_engine returned NULL for \(length) bytes")
            }
            defer { csj_close(cursor) }
            var tokens: [Token] = []
            var raw = csj_token()
            // Every token but the last END starts at a byte of its own.
            while tokens.count <= length + 1 {
                let kind = csj_next(cursor, &raw)
                switch kind {
                case Int32(CSJ_TOKEN_END.rawValue):
                    try require(csj_error_code(cursor) == Int32(CSJ_ERROR_NONE.rawValue), "END with an error code")
                    try require(csj_next(cursor, &raw) == kind, "END is not repeated")
                    return .tokens(tokens)
                case Int32(CSJ_TOKEN_ERROR.rawValue):
                    let code = csj_error_code(cursor)
                    try require(code > 0 && code <= 9, "an error token with error code \(code)")
                    try require(csj_error_offset(cursor) <= UInt64(length), "error offset \(csj_error_offset(cursor)) past the end (\(length))")
                    try require(csj_next(cursor, &raw) == kind, "ERROR is not repeated")
                    return .error(String(cString: csj_error_message(cursor)))
                default:
                    try require(kind > 0 && kind < 13, "unknown token kind \(kind)")
                    var text: [UInt8] = []
                    if kind == Int32(CSJ_TOKEN_KEY.rawValue) || kind == Int32(CSJ_TOKEN_STRING.rawValue) {
                        try require(raw.length == 0 || raw.string != nil, "a string token without bytes")
                        try require(Int(raw.length) <= length, "a string of \(raw.length) bytes in \(length)")
                        if let string = raw.string {
                            text = Array(UnsafeRawBufferPointer(start: string, count: Int(raw.length)))
                        }
                    }
                    let closing = kind == Int32(CSJ_TOKEN_OBJECT_END.rawValue) || kind == Int32(CSJ_TOKEN_ARRAY_END.rawValue)
                    // simdjson places a closing bracket where its iterator stopped, which may be the end.
                    try require(raw.offset < UInt64(length) || (closing && raw.offset == UInt64(length)),
                                "token offset \(raw.offset) past the end (\(length))")
                    let isNumber = kind == Int32(CSJ_TOKEN_INT64.rawValue) || kind == Int32(CSJ_TOKEN_UINT64.rawValue)
                        || kind == Int32(CSJ_TOKEN_DOUBLE.rawValue)
                    if isNumber { try require(raw.number.isFinite, "a number token that is not finite") }
                    tokens.append(Token(
                        kind: kind, offset: closing ? nil : raw.offset, text: text,
                        integer: kind == Int32(CSJ_TOKEN_INT64.rawValue) ? raw.integer : 0,
                        unsigned: kind == Int32(CSJ_TOKEN_UINT64.rawValue) ? raw.unsigned_integer : 0,
                        number: isNumber ? raw.number : 0))
                }
            }
            throw FuzzFailure("more than \(length + 1) tokens from \(length) bytes")
        }
    }
}
