#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value computed once, on first use, by whichever thread asks first; threads that ask
/// meanwhile wait for it. What rules share in a `GraphAnalysis` when they run in parallel.
final class Computed<Value>: @unchecked Sendable {
    private var value: Value?
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The value, made by `make` the first time.
    ///
    /// `make` may ask for other computed values, never (directly or not) for this one.
    func get(_ make: () -> Value) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}

/// A lock around a counter, for handing out work items to threads.
final class WorkCounter: @unchecked Sendable {
    private var next = 0
    private let limit: Int
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(limit: Int) {
        self.limit = limit
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// The next item not yet taken, or nil when all are.
    func take() -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }
}
