import CSimdJSON
import OpLintCore

/// The reader of configuration and baseline files (`PositionedJSON`) against the graph
/// loader's parser: on valid UTF-8 both accept the same documents with the same values, and
/// every offset the reader keeps lies inside the file.
enum PositionedJSONAgreement {
    /// One value as both parsers see it, in document order.
    enum Piece: Equatable, CustomStringConvertible {
        case objectStart, objectEnd, arrayStart, arrayEnd
        case key([UInt8]), string([UInt8]), number(Double), bool(Bool), null

        var description: String {
            switch self {
            case .key(let bytes): "key \"\(String(decoding: bytes, as: UTF8.self))\""
            case .string(let bytes): "string \"\(String(decoding: bytes, as: UTF8.self))\""
            case .number(let number): "number \(number)"
            case .bool(let value): "\(value)"
            default: "\(self)"
            }
        }
    }

    /// Parses `bytes` with both and compares; returns the reader's document, if it read one.
    static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> PositionedJSON? {
        let document: PositionedJSON?
        var readerError: PositionedJSON.SyntaxError?
        do {
            document = try PositionedJSON.parse(bytes)
        } catch {
            document = nil
            readerError = error
            try require(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside \(bytes.count) bytes")
        }
        if let document { try checkOffsets(document, count: bytes.count) }
        // The reader allows a byte order mark and replaces bad UTF-8; the limits on depth differ.
        guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]), isValidUTF8(bytes) else { return document }
        if readerError?.message == "nested too deeply" { return document }
        let reference = try referencePieces(bytes)
        switch (document, reference) {
        case (let document?, .tokens(let expected)):
            let pieces = Self.pieces(document)
            try require(pieces.count == expected.count, "PositionedJSON read \(pieces.count) values, the loader's parser \(expected.count)")
            for (index, (a, b)) in zip(pieces, expected).enumerated() {
                try require(a == b, "value \(index) differs: PositionedJSON \(a), the loader's parser \(b)")
            }
        case (nil, .error), (_, .depth):
            break
        case (nil, .tokens):
            throw FuzzFailure("PositionedJSON refuses a document the loader's parser accepts: \(readerError?.message ?? "")")
        case (.some, .error(let message, let code, let offset)):
            // The graph loader refuses integers beyond 64 bits (tested in LoadingErrorTests); the
            // configuration reader reads them as doubles, and no setting accepts such a value.
            if code == Int32(CSJ_ERROR_NUMBER.rawValue), isWideInteger(bytes, at: offset) { break }
            throw FuzzFailure("PositionedJSON accepts a document the loader's parser refuses: \(message)")
        }
        return document
    }

    /// Every value's and key's offset is inside the file.
    static func checkOffsets(_ root: PositionedJSON, count: Int) throws(FuzzFailure) {
        var stack = [root]
        while let value = stack.popLast() {
            try require(value.offset >= 0 && value.offset < count, "a value at offset \(value.offset) of \(count) bytes")
            switch value.value {
            case .array(let elements): stack += elements
            case .object(let members):
                for member in members {
                    try require(member.keyOffset >= 0 && member.keyOffset < count, "a key at offset \(member.keyOffset) of \(count) bytes")
                    stack.append(member.value)
                }
            default: break
            }
        }
    }

    /// The document as pieces, without recursion.
    static func pieces(_ root: PositionedJSON) -> [Piece] {
        enum Work { case value(PositionedJSON), piece(Piece) }
        var out: [Piece] = []
        var stack: [Work] = [.value(root)]
        while let work = stack.popLast() {
            switch work {
            case .piece(let piece): out.append(piece)
            case .value(let value):
                switch value.value {
                case .null: out.append(.null)
                case .bool(let flag): out.append(.bool(flag))
                case .number(let number): out.append(.number(number))
                case .string(let text): out.append(.string(Array(text.utf8)))
                case .array(let elements):
                    out.append(.arrayStart)
                    stack.append(.piece(.arrayEnd))
                    stack += elements.reversed().map(Work.value)
                case .object(let members):
                    out.append(.objectStart)
                    stack.append(.piece(.objectEnd))
                    for member in members.reversed() {
                        stack.append(.value(member.value))
                        stack.append(.piece(.key(Array(member.key.utf8))))
                    }
                }
            }
        }
        return out
    }

    enum Reference {
        case tokens([Piece])
        case error(String, code: Int32, offset: Int)
        /// Refused for nesting deeper than its limit.
        case depth
    }

    /// The document as the loader's parser (the scanner engine) reads it.
    static func referencePieces(_ bytes: [UInt8]) throws(FuzzFailure) -> Reference {
        var padded = bytes
        padded.append(contentsOf: repeatElement(0, count: csj_padding()))
        return try padded.withUnsafeBufferPointer { buffer throws(FuzzFailure) -> Reference in
            guard let base = buffer.baseAddress, let cursor = csj_open(base, bytes.count, buffer.count) else {
                throw FuzzFailure("csj_open returned NULL")
            }
            defer { csj_close(cursor) }
            var pieces: [Piece] = []
            var token = csj_token()
            while pieces.count <= bytes.count {
                let kind = UInt32(bitPattern: csj_next(cursor, &token))
                let text: [UInt8] = token.string.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(token.length))) } ?? []
                switch kind {
                case CSJ_TOKEN_END.rawValue: return .tokens(pieces)
                case CSJ_TOKEN_ERROR.rawValue:
                    if csj_error_code(cursor) == Int32(CSJ_ERROR_DEPTH.rawValue) { return .depth }
                    return .error(String(cString: csj_error_message(cursor)), code: csj_error_code(cursor), offset: Int(csj_error_offset(cursor)))
                case CSJ_TOKEN_OBJECT_START.rawValue: pieces.append(.objectStart)
                case CSJ_TOKEN_OBJECT_END.rawValue: pieces.append(.objectEnd)
                case CSJ_TOKEN_ARRAY_START.rawValue: pieces.append(.arrayStart)
                case CSJ_TOKEN_ARRAY_END.rawValue: pieces.append(.arrayEnd)
                case CSJ_TOKEN_KEY.rawValue: pieces.append(.key(text))
                case CSJ_TOKEN_STRING.rawValue: pieces.append(.string(text))
                case CSJ_TOKEN_TRUE.rawValue: pieces.append(.bool(true))
                case CSJ_TOKEN_FALSE.rawValue: pieces.append(.bool(false))
                case CSJ_TOKEN_NULL.rawValue: pieces.append(.null)
                default: pieces.append(.number(token.number))
                }
            }
            throw FuzzFailure("more tokens than bytes")
        }
    }

    /// Whether an integer of more than 18 digits, without fraction or exponent, starts at `offset`.
    static func isWideInteger(_ bytes: [UInt8], at offset: Int) -> Bool {
        var index = offset
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = bytes[min(index, bytes.count)...].prefix { (0x30...0x39).contains($0) }.count
        let next = index + digits < bytes.count ? bytes[index + digits] : 0
        return digits > 18 && next != UInt8(ascii: ".") && next != UInt8(ascii: "e") && next != UInt8(ascii: "E")
    }

    /// Whether `bytes` is well-formed UTF-8 (what the loader's parser requires).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
