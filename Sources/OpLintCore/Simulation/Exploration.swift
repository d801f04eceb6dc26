import Dispatch

/// `--explore N --seed S`: N schedules with every duration scaled by a random factor in
/// [0.5, 1.5] and ties broken in random order — what can change, and what can go wrong.
public struct Exploration: Sendable, Equatable {
    /// A deadlock some schedule reaches, with the seed that reproduces it (`--explore 1 --seed`).
    public struct Deadlock: Sendable, Equatable {
        public var seed: UInt64
        /// How many runs reached it.
        public var runs: Int
        public var report: StuckReport
    }

    /// Two operations that start in one order in some schedule and in the other order in another.
    public struct OrderChange: Sendable, Hashable {
        public var first: String
        public var second: String
    }

    /// Two operations that touch one resource, at least one writing, and ran at the same time.
    public struct Conflict: Sendable, Hashable {
        public var first: String
        public var second: String
        public var resource: String
        /// A seed whose schedule shows the overlap.
        public var seed: UInt64
    }

    public var runs: Int
    public var seed: UInt64
    /// Makespans of all runs, sorted.
    public var makespans: [Double]
    public var deadlocks: [Deadlock]
    public var orderChanges: [OrderChange]
    /// Order changes are tracked up to `orderChangeLimit` operations (the cost is quadratic).
    public var orderChangesSkipped: Bool
    public var conflicts: [Conflict]

    /// Operations above which pairs whose order changes are not tracked.
    public static let orderChangeLimit = 3000

    public var minimum: Double { makespans.first ?? 0 }
    public var maximum: Double { makespans.last ?? 0 }
    public var median: Double { quantile(0.5) }
    public var p95: Double { quantile(0.95) }

    /// The nearest-rank quantile of the makespans.
    public func quantile(_ q: Double) -> Double {
        guard !makespans.isEmpty else { return 0 }
        let rank = Int((q * Double(makespans.count)).rounded(.up))
        return makespans[max(0, min(makespans.count - 1, rank - 1))]
    }
}

extension Simulator {
    /// Explores `runs` schedules from `seed`, on all cores (`concurrentPerform`); the result
    /// depends only on the model, `runs` and `seed`.
    ///
    /// - Complexity: `runs` simulations, plus O(*n*²) per run for order changes when *n* ≤
    ///   `Exploration.orderChangeLimit`.
    public func explore(runs: Int, seed: UInt64) -> Exploration {
        let model = self.model
        let n = model.operationCount
        let trackPairs = n <= Exploration.orderChangeLimit
        let workers = max(1, min(runs, Parallel.cores))
        let partials = ExplorationPartials(count: workers)
        let conflictPairs = Self.conflictCandidates(model)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var partial = ExplorationPartial(pairCount: trackPairs ? n * (n - 1) / 2 : 0)
            var run = worker
            while run < runs {
                let runSeed = SimulationRandom.runSeed(seed, run: run)
                let simulation = Self.exploredRun(model, seed: runSeed)
                partial.record(simulation, run: run, seed: runSeed, trackPairs: trackPairs, conflicts: conflictPairs)
                run += workers
            }
            partials.store(partial, at: worker)
        }
        return partials.merged(runs: runs, seed: seed, model: model, trackPairs: trackPairs)
    }

    /// The schedule an exploration run with `seed` simulates: every duration scaled by a
    /// random factor in [0.5, 1.5], ties broken in random order, both drawn from `seed`.
    ///
    /// - Complexity: one simulation.
    static func exploredRun(_ model: SimulationModel, seed: UInt64) -> SimulationRun {
        var random = SimulationRandom(seed: seed)
        let scale = (0..<model.operationCount).map { _ in 0.5 + random.unit() }
        var simulation = SimulationRun(model: model, durationScale: scale, tieSeed: random.next())
        simulation.run()
        return simulation
    }

    /// Pairs of operations that touch one resource, at least one writing.
    static func conflictCandidates(_ model: SimulationModel) -> [(Int32, Int32, String)] {
        var touches: [String: [(op: Int32, writes: Bool)]] = [:]
        for (i, op) in model.graph.operations.enumerated() {
            for resource in Set(op.writes) { touches[resource, default: []].append((Int32(i), true)) }
            for resource in Set(op.reads).subtracting(op.writes) { touches[resource, default: []].append((Int32(i), false)) }
        }
        var pairs: [(Int32, Int32, String)] = []
        for resource in touches.keys.sorted() {
            let list = touches[resource] ?? []
            for a in list.indices {
                for b in list.indices where b > a && (list[a].writes || list[b].writes) {
                    pairs.append((list[a].op, list[b].op, resource))
                }
            }
        }
        return pairs
    }
}

/// What one worker saw.
struct ExplorationPartial: Sendable {
    var makespans: [Double] = []
    var deadlocks: [String: (run: Int, seed: UInt64, count: Int, report: StuckReport)] = [:]
    var before: [UInt64]
    var after: [UInt64]
    var conflicts: [Int: (run: Int, seed: UInt64)] = [:]

    init(pairCount: Int) {
        before = Array(repeating: 0, count: (pairCount + 63) / 64)
        after = before
    }

    mutating func record(_ simulation: SimulationRun, run: Int, seed: UInt64, trackPairs: Bool, conflicts: [(Int32, Int32, String)]) {
        let n = simulation.model.operationCount
        var makespan = 0.0
        var unfinished = false
        for op in 0..<n {
            if simulation.phase[op] == .finished { makespan = max(makespan, simulation.endTime[op]) }
            else if simulation.isScheduled(op) { unfinished = true }
        }
        makespans.append(makespan)
        if unfinished, let report = simulation.stuckReport() {
            let signature = report.rootCauses.map { "\($0.kind.rawValue):" + $0.members.map(\.operation).joined(separator: ",") }.joined(separator: ";")
            if let known = deadlocks[signature] {
                deadlocks[signature] = (known.run, known.seed, known.count + 1, known.report)
            } else {
                deadlocks[signature] = (run, seed, 1, report)
            }
        }
        if trackPairs {
            let start = simulation.startTime
            before.withUnsafeMutableBufferPointer { beforeBits in
                after.withUnsafeMutableBufferPointer { afterBits in
                    var pair = 0
                    for i in 0..<n {
                        let si = start[i]
                        if si.isNaN { pair += n - 1 - i; continue }
                        for j in (i + 1)..<max(i + 1, n) {
                            let sj = start[j]
                            if si < sj { beforeBits[pair >> 6] |= 1 << UInt64(pair & 63) }
                            else if sj < si { afterBits[pair >> 6] |= 1 << UInt64(pair & 63) }
                            pair += 1
                        }
                    }
                }
            }
        }
        for (k, pair) in conflicts.enumerated() where self.conflicts[k] == nil {
            let a = Int(pair.0), b = Int(pair.1)
            let sa = simulation.startTime[a], sb = simulation.startTime[b]
            guard !sa.isNaN, !sb.isNaN else { continue }
            let ea = simulation.endTime[a].isNaN ? Double.infinity : simulation.runStart[a].isNaN ? sa : simulation.endTime[a]
            let eb = simulation.endTime[b].isNaN ? Double.infinity : simulation.runStart[b].isNaN ? sb : simulation.endTime[b]
            let ra = simulation.runStart[a].isNaN ? sa : simulation.runStart[a]
            let rb = simulation.runStart[b].isNaN ? sb : simulation.runStart[b]
            if ra < eb && rb < ea && !simulation.cancelled[a] && !simulation.cancelled[b] {
                self.conflicts[k] = (run, seed)
            }
        }
    }
}

/// The workers' results, stored under a lock and merged in run order.
final class ExplorationPartials: @unchecked Sendable {
    private let lock = Lock()
    private var partials: [ExplorationPartial?]

    init(count: Int) { partials = Array(repeating: nil, count: count) }

    func store(_ partial: ExplorationPartial, at index: Int) {
        lock.lock()
        partials[index] = partial
        lock.unlock()
    }

    func merged(runs: Int, seed: UInt64, model: SimulationModel, trackPairs: Bool) -> Exploration {
        lock.lock()
        let all = partials.compactMap { $0 }
        lock.unlock()
        var makespans = all.flatMap(\.makespans)
        makespans.sort()
        var deadlocks: [String: (run: Int, seed: UInt64, count: Int, report: StuckReport)] = [:]
        for partial in all {
            for (signature, found) in partial.deadlocks {
                if let known = deadlocks[signature] {
                    let first = known.run < found.run ? known : found
                    deadlocks[signature] = (first.run, first.seed, known.count + found.count, first.report)
                } else {
                    deadlocks[signature] = found
                }
            }
        }
        var orderChanges: [Exploration.OrderChange] = []
        let n = model.operationCount
        if trackPairs, let first = all.first {
            var before = first.before
            var after = first.after
            for partial in all.dropFirst() {
                for w in before.indices {
                    before[w] |= partial.before[w]
                    after[w] |= partial.after[w]
                }
            }
            var pair = 0
            for i in 0..<n {
                for j in (i + 1)..<max(i + 1, n) {
                    if before[pair >> 6] & after[pair >> 6] & (1 << UInt64(pair & 63)) != 0 {
                        orderChanges.append(.init(first: model.name(i), second: model.name(j)))
                    }
                    pair += 1
                }
            }
        }
        var conflicts: [Int: (run: Int, seed: UInt64)] = [:]
        for partial in all {
            for (k, found) in partial.conflicts where found.run < (conflicts[k]?.run ?? Int.max) {
                conflicts[k] = found
            }
        }
        let candidates = Simulator.conflictCandidates(model)
        let conflictSeeds = conflicts.keys.sorted().compactMap { k in conflicts[k].map { (k, $0.seed) } }
        return Exploration(
            runs: runs,
            seed: seed,
            makespans: makespans,
            deadlocks: deadlocks.values.sorted { $0.run < $1.run }.map { .init(seed: $0.seed, runs: $0.count, report: $0.report) },
            orderChanges: orderChanges,
            orderChangesSkipped: !trackPairs,
            conflicts: conflictSeeds.map { k, seed in
                let (a, b, resource) = candidates[k]
                return .init(first: model.name(Int(a)), second: model.name(Int(b)), resource: resource, seed: seed)
            }
        )
    }
}
