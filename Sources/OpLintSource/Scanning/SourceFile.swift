import OpLintCore

/// One tokenized source file: its bytes, tokens, matching brackets and line starts.
public struct SourceFile: Sendable {
    /// The path shown in locations (relative to the directory scanned).
    public let path: String
    public let language: SourceLanguage
    public let bytes: [UInt8]
    public let tokens: [Token]
    public let warnings: [TokenizerWarning]
    /// For each token that opens or closes `(`, `[`, `{`: the index of its partner, else -1.
    public let partner: [Int32]
    private let lineStarts: [Int32]

    /// Tokenizes `bytes` and matches brackets.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public init(path: String, language: SourceLanguage, bytes: [UInt8]) {
        self.path = path
        self.language = language
        self.bytes = bytes
        let (tokens, warnings) = Tokenizer(language: language).tokenize(bytes)
        self.tokens = tokens
        self.warnings = warnings
        self.partner = Self.matchBrackets(tokens, bytes)
        var starts: [Int32] = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(Int32(truncatingIfNeeded: i + 1)) }
        self.lineStarts = starts
    }

    /// Pairs brackets with an explicit stack; a closing bracket of the wrong kind closes
    /// nothing, and brackets left open have no partner.
    private static func matchBrackets(_ tokens: [Token], _ bytes: [UInt8]) -> [Int32] {
        var partner = [Int32](repeating: -1, count: tokens.count)
        var stack: [Int32] = []
        for i in tokens.indices where tokens[i].kind == .punctuation {
            let b = bytes[Int(tokens[i].start)]
            switch b {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(Int32(i))
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let open: UInt8 = b == UInt8(ascii: ")") ? UInt8(ascii: "(") : b == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                // Close the nearest opener of the same kind, abandoning unmatched ones above it.
                // Look at most 64 openers deep, so that mismatched input stays linear.
                var k = stack.count - 1
                while k >= 0 && k >= stack.count - 64 && bytes[Int(tokens[Int(stack[k])].start)] != open { k -= 1 }
                if k >= 0 && k >= stack.count - 64 {
                    let o = stack[k]
                    stack.removeSubrange(k...)
                    partner[Int(o)] = Int32(i)
                    partner[i] = o
                }
            default:
                break
            }
        }
        return partner
    }

    /// The text of token `i`.
    public func text(_ i: Int) -> String {
        let token = tokens[i]
        return String(decoding: bytes[Int(token.start)..<token.end], as: UTF8.self)
    }

    /// Whether token `i` is the identifier `word`.
    public func isWord(_ i: Int, _ word: StaticString) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].kind == .identifier else { return false }
        return equals(i, word)
    }

    /// Whether token `i` is the punctuation byte `c`.
    public func isPunct(_ i: Int, _ c: Unicode.Scalar) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].kind == .punctuation else { return false }
        return bytes[Int(tokens[i].start)] == UInt8(ascii: c)
    }

    /// Whether token `i` is an identifier.
    public func isIdentifier(_ i: Int) -> Bool {
        i >= 0 && i < tokens.count && tokens[i].kind == .identifier
    }

    private func equals(_ i: Int, _ word: StaticString) -> Bool {
        let token = tokens[i]
        guard Int(token.length) == word.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        let pointer = word.utf8Start
        for k in 0..<Int(token.length) where bytes[start + k] != pointer[k] { return false }
        return true
    }

    /// The location of token `i`; the column counts Unicode scalars.
    public func location(_ i: Int) -> SourceLocation {
        location(ofOffset: i < tokens.count ? Int(tokens[i].start) : bytes.count)
    }

    /// The location of a byte offset.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var k = Int(lineStarts[low])
        while k < offset {
            if bytes[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        return SourceLocation(file: path, line: low + 1, column: column)
    }
}
