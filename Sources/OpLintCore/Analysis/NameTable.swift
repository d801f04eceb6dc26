/// Names to indices, first declaration wins: an open-addressing hash table built and queried
/// in batches sorted by hash, so that a million names cost sequential memory traffic rather
/// than a cache miss per name.
///
/// Swift's `Dictionary<String, _>` costs several hundred nanoseconds per access on a million
/// names, almost all of it cache misses. Here the slot of a name is given by the top bits of
/// its hash, so visiting names in the order of those bits walks the table from one end to the
/// other. Hashes are kept beside the slots; names are compared only when hashes are equal.
struct NameTable: Sendable {
    private var hashes: [UInt64]
    private var slots: [Int32]
    private let shift: UInt64

    /// A table of `names`, with their `hashes` (`NameTable.hash`), and the later declarations
    /// of names declared before, as (first, duplicate) pairs in declaration order.
    ///
    /// - Complexity: O(*n*).
    init(names: UnsafeBufferPointer<String>, hashes nameHashes: [UInt64], duplicates: inout [(Int32, Int32)]) {
        let n = names.count
        var bits: UInt64 = 4
        while (1 << bits) < n * 2 { bits += 1 }
        let size = 1 << Int(bits)
        let shift = 64 - bits
        self.shift = shift
        var hashes = [UInt64](repeating: 0, count: size)
        var slots = [Int32](repeating: -1, count: size)
        let order = Self.orderByHash(nameHashes, bits: bits)
        hashes.withUnsafeMutableBufferPointer { hashes in
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = size - 1
            for i in order {
                let hash = nameHashes[Int(i)]
                var p = Int(hash >> shift)
                while true {
                    let v = slots[p]
                    if v < 0 {
                        slots[p] = i
                        hashes[p] = hash
                        break
                    }
                    if hashes[p] == hash && names[Int(v)] == names[Int(i)] {
                        duplicates.append((min(v, i), max(v, i)))
                        if i < v { slots[p] = i }
                        break
                    }
                    p = (p + 1) & mask
                }
            }
        }}
        duplicates.sort { ($0.1, $0.0) < ($1.1, $1.0) }
        self.hashes = hashes
        self.slots = slots
    }

    /// Indices of items sorted by the top bits of their hash (stable), by two counting passes.
    private static func orderByHash(_ hashes: [UInt64], bits: UInt64) -> [Int32] {
        let partitionBits = min(bits, 12)
        let partitionShift = 64 - partitionBits
        var counts = [Int](repeating: 0, count: (1 << Int(partitionBits)) + 1)
        for hash in hashes { counts[Int(hash >> partitionShift) + 1] += 1 }
        for p in 1..<counts.count { counts[p] += counts[p - 1] }
        var order = [Int32](repeating: 0, count: hashes.count)
        order.withUnsafeMutableBufferPointer { order in
            for (i, hash) in hashes.enumerated() {
                let p = Int(hash >> partitionShift)
                order[counts[p]] = Int32(i)
                counts[p] += 1
            }
        }
        return order
    }

    /// For each hash, the index of the first name stored with that hash, or -1. A candidate
    /// must still be compared with the name it stands for (`find` resolves the rare collision).
    ///
    /// - Complexity: O(*k*) for *k* hashes.
    func candidates(for queries: [UInt64]) -> [Int32] {
        var result = [Int32](repeating: -1, count: queries.count)
        let order = Self.orderByHash(queries, bits: 64 - shift)
        let mask = slots.count - 1
        hashes.withUnsafeBufferPointer { hashes in
        slots.withUnsafeBufferPointer { slots in
        result.withUnsafeMutableBufferPointer { result in
            for q in order {
                let hash = queries[Int(q)]
                var p = Int(hash >> shift)
                while true {
                    let v = slots[p]
                    if v < 0 { break }
                    if hashes[p] == hash { result[Int(q)] = v; break }
                    p = (p + 1) & mask
                }
            }
        }}}
        return result
    }

    /// The index of `name`, comparing names, or nil.
    ///
    /// - Complexity: O(1) expected.
    func find(_ name: String, hash: UInt64, in names: UnsafeBufferPointer<String>) -> Int32? {
        var p = Int(hash >> shift)
        let mask = slots.count - 1
        while true {
            let v = slots[p]
            if v < 0 { return nil }
            if hashes[p] == hash && names[Int(v)] == name { return v }
            p = (p + 1) & mask
        }
    }

    /// A 64-bit hash of the UTF-8 bytes, eight at a time.
    @inline(__always)
    static func hash(_ name: String) -> UInt64 {
        if let hash = name.utf8.withContiguousStorageIfAvailable(hash(bytes:)) { return hash }
        return hash(bytes: UnsafeBufferPointer(start: nil, count: 0), fallback: name)
    }

    @inline(__always)
    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return mix(h) }
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xbf58_476d_1ce4_e5b9
            h ^= h >> 31
            i += 8
        }
        var tail: UInt64 = 0
        var offset: UInt64 = 0
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << offset
            offset += 8
            i += 1
        }
        return mix(h ^ tail)
    }

    /// For strings without contiguous UTF-8 (bridged ones): hash a copy.
    private static func hash(bytes _: UnsafeBufferPointer<UInt8>, fallback name: String) -> UInt64 {
        Array(name.utf8).withUnsafeBufferPointer(hash(bytes:))
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0x94d0_49bb_1331_11eb
        x ^= x >> 29
        x = x &* 0xbf58_476d_1ce4_e5b9
        return x ^ (x >> 32)
    }
}
