#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let result = scan(bytes, reusing: nil)
        return (Array(result.tokens), result.warnings)
    }

    /// Tokens, bracket partners, declaration keywords and whether the operation API is
    /// mentioned, in one pass; the memory of `reusing` is taken over when given.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    func scan(_ bytes: [UInt8], reusing memory: TokenStorage?) -> TokenizedText {
        // An empty file still needs a valid pointer to read nothing from.
        var nothing: UInt8 = 0
        return withUnsafePointer(to: &nothing) { placeholder in
            bytes.withUnsafeBufferPointer { buffer in
                var scanner = TokenScanner(buffer.baseAddress ?? placeholder, count: buffer.count, language: language,
                                           memory: memory?.takeMemory())
                scanner.run()
                let storage = scanner.finish()
                return TokenizedText(tokens: TokenList(storage: storage), partners: PartnerList(storage: storage),
                                     warnings: scanner.warnings, declarationKeywords: scanner.declarationKeywords,
                                     mentionsOperationAPI: scanner.mentionsOperationAPI)
            }
        }
    }
}

/// What one tokenizer pass finds in a file.
struct TokenizedText {
    var tokens: TokenList
    var partners: PartnerList
    var warnings: [TokenizerWarning]
    /// Identifier tokens that may start a declaration, in order (`DeclarationKeywords`).
    var declarationKeywords: [Int32]
    /// An identifier is one of `OperationAPIWords`, or a comment is an `oplint:` annotation.
    var mentionsOperationAPI: Bool
}

/// Character classes: one table lookup per byte.
enum ByteClass {
    static let identifierStart: UInt8 = 1
    static let identifierPart: UInt8 = 2
    static let digit: UInt8 = 4
    /// Space, tab, carriage return, form feed, vertical tab (not the line feed).
    static let blank: UInt8 = 8
    /// `/ " # ' ` ( )`: bytes that may start a comment, string, directive or interpolation.
    static let special: UInt8 = 16
    /// `( ) [ ] { }`.
    static let bracket: UInt8 = 32

    /// The classes of each byte, built once, never written again and never freed.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for b in 0..<256 {
            let byte = UInt8(b)
            var kind: UInt8 = 0
            if isIdentifierStart(byte) { kind |= identifierStart | identifierPart }
            if isDigit(byte) { kind |= digit | identifierPart }
            if [0x20, 0x09, 0x0D, 0x0C, 0x0B].contains(byte) { kind |= blank }
            if Array("/\"#'`()".utf8).contains(byte) { kind |= special }
            if Array("()[]{}".utf8).contains(byte) { kind |= bracket }
            table[b] = kind
        }
        return UnsafePointer(table)
    }()

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

/// Byte searches with the C library's vectorized routines.
enum ByteScan {
    /// The first index of `byte` in `bytes[from..<to]`, or `to`.
    ///
    /// - Complexity: O(*to* − *from*).
    @inline(__always)
    static func firstIndex(of byte: UInt8, in bytes: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        guard from < to, let found = memchr(bytes + from, Int32(byte), to - from) else { return max(from, to) }
        return UnsafeRawPointer(found) - UnsafeRawPointer(bytes)
    }
}

/// Files written with classic Mac OS line endings: a carriage return alone ends each line.
enum ClassicLineEndings {
    /// `bytes`, with every carriage return made a line feed when the file has carriage returns
    /// and no line feed at all; otherwise `bytes` as they are. The length is the same, so every
    /// offset and column stays where it was.
    ///
    /// - Complexity: O(1) for a file with a line feed in its first 4 KiB, else O(*n*).
    static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        let hasLineFeed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            let early = min(buffer.count, 4096)
            if ByteScan.firstIndex(of: 0x0A, in: base, from: 0, to: early) < early { return true }
            return ByteScan.firstIndex(of: 0x0A, in: base, from: early, to: buffer.count) < buffer.count
                || ByteScan.firstIndex(of: 0x0D, in: base, from: 0, to: buffer.count) == buffer.count
        }
        if hasLineFeed { return bytes }
        return bytes.map { $0 == 0x0D ? 0x0A : $0 }
    }
}
