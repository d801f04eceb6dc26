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
        var buffer = TextBytes()
        appendHex(to: &buffer)
        return buffer.text
    }

    /// Appends the 32 hexadecimal digits.
    func appendHex<Buffer: TextBuffer & ~Copyable>(to out: inout Buffer) {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for k in 0..<16 {
                bytes[k] = hexDigit(UInt8(truncatingIfNeeded: high >> UInt64(60 - 4 * k)))
                bytes[16 + k] = hexDigit(UInt8(truncatingIfNeeded: low >> UInt64(60 - 4 * k)))
            }
            out.append(bytes: UnsafeBufferPointer(bytes))
        }
    }
}
