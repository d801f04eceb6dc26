/// One token of Swift or Objective-C source: a byte range of the file and its line.
public struct Token: Sendable, Equatable {
    /// What a token is.
    public enum Kind: UInt8, Sendable {
        /// A name or keyword: `let`, `addDependency`, `NSOperation`, `$0`.
        case identifier
        /// An integer or floating-point literal.
        case number
        /// A piece of a string literal (the text between the quotes and interpolations).
        case string
        /// A character literal (`'a'` in Objective-C).
        case character
        /// A comment that starts with `oplint:`; other comments are dropped.
        case annotation
        /// One punctuation byte: `{ } ( ) [ ] . , : ; = @ ^ - + * & ! ? < > …`.
        case punctuation
        /// A preprocessor line (`#import …`, `#if …`); `start` is the `#`.
        case directive
    }

    /// The kind in the low three bits, the length in the other 29: twelve bytes a token, not
    /// sixteen, for the hundreds of thousands of tokens kept from the first pass to the second.
    private var lengthAndKind: UInt32
    /// Byte offset of the first byte.
    public var start: Int32
    /// 1-based line of the first byte.
    public var line: Int32

    /// The longest length a token holds: a longer one is cut to it (files are read up to 32 MiB).
    public static let longestLength: Int32 = (1 << 29) - 1

    public init(kind: Kind, start: Int32, length: Int32, line: Int32) {
        lengthAndKind = Self.packed(length) | UInt32(kind.rawValue)
        self.start = start
        self.line = line
    }

    public var kind: Kind {
        // The low three bits hold a kind's raw value, which is also how the kind is stored.
        @inline(__always) get { unsafeBitCast(UInt8(truncatingIfNeeded: lengthAndKind & 7), to: Kind.self) }
        set { lengthAndKind = lengthAndKind & ~7 | UInt32(newValue.rawValue) }
    }

    /// Length in bytes.
    public var length: Int32 {
        @inline(__always) get { Int32(bitPattern: lengthAndKind >> 3) }
        set { lengthAndKind = Self.packed(newValue) | lengthAndKind & 7 }
    }

    /// `length`, cut to `longestLength`, in the bits above the kind's.
    private static func packed(_ length: Int32) -> UInt32 {
        UInt32(truncatingIfNeeded: min(max(length, 0), longestLength)) << 3
    }

    /// The offset one past the last byte.
    public var end: Int { Int(start) + Int(length) }
}

/// The languages the tokenizer reads.
public enum SourceLanguage: String, Sendable {
    case swift
    case objectiveC = "objective-c"

    /// The language of a file by its extension: `.swift` is Swift; `.m`, `.mm`, `.h` are Objective-C.
    public init?(path: String) {
        if path.hasSuffix(".swift") { self = .swift }
        else if path.hasSuffix(".m") || path.hasSuffix(".mm") || path.hasSuffix(".h") { self = .objectiveC }
        else { return nil }
    }
}

/// A problem the tokenizer met (an unterminated comment or string); scanning went on.
public struct TokenizerWarning: Sendable, Equatable {
    public var message: String
    /// Byte offset where the problem starts.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}
