#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// A table of the operation names of `names`, with their `hashes` (`NameTable.hash`), and
    /// the later declarations of names declared before, as (first, duplicate) pairs in
    /// declaration order.
    ///
    /// - Complexity: O(*n*).
    init(names: OperationNames, hashes nameHashes: [UInt64], duplicates: inout [(Int32, Int32)]) {
        let n = names.count
        let bits = Self.bits(forNames: n)
        let size = 1 << Int(bits)
        let shift = 64 - bits
        self.shift = shift
        var hashes = [UInt64](repeating: 0, count: size)
        var slots = [Int32](repeating: -1, count: size)
        let (order, sortedHashes) = nameHashes.withUnsafeBufferPointer { Self.sortByHash($0, bits: bits) }
        hashes.withUnsafeMutableBufferPointer { hashes in
        slots.withUnsafeMutableBufferPointer { slots in
        sortedHashes.withUnsafeBufferPointer { sortedHashes in
            let mask = size - 1
            for (k, i) in order.enumerated() {
                let hash = sortedHashes[k]
                var p = Int(hash >> shift)
                while true {
                    let v = slots[p]
                    if v < 0 {
                        slots[p] = i
                        hashes[p] = hash
                        break
                    }
                    if hashes[p] == hash && names.same(Int(v), Int(i)) {
                        duplicates.append((min(v, i), max(v, i)))
                        if i < v { slots[p] = i }
                        break
                    }
                    p = (p + 1) & mask
                }
            }
        }}}
        duplicates.sort { ($0.1, $0.0) < ($1.1, $1.0) }
        self.hashes = hashes
        self.slots = slots
    }

    /// The bits of a slot's number in the table of `n` names: at least twice as many slots.
    static func bits(forNames n: Int) -> UInt64 {
        var bits: UInt64 = 4
        while (1 << bits) < n * 2 { bits += 1 }
        return bits
    }

    /// Queries put in the order the table of `names` names walks its slots
    /// (`candidates(for:into:)`): sorting them needs only the number of names, so it can run
    /// while the table is built.
    struct SortedQueries: Sendable {
        fileprivate let order: [Int32]
        fileprivate let hashes: [UInt64]

        /// - Complexity: O(*k*) for *k* queries.
        init(_ queries: UnsafeBufferPointer<UInt64>, names: Int) {
            self.init(queries, bits: NameTable.bits(forNames: names))
        }

        fileprivate init(_ queries: UnsafeBufferPointer<UInt64>, bits: UInt64) {
            (order, hashes) = NameTable.sortByHash(queries, bits: bits)
        }
    }

    /// Indices of items sorted by the top bits of their hash (stable), by two counting passes,
    /// and their hashes in that order: walking both reads memory in sequence, where reading
    /// each item's hash by its index would miss the cache at every item of a large table.
    private static func sortByHash(_ hashes: UnsafeBufferPointer<UInt64>, bits: UInt64) -> (order: [Int32], hashes: [UInt64]) {
        let partitionBits = min(bits, 12)
        let partitionShift = 64 - partitionBits
        var counts = [Int](repeating: 0, count: (1 << Int(partitionBits)) + 1)
        for hash in hashes { counts[Int(hash >> partitionShift) + 1] += 1 }
        for p in 1..<counts.count { counts[p] += counts[p - 1] }
        let n = hashes.count
        var sorted: [UInt64] = []
        let order = [Int32](unsafeUninitializedCapacity: n) { order, orderCount in
            sorted = [UInt64](unsafeUninitializedCapacity: n) { sorted, sortedCount in
                counts.withUnsafeMutableBufferPointer { counts in
                    for (i, hash) in hashes.enumerated() {
                        let p = Int(hash >> partitionShift)
                        let k = counts[p]
                        order[k] = Int32(truncatingIfNeeded: i)
                        sorted[k] = hash
                        counts[p] = k + 1
                    }
                }
                sortedCount = n
            }
            orderCount = n
        }
        return (order, sorted)
    }

    /// For each hash, the index of the first name stored with that hash, or -1. A candidate
    /// must still be compared with the name it stands for (`find` resolves the rare collision).
    ///
    /// - Complexity: O(*k*) for *k* hashes.
    func candidates(for queries: [UInt64]) -> [Int32] {
        var result = [Int32](repeating: -1, count: queries.count)
        queries.withUnsafeBufferPointer { queries in
            result.withUnsafeMutableBufferPointer { candidates(for: queries, into: $0) }
        }
        return result
    }

    /// `candidates(for:)` into `result`, which has one place per query.
    func candidates(for queries: UnsafeBufferPointer<UInt64>, into result: UnsafeMutableBufferPointer<Int32>) {
        candidates(for: SortedQueries(queries, bits: 64 - shift), into: result)
    }

    /// `candidates(for:into:)` for queries sorted already, for a table of as many names.
    func candidates(for queries: SortedQueries, into result: UnsafeMutableBufferPointer<Int32>) {
        let order = queries.order, sortedQueries = queries.hashes
        let mask = slots.count - 1
        hashes.withUnsafeBufferPointer { hashes in
        slots.withUnsafeBufferPointer { slots in
        sortedQueries.withUnsafeBufferPointer { sortedQueries in
            for (k, q) in order.enumerated() {
                let hash = sortedQueries[k]
                var p = Int(hash >> shift)
                while true {
                    let v = slots[p]
                    if v < 0 { break }
                    if hashes[p] == hash { result[Int(q)] = v; break }
                    p = (p + 1) & mask
                }
            }
        }}}
    }

    /// The index of the operation whose name is `name`, comparing bytes, or nil.
    ///
    /// - Complexity: O(1) expected.
    func find(_ name: UnsafeBufferPointer<UInt8>, hash: UInt64, in names: OperationNames) -> Int32? {
        var p = Int(hash >> shift)
        let mask = slots.count - 1
        while true {
            let v = slots[p]
            if v < 0 { return nil }
            if hashes[p] == hash && names.operation(Int(v), isNamed: name) { return v }
            p = (p + 1) & mask
        }
    }

    /// The index of the operation called `name`, or nil.
    func find(_ name: String, in names: OperationNames) -> Int32? {
        name.withUTF8Bytes { find($0, hash: Self.hash(bytes: $0), in: names) }
    }

    /// A 64-bit hash of the UTF-8 bytes, eight at a time.
    @inline(__always)
    static func hash(_ name: String) -> UInt64 {
        if let hash = name.utf8.withContiguousStorageIfAvailable(hash(bytes:)) { return hash }
        return hash(bytes: UnsafeBufferPointer(start: nil, count: 0), fallback: name)
    }

    @inline(__always)
    static func hash(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
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

/// The operation names of an `OperationColumns`, compared as bytes.
struct OperationNames {
    let columns: OperationColumns

    var count: Int { columns.operationCount }

    /// Whether operations `a` and `b` have the same name.
    @inline(__always) func same(_ a: Int, _ b: Int) -> Bool {
        let length = columns.nameLength[a]
        guard length == columns.nameLength[b] else { return false }
        return columns.text.withUnsafeBufferPointer { text in
            memcmp(text.baseAddress! + Int(columns.nameStart[a]), text.baseAddress! + Int(columns.nameStart[b]), Int(length)) == 0
        }
    }

    /// Whether operation `i` is called `name`.
    @inline(__always) func operation(_ i: Int, isNamed name: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(columns.nameLength[i])
        guard length == name.count else { return false }
        guard length > 0 else { return true }
        return columns.text.withUnsafeBufferPointer { text in
            memcmp(text.baseAddress! + Int(columns.nameStart[i]), name.baseAddress!, length) == 0
        }
    }

    /// The bytes of operation `i`'s name.
    @inline(__always) func withOperationName<T>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        columns.text.withUnsafeBufferPointer { text in
            body(UnsafeBufferPointer(rebasing: text[Int(columns.nameStart[i])..<Int(columns.nameStart[i]) + Int(columns.nameLength[i])]))
        }
    }

    /// The bytes of reference `r`'s name.
    @inline(__always) func withReferenceName<T>(_ r: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        columns.text.withUnsafeBufferPointer { text in
            body(UnsafeBufferPointer(rebasing: text[Int(columns.referenceNameStart[r])..<Int(columns.referenceNameStart[r]) + Int(columns.referenceNameLength[r])]))
        }
    }
}
