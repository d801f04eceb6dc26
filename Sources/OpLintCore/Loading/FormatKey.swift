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
        var first: UInt8
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
            (entries + index).initialize(to: Entry(key: key.key, first: key.bytes.first ?? 0, start: offset))
            offset += key.bytes.count
            if ranges[key.bytes.count].end == 0 { ranges[key.bytes.count].start = index }
            ranges[key.bytes.count].end = index + 1
        }
    }

    /// The keys in declaration order, for messages and suggestions.
    var names: [String] { Key.allCases.map(\.rawValue) }

    /// The key whose name is exactly `bytes`, or nil.
    ///
    /// - Complexity: O(*k*) in the length of the key.
    @inline(__always) func key(_ candidate: UnsafeRawBufferPointer) -> Key? {
        let count = candidate.count
        guard count > 0, count <= maximumLength, let base = candidate.baseAddress else { return nil }
        let first = base.load(as: UInt8.self)
        let range = ranges[count]
        var index = range.start
        while index < range.end {
            let entry = entries[index]
            if entry.first == first && memcmp(bytes + entry.start, base, count) == 0 { return entry.key }
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
