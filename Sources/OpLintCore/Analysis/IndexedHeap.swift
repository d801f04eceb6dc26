/// A minimum heap of nodes `0..<count`, each present at most once with a `UInt64` priority
/// that can be changed in place: the greedy orderings pop the best node and update its
/// neighbours' priorities without leaving stale entries behind.
///
/// Four children per node and the priority stored beside each node: sifting compares values
/// that are next to each other in memory. The low 32 bits of a priority must be its node.
struct IndexedHeap {
    /// Heap order, four children per parent: `items[0]` has the smallest priority. Each item
    /// is a priority whose low 32 bits are the node.
    private var items: [UInt64] = []
    /// Where each node is in `items`, -1 when absent.
    private var place: [Int32]

    /// An empty heap for nodes `0..<count`.
    init(count: Int) {
        place = [Int32](repeating: -1, count: count)
        items.reserveCapacity(count)
    }

    var isEmpty: Bool { items.isEmpty }

    /// Inserts the node in the low 32 bits of `value`, or changes its priority if present.
    ///
    /// - Complexity: O(log *n*).
    mutating func set(_ value: UInt64) {
        let node = Int(value & 0xFFFF_FFFF)
        let position = Int(place[node])
        if position < 0 {
            items.append(value)
            siftUp(items.count - 1, value)
        } else {
            let old = items[position]
            if value < old { siftUp(position, value) } else if value > old { siftDown(position, value) }
        }
    }

    /// Removes `node` if present. - Complexity: O(log *n*).
    mutating func remove(_ node: Int) {
        let position = Int(place[node])
        guard position >= 0 else { return }
        place[node] = -1
        let last = items.removeLast()
        guard position < items.count else { return }
        if last < items[position] { siftUp(position, last) } else { siftDown(position, last) }
    }

    /// Removes and returns the node with the smallest priority. - Complexity: O(log *n*).
    mutating func popMin() -> Int? {
        guard let top = items.first else { return nil }
        let node = Int(top & 0xFFFF_FFFF)
        remove(node)
        return node
    }

    /// Puts `value` at `start` or above.
    private mutating func siftUp(_ start: Int, _ value: UInt64) {
        items.withUnsafeMutableBufferPointer { items in
        place.withUnsafeMutableBufferPointer { place in
            var child = start
            while child > 0 {
                let parent = (child - 1) >> 2
                let above = items[parent]
                guard value < above else { break }
                items[child] = above
                place[Int(above & 0xFFFF_FFFF)] = Int32(child)
                child = parent
            }
            items[child] = value
            place[Int(value & 0xFFFF_FFFF)] = Int32(child)
        }}
    }

    /// Puts `value` at `start` or below.
    private mutating func siftDown(_ start: Int, _ value: UInt64) {
        items.withUnsafeMutableBufferPointer { items in
        place.withUnsafeMutableBufferPointer { place in
            let count = items.count
            var parent = start
            while true {
                let first = 4 * parent + 1
                guard first < count else { break }
                var smallest = first
                var smallestValue = items[first]
                var child = first + 1
                let end = min(first + 4, count)
                while child < end {
                    let candidate = items[child]
                    if candidate < smallestValue { smallest = child; smallestValue = candidate }
                    child += 1
                }
                guard smallestValue < value else { break }
                items[parent] = smallestValue
                place[Int(smallestValue & 0xFFFF_FFFF)] = Int32(parent)
                parent = smallest
            }
            items[parent] = value
            place[Int(value & 0xFFFF_FFFF)] = Int32(parent)
        }}
    }
}
