import Dispatch
import Foundation
import OpLintCore

/// What really happened: when each operation's `main()` began and ended, in simulated seconds.
struct RealRun {
    var starts: [String: Double]
    var ends: [String: Double]
}

/// A thread-safe log of starts and ends on a monotonic clock.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var starts: [String: Double] = [:]
    private var ends: [String: Double] = [:]
    private let origin: UInt64
    private let scale: Double
    /// Set at the end of a run so that waits and never-finishing operations let go.
    private var abandoned = false

    init(scale: Double) {
        self.scale = scale
        origin = DispatchTime.now().uptimeNanoseconds
    }

    /// Seconds since the origin, in simulated units.
    var now: Double { Double(DispatchTime.now().uptimeNanoseconds - origin) / 1e9 / scale }

    func started(_ name: String) { let t = now; lock.withLock { starts[name] = t } }
    func ended(_ name: String) { let t = now; lock.withLock { ends[name] = t } }
    var isAbandoned: Bool { lock.withLock { abandoned } }
    func abandon() { lock.withLock { abandoned = true } }
    var run: RealRun { lock.withLock { RealRun(starts: starts, ends: ends) } }

    /// Sleeps until simulated time `t`.
    func sleep(until t: Double) {
        let remaining = (t - now) * scale
        if remaining > 0 { usleep(UInt32(remaining * 1e6)) }
    }
}

/// An operation that sleeps `duration × scale`, optionally waiting for others first (S19).
final class SleepingOperation: Operation, @unchecked Sendable {
    let label: String
    let seconds: Double
    let checksCancellation: Bool
    let recorder: Recorder
    var waitTargets: [Operation] = []
    var waitQueues: [OperationQueue] = []

    init(label: String, seconds: Double, checksCancellation: Bool, recorder: Recorder) {
        self.label = label
        self.seconds = seconds
        self.checksCancellation = checksCancellation
        self.recorder = recorder
        super.init()
    }

    override func main() {
        recorder.started(label)
        // waitUntilFinished(), polled so that the test can let go of a deadlock at its end.
        for target in waitTargets { while !target.isFinished && !recorder.isAbandoned { usleep(500) } }
        for queue in waitQueues { while queue.operationCount > 0 && !recorder.isAbandoned { usleep(500) } }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline || (checksCancellation && isCancelled) { break }
            usleep(UInt32(min((deadline - now) / 1000, 1000)))
        }
        recorder.ended(label)
    }
}

/// An asynchronous operation that never marks itself finished (S8) until the test lets go.
final class NeverFinishingOperation: Operation, @unchecked Sendable {
    let label: String
    let recorder: Recorder
    private let lock = NSLock()
    private var done = false

    init(label: String, recorder: Recorder) {
        self.label = label
        self.recorder = recorder
        super.init()
    }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { lock.withLock { !done } }
    override var isFinished: Bool { lock.withLock { done } }

    override func start() {
        recorder.started(label)
    }

    /// Marks it finished (with the KVO notification the queue listens to).
    func release() {
        willChangeValue(forKey: "isFinished")
        lock.withLock { done = true }
        didChangeValue(forKey: "isFinished")
    }
}

/// Builds a graph from real Foundation operations and queues, runs it, and records it.
enum RealOperationRunner {
    /// Runs `graph` for `horizon` simulated seconds (then lets go of whatever is stuck).
    static func run(_ graph: OperationGraph, scale: Double, horizon: Double) -> RealRun {
        let recorder = Recorder(scale: scale)
        var queues: [String: OperationQueue] = [:]
        for queue in graph.queues {
            let real = OperationQueue()
            real.name = queue.name
            real.maxConcurrentOperationCount = queue.maxConcurrentOperationCount
            if queue.qualityOfService != .default { real.qualityOfService = foundationQoS(queue.qualityOfService) }
            real.isSuspended = queue.isSuspended
            queues[queue.name] = real
        }
        var operations: [String: Operation] = [:]
        var neverFinishing: [NeverFinishingOperation] = []
        for op in graph.operations where !op.isBarrier {
            let real: Operation
            if !op.finishes {
                let async = NeverFinishingOperation(label: op.name, recorder: recorder)
                neverFinishing.append(async)
                real = async
            } else {
                real = SleepingOperation(label: op.name, seconds: op.duration * scale, checksCancellation: op.checksCancellation, recorder: recorder)
            }
            if op.priority != .normal { real.queuePriority = Operation.QueuePriority(rawValue: op.priority.rawValue) ?? .normal }
            if op.qualityOfService != .default { real.qualityOfService = foundationQoS(op.qualityOfService) }
            operations[op.name] = real
        }
        for op in graph.operations where !op.isBarrier {
            guard let real = operations[op.name] else { continue }
            for dependency in op.dependencies { if let target = operations[dependency.name] { real.addDependency(target) } }
            if let sleeping = real as? SleepingOperation {
                sleeping.waitTargets = op.waitsFor.compactMap { operations[$0.name] }
                sleeping.waitQueues = op.waitsForQueues.compactMap { queues[$0.name] }
            }
        }

        // Additions, one addOperations call per queue and instant (in order of addition),
        // barriers one by one, and events; at equal times events go first, as in the simulator.
        enum Action { case add(queue: String, [OperationGraph.Operation]), barrier(queue: String, OperationGraph.Operation), event(OperationGraph.Event) }
        var actions: [(at: Double, rank: Int, action: Action)] = []
        for (i, event) in graph.events.enumerated() { actions.append((event.at, i, .event(event))) }
        let added = graph.operations.enumerated().filter { $0.element.queue != nil }.sorted { ($0.element.addedAt, $0.offset) < ($1.element.addedAt, $1.offset) }
        var rank = graph.events.count
        var index = 0
        while index < added.count {
            let op = added[index].element
            if op.isBarrier {
                actions.append((op.addedAt, rank, .barrier(queue: op.queue ?? "", op)))
                index += 1
            } else {
                var batch = [op]
                var next = index + 1
                while next < added.count, !added[next].element.isBarrier, added[next].element.queue == op.queue, added[next].element.addedAt == op.addedAt {
                    batch.append(added[next].element)
                    next += 1
                }
                actions.append((op.addedAt, rank, .add(queue: op.queue ?? "", batch)))
                index = next
            }
            rank += 1
        }
        actions.sort { ($0.at, $0.rank) < ($1.at, $1.rank) }
        for item in actions {
            recorder.sleep(until: item.at)
            switch item.action {
            case .add(let queue, let batch):
                queues[queue]?.addOperations(batch.compactMap { operations[$0.name] }, waitUntilFinished: false)
            case .barrier(let queue, let op):
                let seconds = op.duration * scale
                let name = op.name
                queues[queue]?.addBarrierBlock {
                    recorder.started(name)
                    usleep(UInt32(seconds * 1e6))
                    recorder.ended(name)
                }
            case .event(let event):
                switch event.action {
                case .cancel(let name): operations[name]?.cancel()
                case .cancelAll(let name): queues[name]?.cancelAllOperations()
                case .suspend(let name): queues[name]?.isSuspended = true
                case .resume(let name): queues[name]?.isSuspended = false
                }
            }
        }
        recorder.sleep(until: horizon)
        let result = recorder.run

        // Let go of everything, so that no thread stays blocked after the test.
        recorder.abandon()
        for op in neverFinishing { op.release() }
        for op in operations.values { op.cancel() }
        for queue in queues.values { queue.isSuspended = false }
        let deadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
        while queues.values.contains(where: { $0.operationCount > 0 }) && DispatchTime.now().uptimeNanoseconds < deadline {
            usleep(2000)
        }
        return result
    }

    static func foundationQoS(_ qos: OpLintCore.QualityOfService) -> Foundation.QualityOfService {
        switch qos {
        case .userInteractive: .userInteractive
        case .userInitiated: .userInitiated
        case .utility: .utility
        case .background: .background
        case .default: .default
        }
    }
}
