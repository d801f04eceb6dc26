/// Memory for the bytes a writer owns alone (`ReportWriter`, `ScheduleWriter`): appending is a
/// store and a count, and the memory grows here.
enum OwnedBytes {
    /// The `count` bytes at `base` moved to memory for at least `extra` more, at least twice
    /// `capacity` (updated); `base` is deallocated.
    ///
    /// - Complexity: O(*count*).
    static func grown(_ base: UnsafeMutablePointer<UInt8>, count: Int, capacity: inout Int, toHold extra: Int) -> UnsafeMutablePointer<UInt8> {
        let larger = max(2 * capacity, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        capacity = larger
        return moved
    }
}
