/// Independent work on all cores, with results that do not depend on which finishes first.
enum Parallel {
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
/// when every worker thread of the process is busy (or blocked waiting for it).
final class WorkerThread: @unchecked Sendable {
    private var thread: pthread_t?
    private var body: (() -> Void)?
    private var joined = false

    /// Starts `body` on a new thread; if the system refuses one, `body` runs at `join`.
    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
        var handle: pthread_t?
        #else
        var handle = pthread_t()
        #endif
        let created = pthread_create(&handle, nil, { context in
            let worker = Unmanaged<WorkerThread>.fromOpaque(context!).takeRetainedValue()
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
    func join() {
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
