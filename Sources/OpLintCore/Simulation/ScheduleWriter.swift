/// A byte buffer for the schedule's large renderings (the shared primitives are `TextBuffer`'s).
///
/// The writer owns its buffer (it cannot be copied), as `ReportWriter` does: appending a byte
/// is a store and a count. Kept in an array, each of the dozens of appends of a row went
/// through the array's general append, about a third of the time a million-operation schedule
/// took to write.
struct ScheduleWriter: TextBuffer, ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(bytes more: UnsafeBufferPointer<UInt8>) {
        guard let source = more.baseAddress else { return }
        if capacity - count < more.count { grow(toHold: more.count) }
        (base + count).initialize(from: source, count: more.count)
        count += more.count
    }

    /// Makes room for `extra` more bytes, at least doubling the buffer.
    private mutating func grow(toHold extra: Int) {
        base = OwnedBytes.grown(base, count: count, capacity: &capacity, toHold: extra)
    }

    /// The decimal digits of `value`, written in place.
    @inline(__always)
    mutating func append(digitsOf value: UInt64) {
        var length = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        if capacity - count < length { grow(toHold: length) }
        var at = count + length
        rest = value
        repeat {
            at -= 1
            base[at] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        count += length
    }

    /// How many bytes are written and not yet handed over.
    var writtenCount: Int { count }

    /// The bytes written and not yet handed over.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Hands the bytes so far to `write` once there are at least `limit` of them, and
    /// starts again at the beginning of the buffer.
    mutating func flush(ifAtLeast limit: Int, to write: ([UInt8]) throws -> Void) rethrows {
        guard count >= limit else { return }
        try write(bytes)
        count = 0
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
        let fraction = append(wholePartOf: thousandths)
        append(byte: 0x2E)
        append(byte: UInt8(0x30 + fraction / 100))
        append(byte: UInt8(0x30 + fraction / 10 % 10))
        append(byte: UInt8(0x30 + fraction % 10))
    }

    /// The sign and the whole part of a time given in thousandths (an integer below 2^63 in
    /// magnitude), written; returns the thousandths left over, 0 to 999.
    mutating func append(wholePartOf thousandths: Double) -> Int {
        var units = Int64(thousandths)
        if units < 0 {
            append(byte: 0x2D)
            units = -units
        }
        append(digitsOf: UInt64(units / 1000))
        return Int(units % 1000)
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

    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}
