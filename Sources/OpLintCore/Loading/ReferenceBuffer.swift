/// A reusable buffer for the names of one array, handed out as an exact-size array.
///
/// Reading a million dependency lists through it allocates each list once, at its size,
/// and moves the names instead of copying them.
final class ReferenceBuffer {
    private var storage: UnsafeMutablePointer<OperationGraph.Reference>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = capacity
        self.storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Appends one reference.
    ///
    /// - Complexity: amortized O(1).
    @inline(__always) func append(_ reference: OperationGraph.Reference) {
        if count == capacity { grow() }
        (storage + count).initialize(to: reference)
        count += 1
    }

    private func grow() {
        let larger = UnsafeMutablePointer<OperationGraph.Reference>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// The references collected so far, moved into an array of exactly that size; the buffer is then empty.
    ///
    /// - Complexity: O(*count*).
    func take() -> [OperationGraph.Reference] {
        guard count > 0 else { return [] }
        let taken = count
        count = 0
        // reserveCapacity and append are specialized here; the unsafe-capacity initializer
        // looks up generic metadata on every call.
        var result: [OperationGraph.Reference] = []
        result.reserveCapacity(taken)
        for index in 0..<taken { result.append((storage + index).move()) }
        return result
    }
}
