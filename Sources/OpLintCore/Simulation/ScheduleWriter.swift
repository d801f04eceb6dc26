/// A byte buffer for the schedule's large renderings (the shared primitives are `TextBuffer`'s).
struct ScheduleWriter: TextBuffer {
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(bytes more: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: more)
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
