/// The state of one tokenization run: one pass over the bytes that writes the tokens, pairs
/// the brackets as they come, and notes the words the declaration pass and the relevance
/// test look for, so that neither walks the tokens again.
struct TokenScanner {
    /// A string whose interpolation is being scanned as code.
    struct OpenString {
        var hashes: Int
        var isMultiline: Bool
        /// Parentheses opened inside the interpolation and not yet closed.
        var parenthesisDepth: Int
    }

    let bytes: UnsafePointer<UInt8>
    let count: Int
    private let isSwift: Bool
    private let classes: UnsafePointer<UInt8>
    /// `NotedWords.table`, read once per file rather than through its lazy initializer per word.
    private let notedWords: UnsafePointer<UInt64>
    var index = 0
    var line: Int32 = 1
    /// True until the first non-blank byte of a line.
    private var atLineStart = true
    var openStrings: [OpenString] = []
    var warnings: [TokenizerWarning] = []

    // The output, grown by doubling.
    private(set) var tokens: UnsafeMutablePointer<Token>
    private(set) var partners: UnsafeMutablePointer<Int32>
    private(set) var tokenCount = 0
    private(set) var capacity: Int
    /// Open brackets not yet closed: each its token index times four plus its kind
    /// (`bracketKind`), so that a closer finds its opener without reading the token.
    private var openers: UnsafeMutablePointer<Int32>
    private var openerCount = 0
    private var openerCapacity = 64
    /// Identifier tokens that may start a declaration (`class`, `struct`, `interface`, …), in order.
    private(set) var declarationKeywords: [Int32] = []
    /// Whether an identifier is one of the operation API's words or a comment is an annotation.
    private(set) var mentionsOperationAPI = false
    /// `#/` with at least this many `#` starts no literal: one was searched to the end of the file.
    var noExtendedRegexFrom = Int.max

    /// Scans `bytes` (`count` of them), writing into `memory` when given (reused from an earlier file).
    init(_ bytes: UnsafePointer<UInt8>, count: Int, language: SourceLanguage,
         memory: (tokens: UnsafeMutablePointer<Token>, partners: UnsafeMutablePointer<Int32>, capacity: Int)?) {
        self.bytes = bytes
        self.count = count
        self.isSwift = language == .swift
        self.classes = ByteClass.table
        self.notedWords = NotedWords.table
        if let memory {
            tokens = memory.tokens
            partners = memory.partners
            capacity = memory.capacity
        } else {
            capacity = max(64, count / 4)
            (tokens, partners) = TokenStorage.allocate(capacity: capacity)
        }
        openers = .allocate(capacity: openerCapacity)
    }

    /// The storage of the tokens written; the scanner must not be used afterwards.
    func finish() -> TokenStorage {
        openers.deallocate()
        return TokenStorage(tokens: tokens, partners: partners, count: tokenCount, capacity: capacity)
    }

    @inline(__always)
    func byte(_ offset: Int) -> UInt8 {
        offset < count ? bytes[offset] : 0
    }

    @inline(__always)
    private func isIdentifierPart(_ byte: UInt8) -> Bool {
        classes[Int(byte)] & ByteClass.identifierPart != 0
    }

    // MARK: Output

    private mutating func grow() {
        let newCapacity = max(64, capacity * 2)
        tokens = TokenStorage.resize(tokens, to: newCapacity)
        partners = TokenStorage.resize(partners, to: newCapacity)
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func append(_ kind: Token.Kind, start: Int, length: Int, line startLine: Int32) {
        if tokenCount == capacity { grow() }
        (tokens + tokenCount).initialize(to: Token(kind: kind, start: Int32(truncatingIfNeeded: start), length: Int32(truncatingIfNeeded: length), line: startLine))
        (partners + tokenCount).initialize(to: -1)
        tokenCount += 1
    }

    @inline(__always)
    mutating func emit(_ kind: Token.Kind, from start: Int, line startLine: Int32) {
        append(kind, start: start, length: index - start, line: startLine)
    }

    /// One punctuation byte at `start`; brackets are paired as they come.
    @inline(__always)
    private mutating func emitPunctuation(at start: Int) {
        let b = bytes[start]
        append(.punctuation, start: start, length: 1, line: line)
        if classes[Int(b)] & ByteClass.bracket != 0 { pairBracket(b) }
    }

    /// Pairs the bracket just written: an opener waits on the stack; a closer closes the
    /// nearest opener of its kind, abandoning unmatched ones above it, looking at most 64
    /// openers deep so that mismatched input stays linear. Brackets left open have no partner.
    private mutating func pairBracket(_ b: UInt8) {
        let i = Int32(tokenCount - 1)
        let kind = Self.bracketKind(b)
        switch b {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            if openerCount == openerCapacity {
                let grown = UnsafeMutablePointer<Int32>.allocate(capacity: openerCapacity * 2)
                grown.moveInitialize(from: openers, count: openerCount)
                openers.deallocate()
                openers = grown
                openerCapacity *= 2
            }
            // The index fits beside the kind below 2^29 tokens, a file of at least 512 MiB
            // (the extractor reads files of at most 32 MiB; token offsets are 32-bit anyway).
            openers[openerCount] = i << 2 | kind
            openerCount += 1
        default:
            let floor = openerCount - 64
            var k = openerCount - 1
            while k >= 0 && k >= floor && openers[k] & 3 != kind { k -= 1 }
            if k >= 0 && k >= floor {
                let o = openers[k] >> 2
                openerCount = k
                partners[Int(o)] = i
                partners[Int(i)] = o
            }
        }
    }

    /// 0 for `(` and `)`, 1 for `[` and `]`, 2 for `{` and `}`.
    @inline(__always)
    private static func bracketKind(_ b: UInt8) -> Int32 {
        b == UInt8(ascii: "(") || b == UInt8(ascii: ")") ? 0 : b == UInt8(ascii: "[") || b == UInt8(ascii: "]") ? 1 : 2
    }

    /// An identifier from `start` to `index` (or the text between backticks).
    @inline(__always)
    private mutating func emitIdentifier(from start: Int, length: Int, line startLine: Int32) {
        append(.identifier, start: start, length: length, line: startLine)
        if length >= 4 && length <= 33 && NotedWords.mayBeOne(length: length, first: bytes[start], in: notedWords) {
            noteWord(start: start, length: length)
        }
    }

    /// Notes declaration keywords and the operation API's words.
    private mutating func noteWord(start: Int, length: Int) {
        let word = UnsafeBufferPointer(start: bytes + start, count: length)
        if length >= 5 && length <= 14, DeclarationKeywords.matches(word) {
            declarationKeywords.append(Int32(tokenCount - 1))
        }
        if !mentionsOperationAPI && OperationAPIWords.matches(word) { mentionsOperationAPI = true }
    }

    // MARK: The scan

    mutating func run() {
        // The position and line live in registers here; the other scanning functions
        // read and write the fields, so they are stored before and loaded after each call.
        let bytes = self.bytes
        let count = self.count
        let classes = self.classes
        var i = index
        while i < count {
            let c = bytes[i]
            let kind = classes[Int(c)]
            if kind & ByteClass.identifierStart != 0 {
                let start = i
                i += 1
                while i < count && classes[Int(bytes[i])] & ByteClass.identifierPart != 0 { i += 1 }
                // `R"(…)"`, a C++ raw string in Objective-C++.
                if i < count && bytes[i] == UInt8(ascii: "\"") && !isSwift && isRawStringPrefix(from: start, to: i) {
                    index = i
                    if cppRawString(from: start) {
                        i = index
                        atLineStart = false
                        continue
                    }
                }
                emitIdentifier(from: start, length: i - start, line: line)
            } else if kind & ByteClass.blank != 0 {
                // Indentation comes in runs.
                i += 1
                while i < count && classes[Int(bytes[i])] & ByteClass.blank != 0 { i += 1 }
                continue
            } else if c == 0x0A {
                line += 1
                i += 1
                atLineStart = true
                continue
            } else if kind & ByteClass.bracket != 0 && openStrings.isEmpty {
                // Outside an interpolation a parenthesis is plain punctuation, as `{`, `[` are.
                i += 1
                emitPunctuation(at: i - 1)
            } else if kind & (ByteClass.digit | ByteClass.special) != 0 {
                index = i
                if kind & ByteClass.digit != 0 { number() } else { special(c) }
                i = index
            } else {
                i += 1
                emitPunctuation(at: i - 1)
            }
            atLineStart = false
        }
        index = i
        if !openStrings.isEmpty {
            warnings.append(TokenizerWarning(message: "unterminated string interpolation", offset: count))
        }
    }

    /// `/`, `"`, `#`, `'`, `` ` ``, `(` and `)`: comments, strings, directives and interpolations.
    private mutating func special(_ c: UInt8) {
        switch c {
        case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
            lineComment()
        case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
            blockComment()
        case UInt8(ascii: "/") where isSwift && regexLiteral():
            break
        case UInt8(ascii: "\""):
            if isSwift { swiftStringStart(hashes: 0, at: index) } else { cString() }
        case UInt8(ascii: "#"):
            hash()
        case UInt8(ascii: "'"):
            characterLiteral()
        case UInt8(ascii: "`") where isSwift:
            backtickIdentifier()
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            parenthesis(c)
        default:
            index += 1
            emitPunctuation(at: index - 1)
        }
    }

    private mutating func parenthesis(_ c: UInt8) {
        let start = index
        index += 1
        if c == UInt8(ascii: ")"), var open = openStrings.last {
            if open.parenthesisDepth == 0 {
                openStrings.removeLast()
                swiftStringBody(hashes: open.hashes, isMultiline: open.isMultiline, from: index, line: line)
                return
            }
            open.parenthesisDepth -= 1
            openStrings[openStrings.count - 1] = open
        } else if c == UInt8(ascii: "("), !openStrings.isEmpty {
            openStrings[openStrings.count - 1].parenthesisDepth += 1
        }
        emitPunctuation(at: start)
    }

    private mutating func number() {
        let start = index
        index += 1
        while index < count {
            let b = bytes[index]
            if isIdentifierPart(b) {
                index += 1
            } else if b == UInt8(ascii: "."), ByteClass.isDigit(byte(index + 1)) {
                index += 1
            } else if b == UInt8(ascii: "'"), !isSwift, isIdentifierPart(byte(index + 1)) {
                // A C++14 digit separator (`10'000`, `0xFFFF'0000`) in Objective-C++.
                index += 1
            } else {
                break
            }
        }
        emit(.number, from: start, line: line)
    }

    private mutating func backtickIdentifier() {
        let startLine = line
        var end = index + 1
        while end < count && bytes[end] != UInt8(ascii: "`") && bytes[end] != 0x0A { end += 1 }
        if end < count && bytes[end] == UInt8(ascii: "`") && end > index + 1 {
            emitIdentifier(from: index + 1, length: end - index - 1, line: startLine)
            index = end + 1
        } else {
            index += 1
            emitPunctuation(at: index - 1)
        }
    }

    /// Whether the comment text starting at `offset` (after `//` or `/*`) begins with `oplint:`.
    private func isAnnotation(at offset: Int) -> Bool {
        var i = offset
        while i < count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        let word: StaticString = "oplint:"
        let length = word.utf8CodeUnitCount
        guard i + length <= count else { return false }
        let pointer = word.utf8Start
        for k in 0..<length where bytes[i + k] != pointer[k] { return false }
        return true
    }

    private mutating func lineComment() {
        let start = index
        index = ByteScan.firstIndex(of: 0x0A, in: bytes, from: index, to: count)
        if isAnnotation(at: start + 2) {
            emit(.annotation, from: start, line: line)
            mentionsOperationAPI = true
        }
    }

    private mutating func blockComment() {
        let start = index
        let startLine = line
        index += 2
        var depth = 1
        while index < count {
            let b = bytes[index]
            if b == 0x0A {
                line += 1
            } else if b == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { break }
                continue
            } else if isSwift && b == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
                continue
            }
            index += 1
        }
        if depth > 0 {
            warnings.append(TokenizerWarning(message: "unterminated block comment", offset: start))
        }
        if isAnnotation(at: start + 2) {
            emit(.annotation, from: start, line: startLine)
            mentionsOperationAPI = true
        }
    }

    private mutating func hash() {
        let start = index
        var i = index
        while i < count && bytes[i] == UInt8(ascii: "#") { i += 1 }
        if isSwift && byte(i) == UInt8(ascii: "\"") {
            swiftStringStart(hashes: i - index, at: start)
            return
        }
        if isSwift && byte(i) == UInt8(ascii: "/") && extendedRegexLiteral(hashes: i - index) { return }
        if atLineStart {
            if !isSwift {
                preprocessorLine()
                return
            }
            // Swift compiler directives: the `#if` word is a token; the condition is scanned as code.
            index += 1
            while index < count && isIdentifierPart(bytes[index]) { index += 1 }
            emit(.directive, from: start, line: line)
            return
        }
        index += 1
        emitPunctuation(at: start)
    }

    /// An Objective-C preprocessor line, continued by a trailing backslash.
    private mutating func preprocessorLine() {
        let start = index
        let startLine = line
        while index < count {
            let b = bytes[index]
            if b == 0x0A {
                var back = index - 1
                if back >= 0 && bytes[back] == 0x0D { back -= 1 }
                if back >= start && bytes[back] == UInt8(ascii: "\\") {
                    line += 1
                    index += 1
                    continue
                }
                break
            }
            if b == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "/") { break }
            if b == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                // A comment in a directive may run over several lines; the directive goes on after it.
                directiveComment()
                continue
            }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                // `#include "a//b.h"`, `#define URL @"http://…"`: quoted text is not a comment.
                // An apostrophe in `#error Don't…` ends nothing: the line's end does.
                // A backslash before a line break (CR LF too) continues a string onto the next line.
                var j = index + 1
                while j < count && bytes[j] != b && bytes[j] != 0x0A {
                    guard bytes[j] == UInt8(ascii: "\\") else {
                        j += 1
                        continue
                    }
                    let crlf = byte(j + 1) == 0x0D && byte(j + 2) == 0x0A
                    if b == UInt8(ascii: "\""), byte(j + 1) == 0x0A || crlf {
                        line += 1
                        j += crlf ? 3 : 2
                        continue
                    }
                    j += byte(j + 1) != 0x0A ? 2 : 1
                }
                index = j < count && bytes[j] == b ? j + 1 : min(j, count)
                continue
            }
            index += 1
        }
        emit(.directive, from: start, line: startLine)
        if index < count && bytes[index] == UInt8(ascii: "/") { lineComment() }
    }

    private mutating func characterLiteral() {
        let start = index
        index += 1
        while index < count {
            let b = bytes[index]
            if b == 0x0A { break }
            index += 1
            if b == UInt8(ascii: "\\") { if index < count && bytes[index] != 0x0A { index += 1 } } else if b == UInt8(ascii: "'") {
                emit(.character, from: start, line: line)
                return
            }
        }
        warnings.append(TokenizerWarning(message: "unterminated character literal", offset: start))
        emit(.character, from: start, line: line)
    }
}
