/// Splits Swift or Objective-C source into tokens, without recursion and without failing.
///
/// Handles line and block comments (nested in Swift), string literals with interpolation
/// `\( … )` nested to any depth, multi-line `"""` and raw `#"…"#` strings, character
/// literals, `@"…"` literals and preprocessor lines. Comments are dropped except those that
/// begin with `oplint:`. An unterminated comment or string is a warning; scanning goes on.
public struct Tokenizer {
    public let language: SourceLanguage

    public init(language: SourceLanguage) {
        self.language = language
    }

    /// The tokens of `bytes` and the warnings met on the way.
    ///
    /// - Complexity: O(*n*) in the number of bytes; memory O(*tokens* + interpolation depth).
    public func tokenize(_ bytes: [UInt8]) -> (tokens: [Token], warnings: [TokenizerWarning]) {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = TokenScanner(buffer, language: language)
            scanner.run()
            return (scanner.tokens, scanner.warnings)
        }
    }
}

/// Character classes, a few comparisons per byte.
enum ByteClass {
    @inline(__always)
    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || byte == 0x5F || byte == 0x24 || byte >= 0x80
    }

    @inline(__always)
    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

/// The state of one tokenization run.
struct TokenScanner {
    /// A string whose interpolation is being scanned as code.
    private struct OpenString {
        var hashes: Int
        var isMultiline: Bool
        /// Parentheses opened inside the interpolation and not yet closed.
        var parenthesisDepth: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let language: SourceLanguage
    private var index = 0
    private var line: Int32 = 1
    /// True until the first non-blank byte of a line.
    private var atLineStart = true
    private var openStrings: [OpenString] = []
    private(set) var tokens: [Token] = []
    private(set) var warnings: [TokenizerWarning] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, language: SourceLanguage) {
        self.bytes = bytes
        self.language = language
        tokens.reserveCapacity(bytes.count / 5)
    }

    private func byte(_ offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    private mutating func emit(_ kind: Token.Kind, from start: Int, line startLine: Int32) {
        tokens.append(Token(kind: kind, start: Int32(truncatingIfNeeded: start), length: Int32(truncatingIfNeeded: index - start), line: startLine))
    }

    mutating func run() {
        let count = bytes.count
        while index < count {
            let c = bytes[index]
            switch c {
            case 0x0A:
                line += 1
                index += 1
                atLineStart = true
                continue
            case 0x20, 0x09, 0x0D, 0x0C, 0x0B:
                index += 1
                continue
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                lineComment()
            case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                blockComment()
            case UInt8(ascii: "\""):
                if language == .swift { swiftStringStart(hashes: 0, at: index) } else { cString() }
            case UInt8(ascii: "#"):
                hash()
            case UInt8(ascii: "'"):
                characterLiteral()
            case UInt8(ascii: "`") where language == .swift:
                backtickIdentifier()
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                parenthesis(c)
            default:
                if ByteClass.isIdentifierStart(c) {
                    let start = index
                    index += 1
                    while index < count && ByteClass.isIdentifierPart(bytes[index]) { index += 1 }
                    emit(.identifier, from: start, line: line)
                } else if ByteClass.isDigit(c) {
                    number()
                } else {
                    index += 1
                    emit(.punctuation, from: index - 1, line: line)
                }
            }
            atLineStart = false
        }
        if !openStrings.isEmpty {
            warnings.append(TokenizerWarning(message: "unterminated string interpolation", offset: count))
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
        emit(.punctuation, from: start, line: line)
    }

    private mutating func number() {
        let start = index
        index += 1
        while index < bytes.count {
            let b = bytes[index]
            if ByteClass.isIdentifierPart(b) {
                index += 1
            } else if b == UInt8(ascii: "."), ByteClass.isDigit(byte(index + 1)) {
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
        while end < bytes.count && bytes[end] != UInt8(ascii: "`") && bytes[end] != 0x0A { end += 1 }
        if end < bytes.count && bytes[end] == UInt8(ascii: "`") && end > index + 1 {
            tokens.append(Token(kind: .identifier, start: Int32(index + 1), length: Int32(end - index - 1), line: startLine))
            index = end + 1
        } else {
            index += 1
            emit(.punctuation, from: index - 1, line: startLine)
        }
    }

    /// Whether the comment text starting at `offset` (after `//` or `/*`) begins with `oplint:`.
    private func isAnnotation(at offset: Int) -> Bool {
        var i = offset
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        let word: [UInt8] = Array("oplint:".utf8)
        guard i + word.count <= bytes.count else { return false }
        for k in 0..<word.count where bytes[i + k] != word[k] { return false }
        return true
    }

    private mutating func lineComment() {
        let start = index
        while index < bytes.count && bytes[index] != 0x0A { index += 1 }
        if isAnnotation(at: start + 2) { emit(.annotation, from: start, line: line) }
    }

    private mutating func blockComment() {
        let start = index
        let startLine = line
        index += 2
        var depth = 1
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x0A {
                line += 1
            } else if b == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { break }
                continue
            } else if language == .swift && b == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
                continue
            }
            index += 1
        }
        if depth > 0 {
            warnings.append(TokenizerWarning(message: "unterminated block comment", offset: start))
        }
        if isAnnotation(at: start + 2) { emit(.annotation, from: start, line: startLine) }
    }

    private mutating func hash() {
        let start = index
        var i = index
        while i < bytes.count && bytes[i] == UInt8(ascii: "#") { i += 1 }
        if language == .swift && byte(i) == UInt8(ascii: "\"") {
            swiftStringStart(hashes: i - index, at: start)
            return
        }
        if atLineStart {
            if language == .objectiveC {
                preprocessorLine()
                return
            }
            // Swift compiler directives: the `#if` word is a token; the condition is scanned as code.
            index += 1
            while index < bytes.count && ByteClass.isIdentifierPart(bytes[index]) { index += 1 }
            emit(.directive, from: start, line: line)
            return
        }
        index += 1
        emit(.punctuation, from: start, line: line)
    }

    /// An Objective-C preprocessor line, continued by a trailing backslash.
    private mutating func preprocessorLine() {
        let start = index
        let startLine = line
        while index < bytes.count {
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
            index += 1
        }
        emit(.directive, from: start, line: startLine)
        if index < bytes.count && bytes[index] == UInt8(ascii: "/") { lineComment() }
    }

    private mutating func characterLiteral() {
        let start = index
        index += 1
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x0A { break }
            index += 1
            if b == UInt8(ascii: "\\") { if index < bytes.count && bytes[index] != 0x0A { index += 1 } } else if b == UInt8(ascii: "'") {
                emit(.character, from: start, line: line)
                return
            }
        }
        warnings.append(TokenizerWarning(message: "unterminated character literal", offset: start))
        emit(.character, from: start, line: line)
    }

    /// A C / Objective-C string literal: `"…"` with backslash escapes, ending at the line's end.
    private mutating func cString() {
        let start = index
        // The token is on the line it starts on, though a backslash before a line break continues it.
        let startLine = line
        index += 1
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x0A { break }
            index += 1
            if b == UInt8(ascii: "\\") {
                if index < bytes.count {
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
            } else if b == UInt8(ascii: "\"") {
                emit(.string, from: start, line: startLine)
                return
            }
        }
        warnings.append(TokenizerWarning(message: "unterminated string literal", offset: start))
        emit(.string, from: start, line: startLine)
    }

    /// A Swift string literal whose opening `#…#"` or `"""` starts at `start`.
    private mutating func swiftStringStart(hashes: Int, at start: Int) {
        var i = start + hashes
        let isMultiline = byte(i) == UInt8(ascii: "\"") && byte(i + 1) == UInt8(ascii: "\"") && byte(i + 2) == UInt8(ascii: "\"")
        i += isMultiline ? 3 : 1
        index = i
        swiftStringBody(hashes: hashes, isMultiline: isMultiline, from: start, line: line)
    }

    /// Scans a Swift string from `index` up to its end or to the next interpolation.
    private mutating func swiftStringBody(hashes: Int, isMultiline: Bool, from start: Int, line startLine: Int32) {
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x0A {
                if !isMultiline {
                    warnings.append(TokenizerWarning(message: "unterminated string literal", offset: start))
                    emit(.string, from: start, line: startLine)
                    return
                }
                line += 1
                index += 1
            } else if b == UInt8(ascii: "\\") {
                var j = index + 1
                var matched = 0
                while matched < hashes && byte(j) == UInt8(ascii: "#") { matched += 1; j += 1 }
                guard matched == hashes else {
                    index += 1
                    continue
                }
                if byte(j) == UInt8(ascii: "(") {
                    index = j
                    emit(.string, from: start, line: startLine)
                    index = j + 1
                    openStrings.append(OpenString(hashes: hashes, isMultiline: isMultiline, parenthesisDepth: 0))
                    return
                }
                if byte(j) == 0x0A { line += 1 }
                index = min(j + 1, bytes.count)
            } else if b == UInt8(ascii: "\"") {
                var closes = true
                var j = index + 1
                if isMultiline {
                    closes = byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
                    j = index + 3
                }
                if closes {
                    var matched = 0
                    while matched < hashes && byte(j + matched) == UInt8(ascii: "#") { matched += 1 }
                    closes = matched == hashes
                }
                if closes {
                    index = j + hashes
                    emit(.string, from: start, line: startLine)
                    return
                }
                index += 1
            } else {
                index += 1
            }
        }
        warnings.append(TokenizerWarning(message: "unterminated string literal", offset: start))
        emit(.string, from: start, line: startLine)
    }
}
