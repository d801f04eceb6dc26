#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with a condition to wait on: the locks of every target the command line links
/// (which import FoundationEssentials, where `NSLock` and `NSCondition` are not), and the
/// places threads hand work to each other (`Computed`, `WorkCounter`, the segments of a
/// report written on several threads, the files a walk finds).
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// `body`, with the mutex held.
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Takes the mutex, waiting for it; `unlock()` gives it back.
    public func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Takes the mutex if no thread holds it; whether it did (then `unlock()` gives it back).
    public func tryLock() -> Bool {
        pthread_mutex_trylock(mutex) == 0
    }

    /// Gives back the mutex taken by `lock()`.
    public func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// With the mutex held: releases it until `broadcast()` is called, then holds it again.
    public func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread in `wait()`.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
