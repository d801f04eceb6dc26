/// A minimum binary heap: the smallest element first.
///
/// Used for the simulator's event queue, each queue's ready operations and free slots.
struct BinaryHeap<Element: Comparable>: Sendable where Element: Sendable {
    private(set) var elements: [Element] = []

    var isEmpty: Bool { elements.isEmpty }
    var count: Int { elements.count }
    /// The smallest element. - Complexity: O(1).
    var min: Element? { elements.first }

    /// Room for `capacity` elements without growing.
    mutating func reserveCapacity(_ capacity: Int) { elements.reserveCapacity(capacity) }

    /// - Complexity: O(log *n*).
    mutating func insert(_ element: Element) {
        elements.append(element)
        elements.withUnsafeMutableBufferPointer { items in
            // Move parents down into the hole until the element's place is found.
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard element < items[parent] else { break }
                items[child] = items[parent]
                child = parent
            }
            items[child] = element
        }
    }

    /// Removes and returns the smallest element. - Complexity: O(log *n*).
    mutating func popMin() -> Element? {
        guard let last = elements.popLast() else { return nil }
        guard !elements.isEmpty else { return last }
        return elements.withUnsafeMutableBufferPointer { items in
            let top = items[0]
            // Move the smaller child up into the hole until `last` fits there.
            let count = items.count
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < count else { break }
                var smallest = left
                let right = left + 1
                if right < count && items[right] < items[left] { smallest = right }
                guard items[smallest] < last else { break }
                items[parent] = items[smallest]
                parent = smallest
            }
            items[parent] = last
            return top
        }
    }
}

/// A first-in first-out list of operations (a libdispatch queue's pending work items).
struct OperationFIFO: Sendable {
    private var items: [Int32] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }
    var first: Int32? { isEmpty ? nil : items[head] }
    /// The items in order.
    var contents: ArraySlice<Int32> { items[head...] }

    /// - Complexity: amortized O(1).
    mutating func append(_ item: Int32) { items.append(item) }

    /// - Complexity: amortized O(1).
    mutating func popFirst() -> Int32? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head > 1024 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}

/// A timed happening in the event queue: an operation's end, or a thread-pool tick.
struct TimedEvent: Comparable, Sendable {
    var time: Double
    /// Tie order at equal times: finishes before ticks, then queue order, then choice order.
    var order: UInt64
    var operation: Int32

    static func < (lhs: TimedEvent, rhs: TimedEvent) -> Bool {
        lhs.time < rhs.time || (lhs.time == rhs.time && lhs.order < rhs.order)
    }

    static let tickOrder: UInt64 = 1 << 63
}
