/// A byte buffer for the schedule's large renderings: appending bytes and digits is much
/// cheaper than growing a `String` piece by piece.
struct ScheduleWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if done == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// Hands the bytes so far to `write` once there are at least `limit` of them, and
    /// starts an empty buffer (keeping its capacity).
    mutating func flush(ifAtLeast limit: Int, to write: ([UInt8]) throws -> Void) rethrows {
        guard bytes.count >= limit else { return }
        try write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Collects what a chunked rendering hands over into one array (one chunk: no copy).
    static func collect(_ render: (_ write: ([UInt8]) -> Void) -> Void) -> [UInt8] {
        var all: [UInt8] = []
        render { chunk in
            if all.isEmpty { all = chunk } else { all += chunk }
        }
        return all
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

    /// A non-negative integer in decimal.
    mutating func append(integer value: Int) {
        if value < 0 {
            bytes.append(0x2D)
            append(integer: -value)
            return
        }
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

    /// A time with exactly three decimals, as `ScheduleFormatting.time`.
    mutating func append(time value: Double) {
        let thousandths = (value * 1000).rounded()
        guard thousandths.isFinite, abs(thousandths) < 9e15 else {
            append(ScheduleFormatting.time(value))
            return
        }
        var whole = Int64(thousandths)
        if whole < 0 {
            bytes.append(0x2D)
            whole = -whole
        }
        append(integer: Int(whole / 1000))
        bytes.append(0x2E)
        let fraction = Int(whole % 1000)
        bytes.append(UInt8(0x30 + fraction / 100))
        bytes.append(UInt8(0x30 + fraction / 10 % 10))
        bytes.append(UInt8(0x30 + fraction % 10))
    }

    /// The number of bytes `time` takes.
    static func timeWidth(_ value: Double) -> Int {
        let whole = (value * 1000).rounded() / 1000
        guard whole.isFinite, abs(whole) < 9e12 else { return ScheduleFormatting.time(value).count }
        var digits = 1
        var rest = Int64(abs(whole))
        while rest >= 10 { rest /= 10; digits += 1 }
        return digits + 4 + (value < 0 && (value * 1000).rounded() != 0 ? 1 : 0)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
