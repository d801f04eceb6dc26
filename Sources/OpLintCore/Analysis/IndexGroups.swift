/// The numbers `0..<count` grouped by a key in `0..<keyCount`, each group in increasing order:
/// a table of two arrays where a dictionary of arrays would allocate one array per key.
///
/// Used for the waits of each operation, by waiter or by target.
struct IndexGroups: Sendable {
    private var start: [Int32] = []
    private var members: [Int32] = []

    /// No numbers: every group is empty.
    init() {}

    /// - Complexity: O(*count* + *keyCount*); nothing is allocated when `count` is 0.
    init(count: Int, keyCount: Int, key: (Int) -> Int32) {
        guard count > 0 else { return }
        var start = [Int32](repeating: 0, count: keyCount + 1)
        for i in 0..<count { start[Int(key(i)) + 1] += 1 }
        for k in 0..<keyCount { start[k + 1] += start[k] }
        var next = start
        var members = [Int32](repeating: 0, count: count)
        for i in 0..<count {
            let k = Int(key(i))
            members[Int(next[k])] = Int32(i)
            next[k] += 1
        }
        self.start = start
        self.members = members
    }

    /// The numbers whose key is `key`, in increasing order.
    subscript(key: Int) -> ArraySlice<Int32> {
        start.isEmpty ? [] : members[Int(start[key])..<Int(start[key + 1])]
    }
}

extension GraphIndex {
    /// The operation waits (`operationWaits` indices) grouped by waiter.
    func operationWaitsByWaiter() -> IndexGroups {
        IndexGroups(count: operationWaits.count, keyCount: operationCount) { operationWaits[$0].waiter }
    }

    /// The operation waits (`operationWaits` indices) grouped by the operation waited for.
    func operationWaitsByTarget() -> IndexGroups {
        IndexGroups(count: operationWaits.count, keyCount: operationCount) { operationWaits[$0].target }
    }
}
