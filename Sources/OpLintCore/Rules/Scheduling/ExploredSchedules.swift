/// The schedules lint simulates to judge what only some timings reach: for a graph with waits
/// or timed events, in both platform models, the schedule with the file's durations, the two
/// with every duration scaled by 0.5 and by 1.5 (the bounds `--explore` draws its factors
/// from), and `runs` schedules of `oplint simulate --explore runs --seed seed`.
///
/// A rule that cannot prove from the graph alone that a deadlock happens in every schedule
/// (a *must* claim, an error) reports the deadlocks these schedules reach as *may* claims
/// (warnings) naming the timing that reaches them. Without waits and events (and a main
/// queue suspended from the start, which only Apple's keeps suspended) nothing about a
/// deadlock depends on timing or platform, and nothing is simulated.
struct ExploredSchedules {
    /// Exploration runs per platform model, and their seed (`--explore 12 --seed 1`).
    static let runs = 12
    static let seed: UInt64 = 1
    /// The factors every duration is scaled by in the schedules besides the file's own.
    static let scales = [0.5, 1.5]
    /// Operations (after `count` expansion) above which only the file's durations are simulated.
    static let explorationLimit = 2_000
    /// Operations above which nothing is simulated.
    static let simulationLimit = 1_000_000

    /// Which durations and tie order a simulated schedule uses.
    enum Timing: Equatable {
        /// The file's durations, ties in the documented order.
        case file
        /// Every duration multiplied by a factor, ties in the documented order.
        case scaled(Double)
        /// An exploration run: `oplint simulate --explore 1 --seed S` replays it.
        case explored(seed: UInt64)
        /// The operations `name` depends on, directly or through other dependencies, at 1.5
        /// times their durations, every other at 0.5 times: what lets a serial queue start an
        /// operation that waits for `name` before `name` is ready.
        case lateDependencies(of: String)
        /// The operations `name` depends on at 0.5 times their durations, every other at 1.5
        /// times: what lets a serial queue start an operation early, before one it waits for.
        case earlyDependencies(of: String)
    }

    /// Serial-queue waits whose deadlock depends on which operation the queue starts first
    /// get these two schedules each, up to this many.
    static let raceLimit = 8

    /// One root cause of being stuck, with the first schedule that reaches it.
    struct Witness {
        var cause: StuckReport.RootCause
        var platform: SimulationPlatform
        var timing: Timing
        /// How many of the simulated schedules reach this cause, and in which platform models.
        var schedules: Int
        var platforms: Set<SimulationPlatform>

        /// The rule that reports this kind of cause: waits on a serial queue are wait
        /// deadlocks (OPL201), exhausted wider queues and thread limits slot exhaustion (OPL202).
        var rule: String {
            switch cause.kind {
            case .dependencyCycle: "OPL101"
            case .neverStarted: "OPL105"
            case .waitCycle: "OPL201"
            case .slotExhaustion: cause.queue != nil && cause.width == 1 ? "OPL201" : "OPL202"
            case .zeroWidthQueue: "OPL204"
            case .suspendedQueue: "OPL205"
            case .neverFinishes: "OPL206"
            case .exclusivityCycle: "OPL207"
            case .startedBeforeReady: "OPL303"
            }
        }

        /// Every operation of the cause and behind it: all unfinished in the witness schedule.
        var operations: [String] {
            var seen = Set<String>()
            return (cause.members.map(\.operation) + cause.blocked.map(\.operation)).filter { seen.insert($0).inserted }
        }

        /// `with the file's durations`, `with every duration at 0.5 times the file's, on Linux`,
        /// `with other durations (oplint simulate --explore 1 --seed 7 --platform linux)`.
        var timingText: String {
            let linux = platform == .apple ? "" : ", on Linux (--platform \(platform.rawValue))"
            switch timing {
            case .file: return "with the file's durations" + linux
            case .scaled(let factor): return "with every duration at \(SchedulingLint.seconds(factor)) times the file's" + linux
            case .explored(let seed):
                return "with other durations (oplint simulate --explore 1 --seed \(seed)\(platform == .apple ? "" : " --platform \(platform.rawValue)"))"
            case .lateDependencies(let name):
                return "with the operations \(SchedulingLint.quoted(name)) depends on at 1.5 times the file's durations and every other at 0.5 times" + linux
            case .earlyDependencies(let name):
                return "with the operations \(SchedulingLint.quoted(name)) depends on at 0.5 times the file's durations and every other at 1.5 times" + linux
            }
        }
    }

    /// Root causes in order of the first schedule that reaches them.
    private(set) var witnesses: [Witness] = []
    /// How many schedules were simulated.
    private(set) var schedules = 0
    /// Why no or fewer schedules were simulated, for a note: nil when all were.
    private(set) var limitation: String?

    /// - Complexity: O(1) without waits and events; else up to 2 × (3 + `runs` + `raceLimit`)
    ///   simulations, and a judgement of the waits (OPL201's) to find the races.
    init(_ analysis: GraphAnalysis) {
        let graph = analysis.graph
        // A suspended main queue stays suspended in the apple model only (linux-operationqueue.md rule 47).
        let timed = !graph.events.isEmpty || graph.queues.contains { $0.isMain && $0.isSuspended }
            || !analysis.index.operationWaits.isEmpty || !analysis.index.queueWaits.isEmpty
            || graph.operations.indices.contains { !graph.operations.waitsFor(at: $0).isEmpty || !graph.operations.waitsForQueues(at: $0).isEmpty }
        guard timed else { return }
        let size = graph.operations.columns.count.reduce(0) { $0 + max(1, $1) }
        guard size <= Self.simulationLimit else {
            limitation = "the graph has \(size) operations, more than the \(Self.simulationLimit) lint simulates"
            return
        }
        let explores = size <= Self.explorationLimit
        if !explores {
            limitation = "the graph has \(size) operations, more than the \(Self.explorationLimit) lint explores: only the file's durations were simulated (oplint simulate --explore finds the rest)"
        }
        var bySignature: [String: Int] = [:]
        let races = explores ? Self.races(analysis) : []
        for platform in SimulationPlatform.allCases {
            guard let model = try? SimulationModel(graph, options: SimulationOptions(platform: platform), index: analysis.index) else { return }
            var known: [[UInt8]: [StuckReport.RootCause]] = [:]
            var plain = SimulationRun(model: model)
            plain.run()
            record(plain, platform: platform, timing: .file, &bySignature, &known)
            guard explores else { continue }
            for factor in Self.scales {
                var scaled = SimulationRun(model: model, durationScale: [Double](repeating: factor, count: model.operationCount))
                scaled.run()
                record(scaled, platform: platform, timing: .scaled(factor), &bySignature, &known)
            }
            for run in 0..<Self.runs {
                let seed = SimulationRandom.runSeed(Self.seed, run: run)
                record(Simulator.exploredRun(model, seed: seed), platform: platform, timing: .explored(seed: seed), &bySignature, &known)
            }
            for race in races {
                // The waiter early, or what it waits for late: the two ways a serial queue starts it first.
                for (operation, early) in [(race.waiter, true), (race.blocker, false)] where !analysis.index.dependencyEdges(of: operation).isEmpty {
                    let closure = Self.dependencyClosure(of: operation, analysis)
                    let scale = (0..<model.operationCount).map { closure.contains(model.name($0)) == early ? 0.5 : 1.5 }
                    var run = SimulationRun(model: model, durationScale: scale)
                    run.run()
                    let name = analysis.name(operation)
                    record(run, platform: platform, timing: early ? .earlyDependencies(of: name) : .lateDependencies(of: name), &bySignature, &known)
                }
            }
        }
    }

    /// Waiters of serial queues and the operations of the same queue they need, when the
    /// queue may start either first, in the order the waits are judged.
    private static func races(_ analysis: GraphAnalysis) -> [(waiter: Int, blocker: Int)] {
        var judge = WaitDeadlockRule.Judge(WaitDeadlockRule(), analysis)
        var races: [(waiter: Int, blocker: Int)] = []
        func take(_ verdict: WaitDeadlockRule.Verdict) {
            if case .doubtful(let waiter, let blocker?, _) = verdict, races.count < raceLimit,
               !races.contains(where: { $0.waiter == waiter && $0.blocker == blocker }) {
                races.append((waiter, blocker))
            }
        }
        for w in analysis.index.operationWaits.indices { take(judge.judge(wait: w)) }
        for w in analysis.index.queueWaits.indices { take(judge.judge(queueWait: w)) }
        return races
    }

    /// The names of the operations `operation` depends on, directly or through other dependencies.
    static func dependencyClosure(of operation: Int, _ analysis: GraphAnalysis) -> Set<String> {
        let index = analysis.index
        var seen: Set<Int32> = []
        var stack = Array(index.dependencies(of: operation))
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            stack += index.dependencies(of: Int(next))
        }
        return Set(seen.map { analysis.name(Int($0)) })
    }

    /// Counts a schedule and the root causes it is stuck on. Runs that end in the same state
    /// have the same stuck report, which is computed once.
    private mutating func record(
        _ run: SimulationRun, platform: SimulationPlatform, timing: Timing,
        _ bySignature: inout [String: Int], _ known: inout [[UInt8]: [StuckReport.RootCause]]
    ) {
        schedules += 1
        let state = run.stuckState()
        guard !state.isEmpty else { return }
        let causes: [StuckReport.RootCause]
        if let seen = known[state] {
            causes = seen
        } else {
            causes = run.stuckReport()?.rootCauses ?? []
            known[state] = causes
        }
        for cause in causes {
            let signature = cause.kind.rawValue + "\u{0}" + (cause.queue ?? "") + "\u{0}" + cause.members.map(\.operation).joined(separator: "\u{0}")
            if let index = bySignature[signature] {
                witnesses[index].schedules += 1
                witnesses[index].platforms.insert(platform)
            } else {
                bySignature[signature] = witnesses.count
                witnesses.append(Witness(cause: cause, platform: platform, timing: timing, schedules: 1, platforms: [platform]))
            }
        }
    }

    /// The causes a rule reports, in order.
    func witnesses(for rule: String) -> [Witness] {
        witnesses.filter { $0.rule == rule }
    }

    /// `3 of 26 simulated schedules`, `15 of 30 simulated schedules, all with Apple's OperationQueue`.
    func share(_ witness: Witness) -> String {
        let only: String
        switch witness.platforms {
        case [.apple]: only = ", all with Apple's OperationQueue (the apple model), none on Linux"
        case [.linux]: only = ", all on Linux (the linux model), none with Apple's OperationQueue"
        default: only = ""
        }
        return "\(witness.schedules) of \(schedules) simulated schedules" + only
    }
}

extension SimulationRun {
    /// What a stuck report of this run depends on — each operation's phase, cancellation, slot
    /// and thread, each queue's suspension — or empty when every scheduled operation finished.
    ///
    /// - Complexity: O(*n* + *q*).
    func stuckState() -> [UInt8] {
        let n = model.operationCount
        guard (0..<n).contains(where: { isScheduled($0) && phase[$0] != .finished }) else { return [] }
        var state = [UInt8](repeating: 0, count: n + queues.count)
        for op in 0..<n {
            state[op] = phase[op].rawValue | (cancelled[op] ? 0x10 : 0) | (slot[op] >= 0 ? 0x20 : 0) | (holdsThread[op] ? 0x40 : 0) | (bypass[op] ? 0x80 : 0)
        }
        for q in queues.indices { state[n + q] = queues[q].suspended ? 1 : 0 }
        return state
    }
}
