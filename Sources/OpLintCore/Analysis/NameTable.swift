/// Names to indices, first declaration wins: an open-addressing hash table tuned for graphs
/// whose references mostly point at recently declared names.
///
/// Swift's `Dictionary<String, _>` costs several hundred nanoseconds per access on a
/// million names, mostly cache misses. This table hashes the UTF-8 bytes once (FNV-1a),
/// keeps hashes beside the indices so a probe touches one cache line, and answers most
/// lookups from a small direct-mapped cache of recent names that stays in the CPU cache.
struct NameTable {
    private var hashes: [UInt64]
    private var slots: [Int32]
    private let mask: Int
    private var recentHashes: [UInt64]
    private var recentSlots: [Int32]
    private static let recentMask = (1 << 14) - 1

    /// A table for about `capacity` names.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        hashes = [UInt64](repeating: 0, count: size)
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        recentHashes = [UInt64](repeating: 0, count: Self.recentMask + 1)
        recentSlots = [Int32](repeating: -1, count: Self.recentMask + 1)
    }

    /// FNV-1a over the UTF-8 bytes, with a final mix so the low bits are well spread.
    @inline(__always)
    static func hash(_ name: String) -> UInt64 {
        var x: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { x = (x ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        x ^= x >> 32
        x = x &* 0xd6e8_feb8_6659_fd93
        return x ^ (x >> 29)
    }

    /// The index stored for `name`, looking names up in `names` to rule out hash collisions.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    func find(_ name: String, hash: UInt64, in names: UnsafeBufferPointer<String>) -> Int32? {
        let r = Int(truncatingIfNeeded: hash) & Self.recentMask
        let cached = recentSlots[r]
        if cached >= 0 && recentHashes[r] == hash && names[Int(cached)] == name { return cached }
        var p = Int(truncatingIfNeeded: hash >> 20) & mask
        while true {
            let v = slots[p]
            if v < 0 { return nil }
            if hashes[p] == hash && names[Int(v)] == name { return v }
            p = (p + 1) & mask
        }
    }

    /// Stores `index` for `name` unless the name is already present; returns the index stored first.
    @inline(__always)
    mutating func insert(_ name: String, hash: UInt64, index: Int32, in names: UnsafeBufferPointer<String>) -> Int32 {
        var p = Int(truncatingIfNeeded: hash >> 20) & mask
        while true {
            let v = slots[p]
            if v < 0 { break }
            if hashes[p] == hash && names[Int(v)] == name { return v }
            p = (p + 1) & mask
        }
        slots[p] = index
        hashes[p] = hash
        let r = Int(truncatingIfNeeded: hash) & Self.recentMask
        recentSlots[r] = index
        recentHashes[r] = hash
        return index
    }
}
