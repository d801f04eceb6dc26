import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Independent work on all cores, with results that do not depend on which finishes first.
public enum Parallel {
    /// Runs `first` and `second`, on two threads when `inParallel`, and returns when both are done.
    ///
    /// Each closure must write only its own results.
    static func both(_ first: () -> Void, _ second: () -> Void, inParallel: Bool = true) {
        guard inParallel else {
            first()
            second()
            return
        }
        withoutActuallyEscaping(second) { second in
            let work = UnsafeSendable(second)
            let other = WorkerThread { work.value() }
            first()
            other.join()
        }
    }

    /// Runs `first` and `second` on two of Dispatch's threads (this one among them) and returns
    /// when both are done: for short work at the end of a command whose earlier parallel work
    /// ran on those threads, so that no thread is started and their heaps are already in use.
    ///
    /// Each closure must write only its own results.
    static func bothOnDispatchThreads(_ first: () -> Void, _ second: () -> Void) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let work = (UnsafeSendable(first), UnsafeSendable(second))
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { work.0.value() } else { work.1.value() }
                }
            }
        }
    }

    /// Calls `body` once for each of `0..<count`, on up to `threads` threads (this one among
    /// them) that each take the next index not yet taken; returns when every call has.
    ///
    /// Each call must write only its own results (slot `index` of a buffer, say).
    public static func forEach(_ count: Int, threads: Int, _ body: (_ index: Int) -> Void) {
        let threadCount = max(1, min(threads, count))
        guard threadCount > 1 else {
            for index in 0..<count { body(index) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let call = UnsafeSendable(body)
            let counter = WorkCounter(limit: count)
            let work: @Sendable () -> Void = {
                while let index = counter.take() { call.value(index) }
            }
            let helpers = (1..<threadCount).map { _ in WorkerThread(work) }
            work()
            for helper in helpers { helper.join() }
        }
    }

    /// `(0..<count).map(transform)`, its second half computed on another thread when there
    /// are at least `threshold` items; the same array either way.
    ///
    /// `transform` must only read shared state (or compute it under a lock, as `Computed` does).
    static func map<T>(_ count: Int, threshold: Int, _ transform: (_ index: Int) -> T) -> [T] {
        guard count >= max(2, threshold), cores > 1 else { return (0..<count).map(transform) }
        let middle = count / 2
        var first: [T] = []
        var second: [T] = []
        both({ first = (0..<middle).map(transform) }, { second = (middle..<count).map(transform) })
        first.append(contentsOf: second)
        return first
    }

    /// How many cores this process may run on (at least one), read once
    /// (`availableCores()`).
    public static let cores: Int = availableCores()

    /// The processors in the calling thread's affinity mask (what `taskset` or a container's
    /// cpuset leaves it) where the system keeps one, else the processors online; at least one.
    /// One system call: Foundation's `activeProcessorCount` first reads the control group's files
    /// through its file APIs, a quarter of a millisecond before an extraction could start.
    public static func availableCores() -> Int {
        #if os(Linux)
        // `sched_getaffinity` is declared only for `_GNU_SOURCE`, which the Glibc module does not set.
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        if let symbol = dlsym(nil, "sched_getaffinity") {
            // 1,024 processors, as glibc's `cpu_set_t`.
            var mask = [UInt64](repeating: 0, count: 16)
            let read = mask.withUnsafeMutableBytes { unsafeBitCast(symbol, to: GetAffinity.self)(0, $0.count, $0.baseAddress!) }
            let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            if read == 0 && count > 0 { return count }
        }
        #endif
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}

/// A value handed to other threads by code that guarantees they do not race on it.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Work on a thread of its own, joined by the caller: unlike a Dispatch queue, it runs even
/// when every worker thread of the process is busy (or blocked waiting for it). It starts in
/// about 50 µs, a quarter of the time Foundation's `Thread` takes.
public final class WorkerThread: @unchecked Sendable {
    private var thread: pthread_t?
    private var body: (() -> Void)?
    private let advisesHeap: Bool
    private var joined = false

    /// Starts `body` on a new thread; if the system refuses one, `body` runs at `join`. With
    /// `advisingHeap` (for threads that allocate megabytes), the thread's heap is backed by huge
    /// pages (`HugePages.adviseThisThreadsArena`).
    public init(advisingHeap: Bool = true, _ body: @escaping @Sendable () -> Void) {
        self.body = body
        advisesHeap = advisingHeap
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        #else
        var handle = pthread_t()
        #endif
        let created = pthread_create(&handle, nil, { context in
            let worker = Unmanaged<WorkerThread>.fromOpaque(context!).takeRetainedValue()
            if worker.advisesHeap { HugePages.adviseThisThreadsArena() }
            worker.body?()
            return nil
        }, context)
        if created == 0 {
            thread = handle
        } else {
            Unmanaged<WorkerThread>.fromOpaque(context).release()
        }
    }

    /// Waits for the work to end (runs it here if no thread could be started); later calls return at once.
    public func join() {
        guard !joined else { return }
        joined = true
        if let thread {
            pthread_join(thread, nil)
        } else {
            body?()
        }
        body = nil
    }
}
