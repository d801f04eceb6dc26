/// One run of the discrete-event simulation over a compiled model: all state as flat arrays
/// on a virtual clock. Created, run once, then turned into a `Schedule`.
///
/// Tie order at one instant (documented in docs/simulation.md): operation ends first (by
/// queue order, then the order they started), then the file's events in file order, then
/// additions in order of addition, then starts. The apple model chooses starts once per
/// instant across all queues; the linux model runs `_schedule()` right after each trigger, as
/// swift-corelibs-foundation does.
///
/// The small helpers that read the run and are called from its mutating methods for every
/// operation (`head(of:)`, `needsThread`, `nextTime`, …) are `@inline(__always)`: called out
/// of line, each call copied the whole run, some 400 bytes, to pass `self`.
struct SimulationRun {
    enum Phase: UInt8 {
        case notAdded, pending, ready, dispatched, waiting, running, finished, failedStart
    }

    /// What released a step, by index.
    struct Release: Equatable {
        var kind: Schedule.Constraint.Kind
        /// An operation index, a queue index, or -1.
        var other: Int32

        static let added = Release(kind: .added, other: -1)
    }

    /// A queue that may start its head: smaller `key` first (higher QoS, then queue order);
    /// an entry whose `stamp` is not the queue's current one is stale.
    struct QueueCandidate: Comparable, Sendable {
        var key: UInt64
        var queue: Int32
        var stamp: UInt32

        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.key, lhs.stamp) < (rhs.key, rhs.stamp) }
    }

    /// Per-queue state.
    struct QueueState {
        var width: Int
        var used = 0
        var suspended: Bool
        var ready = BinaryHeap<UInt64>()
        var freeSlots = BinaryHeap<Int32>()
        var nextSlot: Int32 = 0
        /// Operations added and not finished (for `waitUntilAllOperationsAreFinished`).
        var unfinishedAdded = 0
        var lastFreedBy: Int32 = -1
        var lastFreedAt = -1.0
        var resumedAt = -1.0
        var busyTime = 0.0
        var peak = 0
        var longestWait = 0.0
        var longestWaitOperation: Int32 = -1
        var isDirty = false
        /// Apple model: the version of the queue's entry among the start candidates.
        var candidateStamp: UInt32 = 0
        /// Linux: additions at this instant wait for one `_schedule()` of the batch.
        var hasBatch = false
        /// Linux: barrier blocks executing now; as dispatch barriers they hold back the
        /// queue's other work items, which wait in `held` (rule 39).
        var runningBarriers = 0
        var held: [Int32] = []
    }

    /// Linux: one libdispatch pool (per QoS class; the main thread last).
    struct Pool {
        var threads: Int
        var busy = 0
        var blockedBusy = 0
        var pending = OperationFIFO()
        var lastFreedBy: Int32 = -1
        var lastFreedAt = -1.0
        var grewAt = -1.0
    }

    let model: SimulationModel
    let isLinux: Bool
    var now = 0.0

    var phase: [Phase]
    var depsLeft: [Int32]
    var waitsLeft: [Int32]
    var cancelled: [Bool]
    var startTime: [Double]
    var runStart: [Double]
    var endTime: [Double]
    var readyAt: [Double]
    var dispatchedAt: [Double]
    var slot: [Int32]
    var readyReason: [Release]
    var startReason: [Release]
    var runReason: [Release]
    /// Whether the operation holds a thread now (apple limit or linux pool).
    var holdsThread: [Bool]
    /// Linux: the thread it holds counts as blocked (sleeping or waiting), for pool growth.
    var blockedFlag: [Bool]
    /// Bypassed the queue (linux: barrier on an empty queue, rule 40): no slot.
    var bypass: [Bool]
    var duration: [Double]
    var startCounter: [Int64]
    var nextStart: Int64 = 0
    #if DEBUG
    /// Debug builds: the steps the run took (loop turns, heap entries, edges followed), so
    /// tests can check that the work grows linearly with the graph without timing anything.
    var steps = 0
    #endif

    var queues: [QueueState]
    var dirtyQueues: [Int32] = []
    var pools: [Pool] = []
    var threadsUsed = 0
    var lastThreadFreedBy: Int32 = -1
    var lastThreadFreedAt = -1.0
    /// Apple model: queues that can start their head, keyed by the head's QoS then queue order;
    /// one heap for heads that need a thread, one for heads that do not (`dispatchApple`).
    var threadCandidates = BinaryHeap<QueueCandidate>()
    var freeCandidates = BinaryHeap<QueueCandidate>()
    /// Apple model: queues whose ready operation was cancelled, so that its head may no longer
    /// need a thread; they are looked at again when a thread is released.
    var cancelledWhileReady: [Int32] = []
    /// Apple model: a thread was released since the last `dispatchApple`.
    var threadReleasedSinceDispatch = false
    var tickPending = false

    var timed = BinaryHeap<TimedEvent>()
    var nextAddition = 0
    var nextEvent = 0
    /// Exploration: random tie order and per-queue choice rank; nil = the documented order.
    var tieRandom: SimulationRandom?
    var queueTieRank: [Int]

    /// CPU contention (cores set): remaining work and rate of each executing operation.
    var remaining: [Double] = []
    var rate: [Double] = []
    var cpuRunning: [Int32] = []
    var cpuPosition: [Int32] = []
    var lastAdvance = 0.0

    init(model: SimulationModel, durationScale: [Double]? = nil, tieSeed: UInt64? = nil) {
        self.model = model
        isLinux = model.platform == .linux
        let n = model.operationCount
        phase = Array(repeating: .notAdded, count: n)
        depsLeft = (0..<n).map { model.dependencyStart[$0 + 1] - model.dependencyStart[$0] }
        waitsLeft = Array(repeating: 0, count: n)
        cancelled = Array(repeating: false, count: n)
        startTime = Array(repeating: .nan, count: n)
        runStart = startTime
        endTime = startTime
        readyAt = startTime
        dispatchedAt = startTime
        slot = Array(repeating: -1, count: n)
        readyReason = Array(repeating: .added, count: n)
        startReason = readyReason
        runReason = readyReason
        holdsThread = Array(repeating: false, count: n)
        bypass = holdsThread
        blockedFlag = holdsThread
        startCounter = Array(repeating: -1, count: n)
        if let durationScale {
            duration = zip(model.duration, durationScale).map { $0 * $1 }
        } else {
            duration = model.duration
        }
        queues = (0..<model.queueCount).map { QueueState(width: model.queueWidth[$0], suspended: model.queueSuspended[$0]) }
        if isLinux {
            pools = (0..<QualityOfService.allCases.count).map { _ in Pool(threads: model.cpus) }
            pools.append(Pool(threads: 1))
        }
        queueTieRank = Array(0..<model.queueCount)
        if let tieSeed {
            var random = SimulationRandom(seed: tieSeed)
            queueTieRank.shuffle(using: &random)
            tieRandom = random
        }
        if model.cores != nil {
            remaining = Array(repeating: 0, count: n)
            rate = remaining
            cpuPosition = Array(repeating: -1, count: n)
        }
    }

    /// Runs the simulation until nothing can make progress.
    ///
    /// - Complexity: O((*n* + *e*) log *n*) plus, for the apple model, O(queues) per start;
    ///   with CPU contention, O(executing operations) per instant.
    mutating func run() {
        while let t = nextTime() {
            count(1)
            if model.cores != nil { advanceWork(to: t) }
            now = t
            while let top = timed.min, top.time <= t {
                _ = timed.popMin()
                if top.order == TimedEvent.tickOrder { tick() } else { finishIfRunning(Int(top.operation)) }
                if isLinux { runPools() }
            }
            if model.cores != nil { finishCompletedWork() }
            while nextEvent < model.events.count, model.events[nextEvent].at <= t {
                apply(model.events[nextEvent])
                nextEvent += 1
                if isLinux { runPools() }
            }
            while nextAddition < model.additionOrder.count {
                let op = Int(model.additionOrder[nextAddition])
                guard model.addedAt[op] <= t else { break }
                add(op)
                nextAddition += 1
            }
            if isLinux { scheduleBatches() } else { dispatchApple() }
            if model.cores != nil { updateRates() }
        }
    }

    /// Adds `n` to `steps` in debug builds; nothing in release builds.
    @inline(__always)
    mutating func count(_ n: Int) {
        #if DEBUG
        steps += n
        #endif
    }

    /// The next instant something happens, or nil when nothing can.
    @inline(__always)
    func nextTime() -> Double? {
        var t = Double.infinity
        if let top = timed.min { t = top.time }
        if nextEvent < model.events.count { t = min(t, model.events[nextEvent].at) }
        if nextAddition < model.additionOrder.count { t = min(t, model.addedAt[Int(model.additionOrder[nextAddition])]) }
        if model.cores != nil { t = min(t, nextWorkCompletion()) }
        return t.isFinite ? t : nil
    }

    /// The tie key of an operation's end: queue order, then the order it started (random when exploring).
    mutating func finishOrder(_ op: Int) -> UInt64 {
        if var random = tieRandom {
            defer { tieRandom = random }
            return random.next() >> 2
        }
        let q = Int(model.queueOf[op])
        let queueRank = UInt64(q >= 0 ? queueTieRank[q] : model.queueCount)
        return (min(queueRank, 0x3FFF) << 48) | UInt64(max(0, startCounter[op]))
    }
}
