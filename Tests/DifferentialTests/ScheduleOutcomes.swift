@testable import OpLintCore

/// What the simulator does with one graph: in both platform models, the schedule with the
/// file's durations, the two with every duration scaled by 0.5 and by 1.5, and the schedules
/// of an exploration — with a seed of its own, not the one lint explores with — each reduced
/// to which operations never finish and the stuck report's root causes.
struct ScheduleOutcomes {
    /// One simulated schedule.
    struct Outcome {
        var platform: SimulationPlatform
        var timing: ExploredSchedules.Timing
        /// Operations that never finish, by name: stuck, never started, never added.
        var unfinished: Set<String>
        var stuck: StuckReport?

        /// `apple, the file's durations` or `linux, --explore 1 --seed 123`.
        var label: String {
            switch timing {
            case .file: "\(platform.rawValue), the file's durations"
            case .scaled(let factor): "\(platform.rawValue), every duration × \(factor)"
            case .explored(let seed): "\(platform.rawValue), --explore 1 --seed \(seed)"
            case .lateDependencies(let name): "\(platform.rawValue), what \(name) depends on slow"
            case .earlyDependencies(let name): "\(platform.rawValue), what \(name) depends on fast"
            }
        }
    }

    /// Exploration runs per platform model, and their seed: independent of lint's
    /// (`ExploredSchedules.seed`), so that what lint's own exploration misses shows here.
    static let explorationRuns = 12
    static let explorationSeed: UInt64 = 0x5EED_D1FF

    var outcomes: [Outcome] = []
    /// The compiled graph in each platform model, to replay the schedule a claim names.
    private var models: [SimulationPlatform: SimulationModel] = [:]
    /// Why the graph could not be simulated (the simulator refused it), if it could not.
    var refused: String?

    /// - Complexity: 2 × (3 + `runs`) simulations.
    init(_ graph: OperationGraph, runs: Int = explorationRuns, seed explorationSeed: UInt64 = explorationSeed) {
        for platform in SimulationPlatform.allCases {
            let model: SimulationModel
            do {
                model = try SimulationModel(graph, options: SimulationOptions(platform: platform))
            } catch {
                refused = "\(error)"
                return
            }
            models[platform] = model
            var plain = SimulationRun(model: model)
            plain.run()
            outcomes.append(Self.outcome(plain, platform: platform, timing: .file))
            for factor in ExploredSchedules.scales {
                var scaled = SimulationRun(model: model, durationScale: [Double](repeating: factor, count: model.operationCount))
                scaled.run()
                outcomes.append(Self.outcome(scaled, platform: platform, timing: .scaled(factor)))
            }
            for run in 0..<runs {
                let seed = SimulationRandom.runSeed(explorationSeed, run: run)
                outcomes.append(Self.outcome(Simulator.exploredRun(model, seed: seed), platform: platform, timing: .explored(seed: seed)))
            }
        }
    }

    private static func outcome(_ run: SimulationRun, platform: SimulationPlatform, timing: ExploredSchedules.Timing) -> Outcome {
        var unfinished = Set<String>()
        for op in 0..<run.model.operationCount where run.phase[op] != .finished {
            unfinished.insert(run.model.name(op))
        }
        let stuck = (0..<run.model.operationCount).contains { run.isScheduled($0) && run.phase[$0] != .finished }
        return Outcome(platform: platform, timing: timing, unfinished: unfinished, stuck: stuck ? run.stuckReport() : nil)
    }

    /// The operations that never finish in the schedule a finding's message names as the one
    /// that reaches it — `with other durations (oplint simulate --explore 1 --seed S --platform linux)`,
    /// `with every duration at 0.5 times the file's`, `with the file's durations` — or nil when it names none.
    func replay(_ message: String) -> Set<String>? {
        let platform: SimulationPlatform = message.contains("--platform linux") ? .linux : .apple
        guard let model = models[platform] else { return nil }
        var run: SimulationRun
        if let match = message.firstMatch(of: /--explore 1 --seed (\d+)/), let seed = UInt64(match.1) {
            run = Simulator.exploredRun(model, seed: seed)
        } else if let match = message.firstMatch(of: /every duration at ([0-9.]+) times/), let factor = Double(match.1) {
            run = SimulationRun(model: model, durationScale: [Double](repeating: factor, count: model.operationCount))
            run.run()
        } else if let match = message.firstMatch(of: /with the operations “([^”]*)” depends on at ([0-9.]+) times the file's durations and every other at ([0-9.]+) times/),
                  let inside = Double(match.2), let outside = Double(match.3) {
            // What the named operation depends on, read from the graph here, not from lint.
            let closure = dependencyClosure(of: String(match.1), in: model.graph)
            run = SimulationRun(model: model, durationScale: (0..<model.operationCount).map { closure.contains(model.name($0)) ? inside : outside })
            run.run()
        } else if message.contains("with the file's durations") {
            run = SimulationRun(model: model)
            run.run()
        } else {
            return nil
        }
        return Set((0..<model.operationCount).filter { run.phase[$0] != .finished }.map(model.name))
    }

    /// The names of the operations `name` depends on, directly or through other dependencies,
    /// exclusivity order included (each operation of a category after the one added before it).
    private func dependencyClosure(of name: String, in graph: OperationGraph) -> Set<String> {
        var dependencies: [String: [String]] = [:]
        var lastInCategory: [String: String] = [:]
        for op in graph.operations {
            dependencies[op.name, default: []] += op.dependencies.map(\.name)
            for category in op.exclusive {
                if let previous = lastInCategory[category] { dependencies[op.name, default: []].append(previous) }
                lastInCategory[category] = op.name
            }
        }
        var seen = Set<String>()
        var stack = dependencies[name] ?? []
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            stack += dependencies[next] ?? []
        }
        return seen
    }
}
