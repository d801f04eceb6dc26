#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The keys format v1 defines, one enum per kind of object.
///
/// Keys are matched on their raw UTF-8 bytes, so reading a key allocates nothing.
protocol FormatKey: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

/// Finds a format key from the bytes of a JSON key.
///
/// The tables are built once and never freed; they hold plain pointers, so looking a key up
/// retains nothing.
struct KeyTable<Key: FormatKey>: @unchecked Sendable {
    private struct Entry {
        var key: Key
        /// The key's first and last (up to) eight bytes as words (`KeyTable.ends`).
        var head: UInt64
        var tail: UInt64
        /// Offset of the key's bytes in `bytes`.
        var start: Int
    }

    /// The UTF-8 bytes of every key, one after another.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Entries sorted by key length.
    private let entries: UnsafeMutablePointer<Entry>
    /// For each length 0...maximum, the range of `entries` with that length.
    private let ranges: UnsafeMutablePointer<(start: Int, end: Int)>
    private let maximumLength: Int

    init() {
        let keys = Key.allCases.map { (key: $0, bytes: Array($0.rawValue.utf8)) }.sorted { $0.bytes.count < $1.bytes.count }
        maximumLength = keys.map(\.bytes.count).max() ?? 0
        bytes = .allocate(capacity: max(1, keys.reduce(0) { $0 + $1.bytes.count }))
        entries = .allocate(capacity: max(1, keys.count))
        ranges = .allocate(capacity: maximumLength + 1)
        ranges.initialize(repeating: (0, 0), count: maximumLength + 1)
        var offset = 0
        for (index, key) in keys.enumerated() {
            (bytes + offset).initialize(from: key.bytes, count: key.bytes.count)
            let (head, tail) = key.bytes.withUnsafeBytes { Self.ends($0.baseAddress!, count: $0.count) }
            (entries + index).initialize(to: Entry(key: key.key, head: head, tail: tail, start: offset))
            offset += key.bytes.count
            if ranges[key.bytes.count].end == 0 { ranges[key.bytes.count].start = index }
            ranges[key.bytes.count].end = index + 1
        }
    }

    /// The first and the last eight bytes of `count` > 0 bytes at `base` (overlapping when
    /// there are fewer than sixteen), read without going past them: bytes of equal length with
    /// equal ends are equal when there are at most sixteen of them. Shorter than eight bytes,
    /// the head holds them all and the tail is zero.
    @inline(__always) private static func ends(_ base: UnsafeRawPointer, count: Int) -> (UInt64, UInt64) {
        if count >= 8 {
            return (base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        if count >= 4 {
            let low = UInt64(base.loadUnaligned(as: UInt32.self))
            let high = UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return (low | high << 32, 0)
        }
        var word: UInt64 = 0
        for i in 0..<count { word |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << (8 * UInt64(i)) }
        return (word, 0)
    }

    /// The keys in declaration order, for messages and suggestions.
    var names: [String] { Key.allCases.map(\.rawValue) }

    /// The key whose name is exactly `bytes`, or nil.
    ///
    /// - Complexity: O(1) for keys of up to sixteen bytes, else O(*k*) in the length of the key.
    @inline(__always) func key(_ candidate: UnsafeRawBufferPointer) -> Key? {
        let count = candidate.count
        guard count > 0, count <= maximumLength, let base = candidate.baseAddress else { return nil }
        let (head, tail) = Self.ends(base, count: count)
        let range = ranges[count]
        var index = range.start
        while index < range.end {
            let entry = entries[index]
            if entry.head == head && entry.tail == tail
                && (count <= 16 || memcmp(bytes + entry.start + 8, base + 8, count - 16) == 0) {
                return entry.key
            }
            index += 1
        }
        return nil
    }
}

enum TopLevelKey: String, FormatKey {
    case version, queues, operations, events, simulation, source
    static let table = KeyTable<TopLevelKey>()
}

enum QueueKey: String, FormatKey {
    case name, maxConcurrentOperationCount, qualityOfService, main, suspended, location
    static let table = KeyTable<QueueKey>()
}

enum OperationKey: String, FormatKey {
    case name, queue, start, dependencies, priority, qualityOfService, duration, addedAt, kind
    case asynchronous, finishes, checksCancellation, waitsFor, waitsForQueues, exclusive
    case barrier, reads, writes, count, location, labels, oplint
    static let table = KeyTable<OperationKey>()
}

enum ReferenceKey: String, FormatKey {
    case name, location
    static let table = KeyTable<ReferenceKey>()
}

enum EventKey: String, FormatKey {
    case at, cancel, cancelAll, suspend, resume, location
    static let table = KeyTable<EventKey>()
}

enum LocationKey: String, FormatKey {
    case file, line, column
    static let table = KeyTable<LocationKey>()
}

enum SimulationKey: String, FormatKey {
    case defaultWidth, threads, cores, cpus
    static let table = KeyTable<SimulationKey>()
}

enum SourceInfoKey: String, FormatKey {
    case tool, version, files
    static let table = KeyTable<SourceInfoKey>()
}

enum OplintSettingsKey: String, FormatKey {
    case disable
    static let table = KeyTable<OplintSettingsKey>()
}

/// The named values of `priority`, matched on bytes like keys.
enum PriorityName: String, FormatKey {
    case veryLow, low, normal, high, veryHigh
    static let table = KeyTable<PriorityName>()
}
