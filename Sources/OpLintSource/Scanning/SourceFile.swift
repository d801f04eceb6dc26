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

    /// Whether token `i` is one punctuation byte among `bytes` (`".,="`): one comparison per
    /// candidate, no allocation.
    public func isPunct(_ i: Int, oneOf bytes: StaticString) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].kind == .punctuation else { return false }
        let byte = self.bytes[Int(tokens[i].start)]
        let candidates = bytes.utf8Start
        for k in 0..<bytes.utf8CodeUnitCount where candidates[k] == byte { return true }
        return false
    }

    /// Whether the bytes of token `i` contain `pattern`; with `ignoringCase`, ASCII letters of
    /// the token match `pattern` written in lowercase (`finish` in `AFOperationFinishedState`).
    public func tokenContains(_ i: Int, _ pattern: StaticString, ignoringCase: Bool = false) -> Bool {
        let token = tokens[i]
        let count = pattern.utf8CodeUnitCount
        let start = Int(token.start)
        let end = token.end - count
        guard end >= start else { return false }
        let p = pattern.utf8Start
        let fold: UInt8 = ignoringCase ? 0x20 : 0
        var k = start
        while k <= end {
            if bytes[k] | fold == p[0] {
                var m = 1
                while m < count && bytes[k + m] | fold == p[m] { m += 1 }
                if m == count { return true }
            }
            k += 1
        }
        return false
    }

    /// Whether identifier `i` ends with `finished` in any case (`_isFinished`, `OperationStateFinished`).
    public func endsWithFinished(_ i: Int) -> Bool {
        let token = tokens[i]
        guard token.length >= 8 else { return false }
        let word: [UInt8] = [0x66, 0x69, 0x6E, 0x69, 0x73, 0x68, 0x65, 0x64]
        let start = token.end - 8
        for k in 0..<8 where bytes[start + k] | 0x20 != word[k] { return false }
        return true
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
    ///
    /// - Complexity: O(length of the line up to the token).
    public func location(_ i: Int) -> SourceLocation {
        guard i < tokens.count else { return location(ofOffset: bytes.count) }
        return location(offset: Int(tokens[i].start), line: Int(tokens[i].line))
    }

    /// The location of a byte offset.
    ///
    /// - Complexity: O(*offset*): it counts the lines before it (used for rare warnings).
    public func location(ofOffset offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var line = 1
        for k in 0..<offset where bytes[k] == 0x0A { line += 1 }
        return location(offset: offset, line: line)
    }

    private func location(offset: Int, line: Int) -> SourceLocation {
        var lineStart = offset
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var column = 1
        for k in lineStart..<offset where bytes[k] & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(file: path, line: line, column: column)
    }
}
