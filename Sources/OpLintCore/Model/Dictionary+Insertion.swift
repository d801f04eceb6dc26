extension Dictionary {
    /// The value for `key`, with `value` stored first when `key` has none: the key is hashed
    /// once, where a lookup and then an insertion would hash it twice.
    @inlinable
    public mutating func value(forKey key: Key, insertingIfMissing value: @autoclosure () -> Value) -> Value {
        Self.reached(&self[key, default: value()])
    }

    /// What an `inout` access reaches: through `self[key, default:]` the default is stored.
    @usableFromInline
    static func reached(_ slot: inout Value) -> Value { slot }
}
