/// A name as extraction keys its tables (the second pass's variables, properties and class
/// lookups, usage evidence, the graph's names): the text and a hash worked out once from its
/// bytes. Two names are equal when their bytes are, as the compilers compare identifiers.
///
/// Looking a name up walks every scope's variables and then the enclosing type's properties.
/// Keyed by `String`, each table hashed the name again with SipHash (about a fifth of the second
/// pass's instructions on the million-line benchmark tree); a `ScanName` is hashed once when it
/// is made, and each table only mixes that hash with its own seed.
struct ScanName: Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    let text: String
    /// A 64-bit hash of the UTF-8 bytes, keyed per process (see `key`).
    let hash: UInt64

    init(_ text: String) {
        var text = text
        self.hash = text.withUTF8 { Self.hash(of: $0) }
        self.text = text
    }

    init(stringLiteral value: String) {
        self.init(value)
    }

    var description: String { text }

    static func == (a: ScanName, b: ScanName) -> Bool {
        a.hash == b.hash && a.text == b.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// What `Dictionary` and `Set` ask for: the stored hash mixed with the table's seed, with
    /// no `Hasher` in between.
    func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: Self.mix(hash ^ UInt64(truncatingIfNeeded: seed)))
    }

    /// The name without its first character (`_queue` → `queue`, `_` → the empty name), for a
    /// name that starts with `_`.
    var droppingUnderscore: ScanName { ScanName(String(text.dropFirst())) }

    /// Whether the name's first character is `_` (`_` itself too; not `_` with a combining mark).
    var startsWithUnderscore: Bool { text.utf8.first == UInt8(ascii: "_") && text.hasPrefix("_") }

    /// A process-wide key, drawn from the standard library's per-process hashing seed: which
    /// names share a bucket changes from run to run (`SWIFT_DETERMINISTIC_HASHING` fixes it), so
    /// no file of names can be written that always collides.
    private static let key: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x6F70_6C69_6E74 as UInt64)
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }()

    /// A keyed hash of `bytes`, eight at a time.
    ///
    /// - Complexity: O(*n*).
    static func hash(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = bytes.count
        var h = key ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress, count > 0 else { return mix(h) }
        let raw = UnsafeRawPointer(base)
        // The last bytes in one load that overlaps the ones before (the length is in `h`, so
        // the words still tell names apart): no byte-by-byte tail.
        let tail: UInt64
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                h ^= h >> 31
                offset += 8
            }
            tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            tail = UInt64(raw.loadUnaligned(as: UInt32.self)) | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        } else {
            tail = UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16
        }
        h = (h ^ tail) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        return mix(h)
    }

    /// A 64-bit finalizer (splitmix64's): every bit of the input reaches the low bits that
    /// pick a bucket.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Dictionary where Key == ScanName {
    /// The value for the name `text`, hashed here: code that looks a name up in several tables
    /// makes its `ScanName` once instead.
    subscript(_ text: String) -> Value? {
        get { self[ScanName(text)] }
        // In place: a value changed through this subscript is not copied out and back.
        _modify { yield &self[ScanName(text)] }
    }

    /// The value for the name `text`, or `defaultValue` when it has none.
    subscript(_ text: String, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[ScanName(text), default: defaultValue()] }
        _modify { yield &self[ScanName(text), default: defaultValue()] }
    }
}

extension Set where Element == ScanName {
    /// Whether the set holds the name `text`.
    func contains(_ text: String) -> Bool { contains(ScanName(text)) }

    /// Adds the name `text`; whether it was new.
    @discardableResult
    mutating func insert(_ text: String) -> Bool { insert(ScanName(text)).inserted }

    /// Takes the name `text` out.
    mutating func remove(_ text: String) { remove(ScanName(text)) }
}
