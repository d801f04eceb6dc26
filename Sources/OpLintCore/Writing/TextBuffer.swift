/// UTF-8 text written straight into a byte array: what the report and schedule writers share.
/// Appending bytes and digits is much cheaper than growing a `String` piece by piece, and
/// escaping works on the bytes: runs that need no escaping are copied whole.
protocol TextBuffer {
    var bytes: [UInt8] { get set }
}

extension TextBuffer {
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if done == nil { bytes.append(contentsOf: text.utf8) }
    }

    mutating func append<Bytes: Sequence>(bytes more: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: more)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(spaces count: Int) {
        if count > 0 { bytes.append(contentsOf: repeatElement(0x20, count: count)) }
    }

    /// An integer in decimal.
    mutating func append(integer value: Int) {
        if value < 0 { bytes.append(0x2D) }
        append(unsigned: value.magnitude)
    }

    private mutating func append(unsigned value: UInt) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(0x30 + rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }

    /// A number in lower-case hexadecimal without leading zeros, as `String(value, radix: 16)`.
    mutating func append(hex value: UInt32) {
        var shift = 28
        while shift > 0 && (value >> UInt32(shift)) & 0xF == 0 { shift -= 4 }
        while shift >= 0 {
            bytes.append(hexDigit(UInt8(truncatingIfNeeded: value >> UInt32(shift))))
            shift -= 4
        }
    }

    /// `text` with some of its characters replaced. `isPlain` says which bytes are copied as
    /// they are (in runs); at any other byte `escape` appends what stands for the character
    /// starting there and returns how many bytes that character takes (at least 1).
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    @inline(__always)
    mutating func append(
        _ text: String,
        isPlain: (UInt8) -> Bool,
        escape: (_ utf8: UnsafeBufferPointer<UInt8>, _ index: Int, _ out: inout Self) -> Int
    ) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            var i = 0
            let count = utf8.count
            while i < count {
                if isPlain(utf8[i]) {
                    i += 1
                    continue
                }
                if start < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i])) }
                i += max(1, escape(utf8, i, &self))
                start = i
            }
            if start < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<count])) }
        }
    }

    /// A string literal as `JSONValue` prints it, escaped byte by byte: quotes, backslashes,
    /// control characters, DEL and U+2028/U+2029.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(jsonString text: String) {
        bytes.append(0x22)
        append(jsonStringContent: text)
        bytes.append(0x22)
    }

    /// `append(jsonString:)` without the quotes: a piece of a longer string literal.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(jsonStringContent text: String) {
        append(text, isPlain: { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != 0xE2 }) { utf8, i, out in
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
                out.bytes.append(byte)
            default:
                // Other control characters and DEL: \u00XX in lower-case hex.
                out.append("\\u00")
                out.bytes.append(hexDigit(byte >> 4))
                out.bytes.append(hexDigit(byte))
            }
            return 1
        }
    }
}

/// The lower-case hexadecimal digit of the low four bits of `value`.
@inline(__always)
func hexDigit(_ value: UInt8) -> UInt8 {
    let digit = value & 0xF
    return digit < 10 ? 0x30 + digit : 0x57 + digit
}
