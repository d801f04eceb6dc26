import CTextScan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// UTF-8 text written straight into bytes: what the report and schedule writers share.
/// Appending bytes and digits is much cheaper than growing a `String` piece by piece, and
/// escaping works on the bytes: runs that need no escaping are copied whole. A buffer gives
/// the two ways bytes arrive; everything else is built on them.
protocol TextBuffer: ~Copyable {
    /// Appends one byte.
    mutating func append(byte: UInt8)
    /// Appends bytes from memory.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension TextBuffer where Self: ~Copyable {
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(bytes: $0) }
        if done == nil { for byte in text.utf8 { append(byte: byte) } }
    }

    /// A literal's bytes, with no `String` in between: for rows written a million times.
    @inline(__always)
    mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }

    mutating func append<Bytes: Sequence>(bytes more: Bytes) where Bytes.Element == UInt8 {
        let done: Void? = more.withContiguousStorageIfAvailable { append(bytes: $0) }
        if done == nil { for byte in more { append(byte: byte) } }
    }

    /// `count` spaces, up to sixty-four at a time (indentation is most of a pretty-printed document).
    mutating func append(spaces count: Int) {
        let spaces: StaticString = "                                                                "
        var left = count
        while left > 0 {
            let n = min(left, spaces.utf8CodeUnitCount)
            append(bytes: UnsafeBufferPointer(start: spaces.utf8Start, count: n))
            left -= n
        }
    }

    /// An integer in decimal.
    mutating func append(integer value: Int) {
        if value < 0 { append(byte: 0x2D) }
        append(unsigned: value.magnitude)
    }

    /// The digits are stored from the end of a small buffer back, then appended at once.
    private mutating func append(unsigned value: UInt) {
        if value < 10 {
            append(byte: 0x30 &+ UInt8(truncatingIfNeeded: value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var at = buffer.count
            var rest = value
            repeat {
                at -= 1
                let (quotient, digit) = rest.quotientAndRemainder(dividingBy: 10)
                base[at] = 0x30 &+ UInt8(truncatingIfNeeded: digit)
                rest = quotient
            } while rest > 0
            append(bytes: UnsafeBufferPointer(start: base + at, count: buffer.count - at))
        }
    }

    /// A number in lower-case hexadecimal without leading zeros, as `String(value, radix: 16)`.
    mutating func append(hex value: UInt32) {
        var shift = 28
        while shift > 0 && (value >> UInt32(shift)) & 0xF == 0 { shift -= 4 }
        while shift >= 0 {
            append(byte: hexDigit(UInt8(truncatingIfNeeded: value >> UInt32(shift))))
            shift -= 4
        }
    }

    /// `text` with some of its characters replaced. `isPlain` says which bytes are copied as
    /// they are (in runs); at any other byte `escape` appends what stands for the character
    /// starting there and returns how many bytes that character takes (at least 1).
    /// `plainPrefix` says how many of the bytes at a place (given as where and how many are
    /// left) are plain for sure, skipping plain runs quickly (`Word.plainPrefix`,
    /// `oplint_json_plain_prefix`); it may stop early, never late. `keeps`, when given, says of a
    /// byte `isPlain` rejects that the character starting there is kept as it is after all (a
    /// lead byte that only some of its characters need escaping for), so that the run goes on.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    @inline(__always)
    mutating func append(
        _ text: String,
        plainPrefix: (_ at: UnsafePointer<UInt8>, _ count: Int) -> Int = { _, _ in 0 },
        isPlain: (UInt8) -> Bool,
        keeps: ((_ utf8: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool)? = nil,
        escape: (_ utf8: UnsafeBufferPointer<UInt8>, _ index: Int, _ out: inout Self) -> Int
    ) {
        text.withUTF8Bytes { utf8 in
            append(utf8: utf8, plainPrefix: plainPrefix, isPlain: isPlain, keeps: keeps, escape: escape)
        }
    }

    /// `append(_:plainPrefix:isPlain:keeps:escape:)` for text given as its UTF-8 bytes.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    @inline(__always)
    mutating func append(
        utf8: UnsafeBufferPointer<UInt8>,
        plainPrefix: (_ at: UnsafePointer<UInt8>, _ count: Int) -> Int = { _, _ in 0 },
        isPlain: (UInt8) -> Bool,
        keeps: ((_ utf8: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool)? = nil,
        escape: (_ utf8: UnsafeBufferPointer<UInt8>, _ index: Int, _ out: inout Self) -> Int
    ) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var i = plainPrefix(base, count)
        // Most texts need nothing replaced: copied at once.
        if i == count {
            append(bytes: utf8)
            return
        }
        var start = 0
        while i < count {
            if isPlain(base[i]) || keeps?(utf8, i) == true {
                i &+= 1
            } else {
                if start < i { append(bytes: UnsafeBufferPointer(start: base + start, count: i &- start)) }
                i &+= max(1, escape(utf8, i, &self))
                start = i
            }
            if i < count { i &+= plainPrefix(base + i, count &- i) }
        }
        if start < count { append(bytes: UnsafeBufferPointer(start: base + start, count: count &- start)) }
    }

    /// A string literal as `JSONValue` prints it, escaped byte by byte: quotes, backslashes,
    /// control characters, DEL and U+2028/U+2029.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(jsonString text: String) {
        append(byte: 0x22)
        append(jsonStringContent: text)
        append(byte: 0x22)
    }

    /// `append(jsonString:)` without the quotes: a piece of a longer string literal.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(jsonStringContent text: String) {
        append(text, plainPrefix: { oplint_json_plain_prefix($0, $1) }, isPlain: { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != 0xE2 }, keeps: { utf8, i in
            utf8[i] == 0xE2 && !TextBufferBytes.isLineOrParagraphSeparator(utf8, i)
        }, escape: Self.appendJSONEscape)
    }

    /// `append(jsonStringContent:)` with DEL kept as it is, as `JSONText` (the graphs `oplint
    /// extract` writes) has always written it; JSON requires only control characters escaped.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(jsonStringContentKeepingDelete text: String) {
        text.withUTF8Bytes { append(jsonStringContentKeepingDelete: $0) }
    }

    /// `append(jsonStringContentKeepingDelete:)` for text given as its UTF-8 bytes.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(jsonStringContentKeepingDelete utf8: UnsafeBufferPointer<UInt8>) {
        // The scan also stops at DEL, which `isPlain` then keeps.
        append(utf8: utf8, plainPrefix: { oplint_json_plain_prefix($0, $1) }, isPlain: { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0xE2 }, keeps: { utf8, i in
            utf8[i] == 0xE2 && !TextBufferBytes.isLineOrParagraphSeparator(utf8, i)
        }, escape: Self.appendJSONEscape)
    }

    /// The JSON escape of the character at `i` of `utf8`; returns how many bytes it took.
    @inline(__always)
    private static func appendJSONEscape(_ utf8: UnsafeBufferPointer<UInt8>, _ i: Int, _ out: inout Self) -> Int {
        let byte = utf8[i]
        switch byte {
        case 0x22: out.append("\\\"")
        case 0x5C: out.append("\\\\")
        case 0x0A: out.append("\\n")
        case 0x0D: out.append("\\r")
        case 0x09: out.append("\\t")
        case 0xE2:
            // U+2028 and U+2029 end a line in JavaScript; every other character starting with E2 is kept.
            if i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9) {
                out.append(utf8[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                return 3
            }
            out.append(byte: byte)
        default:
            // Other control characters and DEL: \u00XX in lower-case hex.
            out.append("\\u00")
            out.append(byte: hexDigit(byte >> 4))
            out.append(byte: hexDigit(byte))
        }
        return 1
    }
}

/// Byte patterns the escapes look for.
enum TextBufferBytes {
    /// Whether U+2028 or U+2029 (E2 80 A8/A9) starts at `i`.
    @inline(__always)
    static func isLineOrParagraphSeparator(_ utf8: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i + 2 < utf8.count && utf8[i] == 0xE2 && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9)
    }

    /// Whether a C1 control character (U+0080–U+009F: C2 80–9F) starts at `i`.
    @inline(__always)
    static func isC1Control(_ utf8: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i + 1 < utf8.count && utf8[i] == 0xC2 && utf8[i + 1] <= 0x9F
    }

    /// Whether U+FFFE or U+FFFF (EF BF BE/BF) starts at `i`.
    @inline(__always)
    static func isNonCharacter(_ utf8: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i + 2 < utf8.count && utf8[i] == 0xEF && utf8[i + 1] == 0xBF && (utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF)
    }
}

/// Tests on eight bytes at once, held in a `UInt64` (the bit tricks of "Bit Twiddling Hacks",
/// Sean Eron Anderson): whether any byte equals a value or is below one, as a flag in the high
/// bit of the bytes that do. Both answers are exact as zero or not, and so is the lowest flag (a
/// borrow only runs upwards, so only bytes above a true one can be flagged falsely); several
/// are combined with `|`.
enum Word {
    /// How many of the `count` bytes at `at` come before the first one `lookAt` flags, eight at
    /// a time (`lookAt` flags bytes in their high bit, its lowest flag exact, and must not flag `A`).
    @inline(__always)
    static func plainPrefix(_ at: UnsafePointer<UInt8>, _ count: Int, _ lookAt: (UInt64) -> UInt64) -> Int {
        var i = 0
        while i < count {
            let flags = lookAt(i &+ 8 <= count ? UInt64(littleEndian: UnsafeRawPointer(at + i).loadUnaligned(as: UInt64.self))
                : padded(at + i, count: count &- i))
            if flags != 0 { return min(count, i &+ (flags.trailingZeroBitCount &>> 3)) }
            i &+= 8
        }
        return count
    }

    /// The `count` (below 8) bytes at `at` as a little-endian word, with `A` after them.
    @inline(__always)
    static func padded(_ at: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var word: UInt64 = 0x4141_4141_4141_4141
        withUnsafeMutableBytes(of: &word) { $0.baseAddress?.copyMemory(from: at, byteCount: count) }
        return UInt64(littleEndian: word)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether a byte of `word` is an ASCII digit (the bit hacks' `hasbetween(word, 0x2F, 0x3A)`:
    /// no byte's sum carries into the next, so the answer is exact).
    @inline(__always)
    static func hasDigit(_ word: UInt64) -> Bool {
        let low7 = word & ~highs
        return (ones &* (127 + 0x3A) &- low7) & ~word & (low7 &+ ones &* (127 - 0x2F)) & highs != 0
    }

    /// Nonzero when a byte of `word` is `byte`.
    @inline(__always)
    static func equal(_ byte: UInt8, _ word: UInt64) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Nonzero when a byte of `word` is below `limit` (at most 128).
    @inline(__always)
    static func below(_ limit: UInt8, _ word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }
}

/// A set of byte values as 256 bits: whether a byte is in it is a shift and a mask.
struct ByteSet {
    private var low: UInt64 = 0, lowHigh: UInt64 = 0, highLow: UInt64 = 0, high: UInt64 = 0

    /// The set of `bytes`, each a value or a closed range.
    init(_ ranges: [ClosedRange<UInt8>]) {
        for range in ranges {
            for byte in range {
                let bit: UInt64 = 1 << UInt64(byte & 63)
                switch byte >> 6 {
                case 0: low |= bit
                case 1: lowHigh |= bit
                case 2: highLow |= bit
                default: high |= bit
                }
            }
        }
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word = byte < 0x80 ? (byte < 0x40 ? low : lowHigh) : (byte < 0xC0 ? highLow : high)
        return (word >> UInt64(byte & 63)) & 1 != 0
    }
}

/// A plain byte array as a text buffer: for the `String` forms of the escapes.
struct TextBytes: TextBuffer {
    var bytes: [UInt8] = []

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(bytes more: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: more)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// The lower-case hexadecimal digit of the low four bits of `value`.
@inline(__always)
func hexDigit(_ value: UInt8) -> UInt8 {
    let digit = value & 0xF
    return digit < 10 ? 0x30 + digit : 0x57 + digit
}

extension String {
    /// Whether the two strings are the same bytes. (`==` also takes two spellings of `é`,
    /// precomposed and combining, as equal: they are one name but two paths.) Two copies of
    /// one string share their bytes and are known equal without reading them.
    ///
    /// - Complexity: O(1) for copies of one string, else O(*n*) in the UTF-8 length.
    func hasSameBytes(as other: String) -> Bool {
        withUTF8Bytes { x in
            other.withUTF8Bytes { y in
                guard x.count == y.count else { return false }
                guard let left = x.baseAddress, let right = y.baseAddress, left != right else { return true }
                return memcmp(left, right, x.count) == 0
            }
        }
    }

    /// Calls `body` with the string's UTF-8 bytes where they are, without copying the string
    /// (`withUTF8` needs a mutable copy, which retains it: on a string that several report
    /// threads share, every retain is a contended atomic). A string that is not stored as
    /// UTF-8 is copied into UTF-8 first.
    ///
    /// - Complexity: O(1), or O(*n*) for a string not stored as contiguous UTF-8.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
