/// A value computed once, on first use, by whichever thread asks first; threads that ask
/// meanwhile wait for it. What rules share in a `GraphAnalysis` when they run in parallel.
final class Computed<Value>: @unchecked Sendable {
    private var value: Value?
    private let lock = Lock()

    /// The value, made by `make` the first time.
    ///
    /// `make` may ask for other computed values, never (directly or not) for this one.
    func get(_ make: () -> Value) -> Value {
        lock.withLock {
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}

/// A lock around a counter, for handing out work items to threads.
final class WorkCounter: @unchecked Sendable {
    private var next = 0
    private let limit: Int
    private let lock = Lock()

    init(limit: Int) {
        self.limit = limit
    }

    /// The next item not yet taken, or nil when all are.
    func take() -> Int? {
        lock.withLock {
            guard next < limit else { return nil }
            next += 1
            return next - 1
        }
    }
}
