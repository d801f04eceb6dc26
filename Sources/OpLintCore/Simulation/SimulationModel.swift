/// An operation graph compiled for simulation: names resolved, `count` expanded, settings
/// and what-ifs applied, barrier and exclusivity order turned into edges, all as flat arrays.
///
/// Immutable and shared: one model serves many runs (exploration runs it a thousand times).
public final class SimulationModel: Sendable {
    /// The graph after `count` expansion; operation `i` of the model is `graph.operations[i]`.
    public let graph: OperationGraph
    public let index: GraphIndex
    public let platform: SimulationPlatform

    /// Queue of each operation, or -1 (in no queue, or started by hand).
    let queueOf: [Int32]
    let startMode: [OperationGraph.Operation.StartMode]
    let duration: [Double]
    let addedAt: [Double]
    let isBarrier: [Bool]
    /// Asynchronous: `start()` returns at once, so it holds a slot but no thread.
    let isAsynchronous: [Bool]
    let finishes: [Bool]
    let checksCancellation: [Bool]
    /// Effective quality of service (S10): the higher of the operation's and its queue's.
    let effectiveQoS: [QualityOfService]
    /// The first part of the key that orders ready operations of one queue (smaller first):
    /// apple: barrier, then priority level; linux: the bucket fixed at enqueue.
    let choiceRank: [UInt8]
    /// Operations that are added to a queue or started by hand, in order of addition.
    let additionOrder: [Int32]
    /// Position of each operation in `additionOrder`, or -1.
    let additionRank: [Int32]
    /// The operations added to queue `q`, in order of addition, are
    /// `queueAdditions[queueAdditionStart[q]..<queueAdditionStart[q + 1]]` (for `cancelAll`).
    let queueAdditionStart: [Int32]
    let queueAdditions: [Int32]

    /// Every edge "waiter waits for target": dependencies, exclusivity (S21) and barrier (S18) order.
    let dependencyStart: [Int32]
    let dependencyTargets: [Int32]
    let dependentStart: [Int32]
    let dependentTargets: [Int32]
    /// When barrier edges were added: for each edge its position in `index.dependencyTargets`, or -1.
    private let edgeSource: [Int32]?

    /// `waitsFor`, per waiter, and the reverse.
    let waitStart: [Int32]
    let waitTargets: [Int32]
    let waitReference: [Int32]
    let waiterStart: [Int32]
    let waiterTargets: [Int32]
    /// `waitsForQueues`, per waiter, and the waiters of each queue.
    let queueWaitStart: [Int32]
    let queueWaitTargets: [Int32]
    let queueWaitReference: [Int32]
    let queueWaiters: [[Int32]]

    /// Queue settings after what-ifs; width `Int.max` = no limit of the queue's own. The last
    /// queue is the unnamed one when `unnamedQueueName` is set.
    let queueWidth: [Int]
    let queueSuspended: [Bool]
    let queueIsMain: [Bool]
    let queueQoS: [QualityOfService]
    /// Linux model: the thread pool a queue's work runs on (one per QoS class, the main thread last).
    let queuePool: [Int]
    /// The name shown for the queue of operations enqueued on a queue the graph does not name;
    /// nil when there are none.
    let unnamedQueueName: String?
    /// The timed events (file events then `--cancel`), sorted by time, stable.
    let events: [SimulationEvent]

    /// Apple model: the global thread limit.
    let threads: Int
    /// Linux model: the starting size of each pool.
    let cpus: Int
    /// CPU contention: cores shared by executing operations; nil = none.
    let cores: Int?

    public var operationCount: Int { queueOf.count }
    public var queueCount: Int { queueWidth.count }

    /// Compiles `graph` for the given platform and what-ifs, refusing input the simulator cannot trust.
    ///
    /// - Complexity: O(*n* log *n* + *e*) for *n* operations and *e* edges (the sort only when
    ///   `addedAt` is not already in declaration order).
    ///
    /// `index`, the index of `original` when the caller has it, is reused when no operation has
    /// a `count` above 1 (the graph simulated is then `original` itself).
    public init(_ original: OperationGraph, options: SimulationOptions = SimulationOptions(), index known: GraphIndex? = nil) throws {
        try SimulationModel.validateNumbers(original, whatIf: options.whatIf)
        let graph = original.expandingCounts()
        let index = original.hasCounts ? GraphIndex(graph) : known ?? GraphIndex(graph)
        try SimulationModel.validateNames(graph, index: index, whatIf: options.whatIf)
        self.graph = graph
        self.index = index
        self.platform = options.platform
        let whatIf = options.whatIf
        let operations = graph.operations
        let n = operations.count

        // Queues.
        let defaultWidth = whatIf.defaultWidth ?? graph.simulation.defaultWidth ?? SimulationOptions.appleDefaultWidth
        var widths: [Int] = []
        var pools: [Int] = []
        for queue in graph.queues {
            let count = whatIf.widths[queue.name] ?? queue.maxConcurrentOperationCount
            var width: Int
            if queue.isMain { width = 1 } else if count == -1 {
                width = options.platform == .apple ? defaultWidth : Int.max
            } else { width = count }
            if width < 0 { width = 0 }
            widths.append(width)
            pools.append(queue.isMain ? QualityOfService.allCases.count : QualityOfService.allCases.firstIndex(of: queue.qualityOfService) ?? 0)
        }
        var isMain = graph.queues.map(\.isMain)
        var qualities = graph.queues.map(\.effectiveQualityOfService)
        // Linux ignores isSuspended on the main queue (linux-operationqueue.md rule 47).
        var suspended = graph.queues.map { $0.isSuspended && !($0.isMain && options.platform == .linux) }
        // Operations enqueued on a queue the graph does not name (`"start": "queue"` without
        // `queue`, as extraction writes for a queue it cannot follow) run on one more queue, of
        // the system's default settings, rather than never.
        let unnamedQueue = SimulationModel.hasUnnamedQueue(operations) ? Int32(widths.count) : -1
        if unnamedQueue >= 0 {
            widths.append(options.platform == .apple ? defaultWidth : Int.max)
            pools.append(QualityOfService.allCases.firstIndex(of: .default) ?? 0)
            isMain.append(false)
            qualities.append(.default)
            suspended.append(false)
        }
        unnamedQueueName = unnamedQueue >= 0 ? SimulationModel.unusedQueueName(graph.queues) : nil
        queueWidth = widths
        queuePool = pools
        queueIsMain = isMain
        queueQoS = qualities
        queueSuspended = suspended

        // Operations.
        var queueOf = [Int32](repeating: -1, count: n)
        var startMode = [OperationGraph.Operation.StartMode](repeating: .never, count: n)
        var duration = [Double](repeating: 0, count: n)
        var addedAt: [Double]
        var effective = [QualityOfService](repeating: .default, count: n)
        var rank = [UInt8](repeating: 3, count: n)
        let durationOverride = SimulationModel.expandedDurations(whatIf.durations, in: original)
        var isBarrier = [Bool](repeating: false, count: n)
        var isAsynchronous = isBarrier
        var finishes = isBarrier
        var checksCancellation = isBarrier
        let queueQoSList = self.queueQoS
        let columns = operations.columns
        columns.start.withUnsafeBufferPointer { starts in
        columns.queue.withUnsafeBufferPointer { queueNames in
        columns.flags.withUnsafeBufferPointer { flags in
        columns.priority.withUnsafeBufferPointer { priorities in
        columns.qualityOfService.withUnsafeBufferPointer { qualities in
        columns.duration.withUnsafeBufferPointer { durations in
            typealias Flags = OperationColumns.Flags
            for i in 0..<n {
                let mode = starts[i]
                startMode[i] = mode
                if mode == .queue { queueOf[i] = queueNames[i] < 0 ? unnamedQueue : index.queueOfOperation[i] }
                duration[i] = durationOverride.isEmpty ? durations[i] : durationOverride[columns.name(i)] ?? durations[i]
                let q = Int(queueOf[i])
                let flag = flags[i]
                let barrier = flag & Flags.barrier != 0
                effective[i] = max(qualities[i], q >= 0 ? queueQoSList[q] : .default)
                rank[i] = SimulationModel.choiceRank(
                    isBarrier: barrier, priority: QueuePriority(rawValue: priorities[i]), qualityOfService: qualities[i],
                    platform: options.platform, serial: q >= 0 && widths[q] == 1)
                isBarrier[i] = barrier && mode == .queue
                isAsynchronous[i] = flag & Flags.asynchronous != 0 || flag & Flags.finishes == 0
                finishes[i] = flag & Flags.finishes != 0
                checksCancellation[i] = flag & Flags.checksCancellation != 0
            }
        }}}}}}
        addedAt = columns.addedAt
        self.queueOf = queueOf
        self.startMode = startMode
        self.duration = duration
        self.addedAt = addedAt
        self.effectiveQoS = effective
        self.choiceRank = rank
        self.isBarrier = isBarrier
        self.isAsynchronous = isAsynchronous
        self.finishes = finishes
        self.checksCancellation = checksCancellation

        // Order of addition: by addedAt, then declaration order.
        var order = (0..<n).filter { startMode[$0] != .never }.map(Int32.init)
        let sorted = zip(order, order.dropFirst()).allSatisfy { addedAt[Int($0)] <= addedAt[Int($1)] }
        if !sorted {
            order.sort { (addedAt[Int($0)], $0) < (addedAt[Int($1)], $1) }
        }
        var additionRank = [Int32](repeating: -1, count: n)
        for (r, op) in order.enumerated() { additionRank[Int(op)] = Int32(r) }
        additionOrder = order
        self.additionRank = additionRank
        (queueAdditionStart, queueAdditions) = SimulationModel.groupedByQueue(order, queueOf: queueOf, queueCount: widths.count)

        // Edges: the index's, plus barrier order.
        let barrierEdges = SimulationModel.barrierEdges(order: order, queueOf: queueOf, isBarrier: isBarrier, queueCount: widths.count)
        if barrierEdges.isEmpty {
            dependencyStart = index.dependencyStart
            dependencyTargets = index.dependencyTargets
            dependentStart = index.dependentStart
            dependentTargets = index.dependentTargets
            edgeSource = nil
        } else {
            let merged = SimulationModel.merge(index: index, extra: barrierEdges, count: n)
            dependencyStart = merged.start
            dependencyTargets = merged.targets
            edgeSource = merged.source
            let reverse = SimulationModel.reverse(start: merged.start, targets: merged.targets, count: n)
            dependentStart = reverse.start
            dependentTargets = reverse.targets
        }

        // Waits.
        var waitStart = [Int32](repeating: 0, count: n + 1)
        for wait in index.operationWaits { waitStart[Int(wait.waiter) + 1] += 1 }
        for i in 0..<n { waitStart[i + 1] += waitStart[i] }
        var waitTargets = [Int32](repeating: 0, count: index.operationWaits.count)
        var waitReference = waitTargets
        var fill = waitStart
        for wait in index.operationWaits {
            let slot = Int(fill[Int(wait.waiter)])
            waitTargets[slot] = wait.target
            waitReference[slot] = wait.index
            fill[Int(wait.waiter)] += 1
        }
        self.waitStart = waitStart
        self.waitTargets = waitTargets
        self.waitReference = waitReference
        let waiters = SimulationModel.reverse(start: waitStart, targets: waitTargets, count: n)
        waiterStart = waiters.start
        waiterTargets = waiters.targets
        var queueWaitStart = [Int32](repeating: 0, count: n + 1)
        for wait in index.queueWaits { queueWaitStart[Int(wait.waiter) + 1] += 1 }
        for i in 0..<n { queueWaitStart[i + 1] += queueWaitStart[i] }
        var queueWaitTargets = [Int32](repeating: 0, count: index.queueWaits.count)
        var queueWaitReference = queueWaitTargets
        var queueWaiters = [[Int32]](repeating: [], count: widths.count)
        fill = queueWaitStart
        for wait in index.queueWaits {
            let slot = Int(fill[Int(wait.waiter)])
            queueWaitTargets[slot] = wait.queue
            queueWaitReference[slot] = wait.index
            fill[Int(wait.waiter)] += 1
            queueWaiters[Int(wait.queue)].append(wait.waiter)
        }
        self.queueWaitStart = queueWaitStart
        self.queueWaitTargets = queueWaitTargets
        self.queueWaitReference = queueWaitReference
        self.queueWaiters = queueWaiters

        events = SimulationModel.events(graph, whatIf: whatIf, index: index, platform: options.platform)
        threads = whatIf.threads ?? graph.simulation.threads ?? SimulationOptions.appleThreads
        cpus = whatIf.cpus ?? graph.simulation.cpus ?? SimulationOptions.linuxDefaultCPUs
        cores = whatIf.cores ?? graph.simulation.cores
    }

    /// Why an edge exists.
    public enum EdgeOrigin: Sendable, Hashable {
        /// `operations[waiter].dependencies[index]`.
        case dependency(index: Int)
        /// The implicit edge of an exclusivity category (S21).
        case exclusivity(category: String)
        /// The implicit order of a barrier (S18).
        case barrier
    }

    /// Why the edge at `position` in `dependencyTargets` exists.
    public func origin(ofEdge position: Int) -> EdgeOrigin {
        var indexPosition = position
        if let edgeSource {
            guard edgeSource[position] >= 0 else { return .barrier }
            indexPosition = Int(edgeSource[position])
        }
        switch index.origin(ofEdge: indexPosition) {
        case .dependency(let d): return .dependency(index: d)
        case .exclusivity(let category): return .exclusivity(category: category)
        }
    }

    /// The name of operation `i`.
    public func name(_ operation: Int) -> String { graph.operations.name(at: operation) }

    /// The name of queue `q`.
    public func queueName(_ queue: Int) -> String {
        queue < graph.queues.count ? graph.queues[queue].name : unnamedQueueName ?? ""
    }

    /// Whether an operation is enqueued without naming its queue.
    ///
    /// - Complexity: O(*n*).
    static func hasUnnamedQueue(_ operations: OperationGraph.OperationList) -> Bool {
        let columns = operations.columns
        return columns.start.withUnsafeBufferPointer { starts in
            columns.queue.withUnsafeBufferPointer { queues in
                (0..<starts.count).contains { starts[$0] == .queue && queues[$0] < 0 }
            }
        }
    }

    /// `(unnamed queue)`, or with a number after it when the graph has a queue of that name.
    static func unusedQueueName(_ queues: [OperationGraph.Queue]) -> String {
        let taken = Set(queues.map(\.name))
        var name = "(unnamed queue)"
        var k = 2
        while taken.contains(name) {
            name = "(unnamed queue \(k))"
            k += 1
        }
        return name
    }

    /// The model's bucket or priority rank: 0 barrier, 1 veryHigh … 5 veryLow.
    static func choiceRank(isBarrier: Bool, priority: QueuePriority, qualityOfService: QualityOfService, platform: SimulationPlatform, serial: Bool) -> UInt8 {
        if isBarrier { return 0 }
        let level = priority.level.rawValue
        if platform == .linux, level == 0, !serial {
            // linux-operationqueue.md rule 49: without an explicit priority, QoS picks the bucket.
            switch qualityOfService {
            case .userInteractive: return 1
            case .userInitiated: return 2
            case .default: return 3
            case .utility: return 4
            case .background: return 5
            }
        }
        return UInt8(3 - level / 4)
    }
}
