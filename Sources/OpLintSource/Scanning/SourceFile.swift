import OpLintCore

/// One tokenized source file: its bytes, tokens, matching brackets and line starts.
public struct SourceFile: Sendable {
    /// The path shown in locations (relative to the directory scanned).
    public let path: String
    public let language: SourceLanguage
    public let bytes: [UInt8]
    public private(set) var tokens: TokenList
    public let warnings: [TokenizerWarning]
    /// For each token that opens or closes `(`, `[`, `{`: the index of its partner, else -1.
    public private(set) var partner: PartnerList
    /// Identifier tokens that may start a declaration (`class`, `struct`, `interface`, …), in order.
    let declarationKeywords: [Int32]
    /// Whether an identifier is one of the operation API's words or a comment is an `oplint:`
    /// annotation: only such files are read by the second pass.
    let mentionsOperationAPI: Bool

    /// Tokenizes `bytes` and matches brackets.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public init(path: String, language: SourceLanguage, bytes: [UInt8]) {
        self.init(path: path, language: language, bytes: bytes, reusing: nil)
    }

    /// Tokenizes `bytes` into the memory of `storage` (the tokens of an earlier file that
    /// nothing holds any more), or into new memory.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    init(path: String, language: SourceLanguage, bytes: [UInt8], reusing storage: TokenStorage?) {
        self.path = path
        self.language = language
        let bytes = ClassicLineEndings.normalized(bytes)
        self.bytes = bytes
        let text = Tokenizer(language: language).scan(bytes, reusing: storage)
        self.tokens = text.tokens
        self.warnings = text.warnings
        self.partner = text.partners
        self.declarationKeywords = text.declarationKeywords
        self.mentionsOperationAPI = text.mentionsOperationAPI
    }

    /// The memory of the tokens, for the next file once this one is dropped.
    var tokenStorage: TokenStorage { tokens.storage }

    /// This file with its tokens in memory of exactly their size, the rest given back to the
    /// heap in place: for a file kept until the second pass. The file it is made from must not
    /// be read afterwards.
    func withTokensShrunk() -> SourceFile {
        let storage = tokens.storage
        guard storage.capacity > storage.count else { return self }
        var file = self
        let shrunk = storage.shrunk()
        (file.tokens, file.partner) = (TokenList(storage: shrunk), PartnerList(storage: shrunk))
        return file
    }

    /// The text of token `i`.
    public func text(_ i: Int) -> String {
        let token = tokens[i]
        return text(of: Int(token.start)..<token.end)
    }

    /// The bytes `range` as text, invalid UTF-8 replaced. Decoded from a buffer, not from an
    /// `ArraySlice`, which retained and released the bytes each time: a third fewer
    /// instructions a name.
    func text(of range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Appends the bytes of token `i` to `buffer`.
    func appendBytes(of i: Int, to buffer: inout [UInt8]) {
        let token = tokens[i]
        bytes.withUnsafeBufferPointer { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[Int(token.start)..<token.end])) }
    }

    /// The tokens that start at byte `offset` (tokens are in order of their starts; an empty
    /// piece of a string may start where the next token does).
    ///
    /// - Complexity: O(log *tokens*).
    func tokensStarting(at offset: Int) -> Range<Int> {
        var low = 0, high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if Int(tokens[middle].start) < offset { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < tokens.count && Int(tokens[end].start) == offset { end += 1 }
        return low..<end
    }

    /// Whether token `i` is the identifier `word`.
    @inline(__always)
    public func isWord(_ i: Int, _ word: StaticString) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].kind == .identifier else { return false }
        return equals(i, word)
    }

    /// Whether the bytes of token `i`, of any kind, are exactly `text` (`"isFinished"` with its quotes).
    public func tokenIs(_ i: Int, _ text: StaticString) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        return equals(i, text)
    }

    /// Whether token `i` is the punctuation byte `c`.
    @inline(__always)
    public func isPunct(_ i: Int, _ c: Unicode.Scalar) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].kind == .punctuation else { return false }
        return bytes[Int(tokens[i].start)] == UInt8(ascii: c)
    }

    /// Whether token `i` is one punctuation byte among `bytes` (`".,="`): one comparison per
    /// candidate, no allocation.
    @inline(__always)
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
        return contains(pattern, from: Int(token.start), to: token.end, ignoringCase: ignoringCase)
    }

    /// Whether `bytes[from..<to]` contains `pattern`; with `ignoringCase`, ASCII letters match
    /// `pattern` written in lowercase. For short ranges (a token, a `#define`); `bytesContain`
    /// searches long ones with `memchr`.
    func contains(_ pattern: StaticString, from start: Int, to stop: Int, ignoringCase: Bool) -> Bool {
        let count = pattern.utf8CodeUnitCount
        let end = min(stop, bytes.count) - count
        guard start >= 0, end >= start else { return false }
        let p = pattern.utf8Start
        let fold: UInt8 = ignoringCase ? 0x20 : 0
        return bytes.withUnsafeBufferPointer { buffer in
            // start...end + count is in bounds.
            guard let base = buffer.baseAddress else { return false }
            let first = p[0]
            var k = start
            while k <= end {
                if base[k] | fold == first {
                    var m = 1
                    while m < count && base[k + m] | fold == p[m] { m += 1 }
                    if m == count { return true }
                }
                k += 1
            }
            return false
        }
    }

    /// The names after the `:` of the Swift type or extension declaration whose name is token
    /// `name` (`struct Gate<T>: Base, Shown where T: P {` gives `Base`, `Shown`): its
    /// superclass and protocols, up to the `{` or `where`.
    func inheritedNames(afterNameAt name: Int) -> [String] {
        var k = name + 1
        if isPunct(k, "<") {
            var depth = 0
            while k < tokens.count && k < name + 64 {
                if isPunct(k, "<") { depth += 1 } else if isPunct(k, ">") { depth -= 1; if depth == 0 { k += 1; break } }
                k += 1
            }
        }
        guard isPunct(k, ":") else { return [] }
        var names: [String] = []
        k += 1
        while k < tokens.count && k < name + 64 && !isPunct(k, "{") && !isWord(k, "where") {
            // `Foundation.Operation` is `Operation`; the arguments of a generic one are not adopted.
            if isPunct(k, "<"), partner[k] < 0 {
                var depth = 0
                while k < tokens.count { if isPunct(k, "<") { depth += 1 } else if isPunct(k, ">") { depth -= 1; if depth == 0 { break } }; k += 1 }
            } else if isIdentifier(k), !isPunct(k + 1, "."), !isPunct(k - 1, ".") || isWord(k - 2, "Foundation") {
                names.append(text(k))
            }
            k += 1
        }
        return names
    }

    /// Whether `bytes[from..<to]` contain `pattern`, exactly.
    ///
    /// - Complexity: O(*to* − *from*).
    func bytesContain(_ pattern: StaticString, from: Int, to: Int) -> Bool {
        var found = false
        forEachOccurrence(of: pattern, from: from, to: to) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with the offset of each place `pattern` starts in `bytes[from..<to]`, in
    /// order (overlapping places too), until it returns false.
    ///
    /// Sixteen starting positions at a time: a position is a candidate when the pattern's first
    /// and last bytes are in place, and only candidates are compared in full. (Searching for the
    /// first byte alone stopped at every `a` of `addOperation` and every `c` of `cancel`.)
    ///
    /// - Complexity: O(*to* − *from*).
    func forEachOccurrence(of pattern: StaticString, from: Int = 0, to: Int = .max, _ body: (Int) -> Bool) {
        let count = pattern.utf8CodeUnitCount
        let to = min(to, bytes.count)
        guard count > 0, from >= 0, to - from >= count else { return }
        let p = pattern.utf8Start
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            func matches(at k: Int) -> Bool {
                var m = 0
                while m < count && base[k + m] == p[m] { m += 1 }
                return m == count
            }
            let first = SIMD16<UInt8>(repeating: p[0]), last = SIMD16<UInt8>(repeating: p[count - 1])
            var k = from
            // The last byte read is at k + count - 1 + 15, below `to`.
            while k + count - 1 + 16 <= to {
                let starts = raw.loadUnaligned(fromByteOffset: k, as: SIMD16<UInt8>.self)
                let ends = raw.loadUnaligned(fromByteOffset: k + count - 1, as: SIMD16<UInt8>.self)
                // Each lane of the mask is 0 or all ones; two 64-bit words say whether any is set.
                let lanes = unsafeBitCast((starts .== first) .& (ends .== last), to: SIMD2<UInt64>.self)
                if lanes[0] | lanes[1] != 0 {
                    for lane in 0..<16 where (lane < 8 ? lanes[0] >> (lane * 8) : lanes[1] >> ((lane - 8) * 8)) & 0xFF != 0 {
                        if matches(at: k + lane), !body(k + lane) { return }
                    }
                }
                k += 16
            }
            while k <= to - count {
                if matches(at: k), !body(k) { return }
                k += 1
            }
        }
    }

    /// The bytes of the word that starts after the blanks from byte `offset`, before `end`:
    /// letters, digits and `_` (the `if` of `#if`, the `define` and `OP_END` of `#define OP_END(op)`).
    func word(after offset: Int, before end: Int) -> Range<Int> {
        var start = offset
        while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
        var k = start
        while k < end, ByteClass.table[Int(bytes[k])] & ByteClass.identifierPart != 0 { k += 1 }
        return start..<k
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
    @inline(__always)
    public func isIdentifier(_ i: Int) -> Bool {
        i >= 0 && i < tokens.count && tokens[i].kind == .identifier
    }

    @inline(__always)
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
