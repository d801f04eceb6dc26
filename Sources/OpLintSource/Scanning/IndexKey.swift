/// A token's or an entity's index as a dictionary key, hashed with a multiply and two shifts
/// where `Int`'s own hash runs SipHash at each lookup: the scanner's tables by token and by
/// entity are looked up some hundred thousand times on a large tree.
struct IndexKey: Hashable {
    let index: Int

    init(_ index: Int) {
        self.index = index
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(index)
    }

    func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: ScanName.mix(UInt64(truncatingIfNeeded: index) ^ UInt64(truncatingIfNeeded: seed)))
    }
}

extension Dictionary where Key == IndexKey {
    /// The value for index `index`.
    subscript(_ index: Int) -> Value? {
        get { self[IndexKey(index)] }
        // In place: a value changed through this subscript is not copied out and back.
        _modify { yield &self[IndexKey(index)] }
    }

    /// The value for index `index`, or `defaultValue` when it has none.
    subscript(_ index: Int, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[IndexKey(index), default: defaultValue()] }
        _modify { yield &self[IndexKey(index), default: defaultValue()] }
    }

    /// Removes the value for index `index`; the value it had.
    @discardableResult
    mutating func removeValue(forKey index: Int) -> Value? {
        removeValue(forKey: IndexKey(index))
    }
}
