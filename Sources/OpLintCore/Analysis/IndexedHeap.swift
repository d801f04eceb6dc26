/// A minimum heap of nodes `0..<count`, each present at most once with a `UInt64` priority
/// that can be changed in place: the greedy orderings pop the best node and update its
/// neighbours' priorities without leaving stale entries behind.
struct IndexedHeap {
    /// Heap order: `items[0]` has the smallest priority.
    private var items: [Int32] = []
    /// The priority of each node.
    private var priority: [UInt64]
    /// Where each node is in `items`, -1 when absent.
    private var place: [Int32]

    /// An empty heap for nodes `0..<count`.
    init(count: Int) {
        priority = [UInt64](repeating: 0, count: count)
        place = [Int32](repeating: -1, count: count)
        items.reserveCapacity(count)
    }

    var isEmpty: Bool { items.isEmpty }

    /// Inserts `node`, or changes its priority if present. - Complexity: O(log *n*).
    mutating func set(_ node: Int, _ value: UInt64) {
        let position = Int(place[node])
        if position < 0 {
            priority[node] = value
            items.append(Int32(node))
            place[node] = Int32(items.count - 1)
            siftUp(items.count - 1)
        } else {
            let old = priority[node]
            priority[node] = value
            if value < old { siftUp(position) } else if value > old { siftDown(position) }
        }
    }

    /// Removes `node` if present. - Complexity: O(log *n*).
    mutating func remove(_ node: Int) {
        let position = Int(place[node])
        guard position >= 0 else { return }
        place[node] = -1
        let last = items.removeLast()
        guard position < items.count else { return }
        items[position] = last
        place[Int(last)] = Int32(position)
        siftUp(position)
        siftDown(Int(place[Int(last)]))
    }

    /// Removes and returns the node with the smallest priority. - Complexity: O(log *n*).
    mutating func popMin() -> Int? {
        guard let top = items.first else { return nil }
        remove(Int(top))
        return Int(top)
    }

    private mutating func siftUp(_ start: Int) {
        items.withUnsafeMutableBufferPointer { items in
        priority.withUnsafeBufferPointer { priority in
        place.withUnsafeMutableBufferPointer { place in
            let node = items[start]
            let value = priority[Int(node)]
            var child = start
            while child > 0 {
                let parent = (child - 1) / 2
                let above = items[parent]
                guard value < priority[Int(above)] else { break }
                items[child] = above
                place[Int(above)] = Int32(child)
                child = parent
            }
            items[child] = node
            place[Int(node)] = Int32(child)
        }}}
    }

    private mutating func siftDown(_ start: Int) {
        items.withUnsafeMutableBufferPointer { items in
        priority.withUnsafeBufferPointer { priority in
        place.withUnsafeMutableBufferPointer { place in
            let count = items.count
            let node = items[start]
            let value = priority[Int(node)]
            var parent = start
            while true {
                let left = 2 * parent + 1
                guard left < count else { break }
                var smallest = left
                var smallestValue = priority[Int(items[left])]
                let right = left + 1
                if right < count {
                    let rightValue = priority[Int(items[right])]
                    if rightValue < smallestValue { smallest = right; smallestValue = rightValue }
                }
                guard smallestValue < value else { break }
                items[parent] = items[smallest]
                place[Int(items[parent])] = Int32(parent)
                parent = smallest
            }
            items[parent] = node
            place[Int(node)] = Int32(parent)
        }}}
    }
}
