/// The keys format v1 defines, one enum per kind of object.
///
/// Keys are matched on their raw UTF-8 bytes, so reading a key allocates nothing.
protocol FormatKey: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

/// Finds a format key from the bytes of a JSON key.
struct KeyTable<Key: FormatKey>: Sendable {
    /// Keys grouped by UTF-8 length: (key, bytes).
    private let byLength: [[(key: Key, bytes: [UInt8])]]
    /// The keys in declaration order, for messages and suggestions.
    let names: [String]

    init() {
        var groups: [[(key: Key, bytes: [UInt8])]] = []
        for key in Key.allCases {
            let bytes = Array(key.rawValue.utf8)
            while groups.count <= bytes.count { groups.append([]) }
            groups[bytes.count].append((key, bytes))
        }
        byLength = groups
        names = Key.allCases.map(\.rawValue)
    }

    /// The key whose name is exactly `bytes`, or nil.
    ///
    /// - Complexity: O(*k*) in the length of the key.
    @inline(__always) func key(_ bytes: UnsafeRawBufferPointer) -> Key? {
        guard bytes.count < byLength.count else { return nil }
        for candidate in byLength[bytes.count] {
            let equal = candidate.bytes.withUnsafeBytes { stored in
                stored.elementsEqual(bytes)
            }
            if equal { return candidate.key }
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
    case at, cancel, cancelAll, suspend, resume
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
