/// A hash that is the same on every run and machine (Swift's `Hasher` is seeded per process).
///
/// Two independent 64-bit FNV-1a lanes, printed as 32 hexadecimal digits.
struct StableHasher {
    private var low: UInt64 = 0xcbf2_9ce4_8422_2325
    private var high: UInt64 = 0x8422_2325_cbf2_9ce4

    /// Adds one field.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func combine(_ text: String) {
        add(text) { _ in true }
        endField()
    }

    /// Adds the field `prefix + text`, without building that string.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func combine(_ prefix: StaticString, _ text: String) {
        prefix.withUTF8Buffer { for byte in $0 { add(byte) } }
        add(text) { _ in true }
        endField()
    }

    /// Adds the field `prefix + name`, leaving out the line number of a name made unique by
    /// where it is (`op@Sources/Sync.swift:42` adds `op@Sources/Sync.swift:`): code that moves
    /// within its file keeps its fingerprint. Other names are added whole.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func combine(_ prefix: StaticString, placeName name: String) {
        prefix.withUTF8Buffer { for byte in $0 { add(byte) } }
        name.withUTF8Bytes { utf8 in
            for byte in utf8[..<Self.endWithoutLine(utf8)] { add(byte) }
        }
        endField()
    }

    /// Where a name's trailing `:LINE` digits begin, when it has them after an `@`; else its end.
    private static func endWithoutLine(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var end = utf8.count
        while end > 0 && isDigit(utf8[end - 1]) { end -= 1 }
        guard end < utf8.count, end > 1, utf8[end - 1] == UInt8(ascii: ":"),
              utf8[..<(end - 1)].contains(UInt8(ascii: "@")) else { return utf8.count }
        return end
    }

    /// Adds the field `text` with the digits 0–9 left out (ASCII digits are single bytes that
    /// occur in no other character's UTF-8 encoding).
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func combine(skippingDigits text: String) {
        text.withUTF8Bytes { utf8 in
            guard let base = utf8.baseAddress else { return }
            var i = 0
            // Eight bytes at a time while they hold no digit: most of a message.
            while i &+ 8 <= utf8.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                if Word.hasDigit(word) {
                    for k in 0..<8 where !Self.isDigit(base[i &+ k]) { add(base[i &+ k]) }
                } else {
                    for k in 0..<8 { add(UInt8(truncatingIfNeeded: word &>> UInt64(8 &* k))) }
                }
                i &+= 8
            }
            while i < utf8.count {
                if !Self.isDigit(base[i]) { add(base[i]) }
                i &+= 1
            }
        }
        endField()
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10
    }

    /// The hash of the fields so far.
    var digest: Fingerprint { Fingerprint(high: high, low: low) }

    /// The digest as 32 lower-case hexadecimal digits.
    var hexDigest: String { digest.hex }

    @inline(__always)
    private mutating func add(_ byte: UInt8) {
        low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        high = (high ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
    }

    @inline(__always)
    private mutating func add(_ text: String, where keep: (UInt8) -> Bool) {
        text.withUTF8Bytes { utf8 in
            for byte in utf8 where keep(byte) { add(byte) }
        }
    }

    /// Separates fields so that ("ab", "c") and ("a", "bc") differ.
    private mutating func endField() {
        low = (low ^ 0xFF) &* 0x0000_0100_0000_01B3
        high = (high ^ 0xA5) &* 0x0000_0100_0000_01B3
    }
}

/// A finding's location-independent identity: a `StableHasher` digest.
struct Fingerprint: Hashable {
    var high: UInt64
    var low: UInt64

    /// 32 lower-case hexadecimal digits, high lane first.
    var hex: String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            storeHex(at: UnsafeMutableRawPointer(buffer.baseAddress!))
            return 32
        }
    }

    /// Stores the 32 hexadecimal digits at `at`, which has room for them.
    @inline(__always)
    func storeHex(at: UnsafeMutableRawPointer) {
        at.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32)), as: UInt64.self)
        at.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: high)), toByteOffset: 8, as: UInt64.self)
        at.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: low >> 32)), toByteOffset: 16, as: UInt64.self)
        at.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: low)), toByteOffset: 24, as: UInt64.self)
    }

    /// The eight lower-case hexadecimal digits of `value`, most significant first, as a word
    /// whose bytes in memory are those digits: each nibble spread to a byte of its own, then
    /// turned into its digit in all eight bytes at once.
    @inline(__always)
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var n = UInt64(value)
        n = (n & 0xFFFF_0000) << 16 | n & 0x0000_FFFF
        n = (n & 0x0000_FF00_0000_FF00) << 8 | n & 0x0000_00FF_0000_00FF
        n = (n & 0x00F0_00F0_00F0_00F0) << 4 | n & 0x000F_000F_000F_000F
        // Byte k holds nibble k, the least significant first; the digits go most significant first.
        n = n.byteSwapped
        // 1 in each byte holding 10–15 (adding 6 carries into its bit 4, never into the next byte).
        let letters = (n &+ 0x0606_0606_0606_0606) >> 4 & 0x0101_0101_0101_0101
        // '0' + nibble, and 'a' - '0' - 10 = 39 more for a letter.
        return (n &+ 0x3030_3030_3030_3030 &+ letters &* 39).littleEndian
    }
}
