import Dispatch
import OpLintCore

/// Work spread over the cores: one worker per core takes the next item in order until none
/// are left, so a worker keeps its scratch memory from one item to the next and a slow item
/// does not hold the others up.
enum ParallelWork {
    /// Calls `body(index, &state)` once for every index in `0..<count`, on `Parallel.cores`
    /// workers; each worker starts with `makeState()` and keeps it from item to item.
    ///
    /// - Complexity: O(*count*) calls plus one lock per item.
    static func forEach<State>(count: Int, makeState: @Sendable () -> State, _ body: @Sendable (Int, inout State) -> Void) {
        guard count > 0 else { return }
        let next = Counter()
        let workers = min(Parallel.cores, count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            HugePages.adviseThisThreadsArena()
            var state = makeState()
            while let index = next.take(below: count) { body(index, &state) }
        }
    }

    /// Calls `body(index, &state)` for 0, 1, 2, … on `Parallel.cores` workers, each worker
    /// stopping at the first index for which `body` returns false (past the last item of a
    /// list still growing); each worker starts with `makeState()` and keeps it from item to item.
    ///
    /// - Complexity: O(items + workers) calls plus one lock per call.
    static func forEachUntilDone<State>(makeState: @Sendable () -> State, _ body: @Sendable (Int, inout State) -> Bool) {
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: Parallel.cores) { _ in
            HugePages.adviseThisThreadsArena()
            var state = makeState()
            while let index = next.take(below: Int.max), body(index, &state) {}
        }
    }

    /// Hands out 0, 1, 2, … to concurrent takers.
    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = Lock()

        func take(below limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}

/// Results written by index from concurrent iterations, each index written once.
final class ParallelResults<Value>: @unchecked Sendable {
    private var values: [Value?]
    private let lock = Lock()

    init(count: Int) {
        values = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    func get(_ index: Int) -> Value? {
        values[index]
    }
}

/// Frees large values on a background thread, so that the thread that dropped them goes on.
enum ReleaseInBackground {
    /// Takes the last reference to `value` and drops it on a background thread.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.drop() }
    }

    private final class Box<Value: Sendable>: @unchecked Sendable {
        private var value: Value?
        init(_ value: consuming Value) { self.value = value }
        func drop() { value = nil }
    }
}
