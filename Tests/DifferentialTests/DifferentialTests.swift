import Foundation
import Testing
@testable import OpLintCore

/// The rules and the simulator judge the same graphs: every deadlock a rule claims is one the
/// simulator reaches — a *must* claim (error) in every simulated schedule, a *may* claim
/// (warning) in at least one — and every root cause a simulated schedule gets stuck on is
/// one a finding at or above warning names. Schedules: the file's durations, every duration
/// scaled by 0.5 and by 1.5, and an exploration of its own, in both platform models.
@Suite struct DifferentialTests {
    /// 40 × 500 = 20,000 graphs, in batches that run in parallel.
    static let batches = 40
    static let graphsPerBatch = 500

    @Test(arguments: 0..<batches)
    func randomGraphsAgree(batch: Int) {
        var disagreeing = 0
        for i in 0..<Self.graphsPerBatch {
            let seed = UInt64(batch * Self.graphsPerBatch + i)
            let graph = DifferentialGraphs.make(seed: seed)
            let disagreements = Disagreement.find(findings: Linter().lint(graph).findings, outcomes: ScheduleOutcomes(graph))
            guard !disagreements.isEmpty else { continue }
            disagreeing += 1
            if disagreeing <= 2 {
                let kinds = Set(disagreements.map(\.kind))
                let smallest = GraphMinimiser.minimise(graph) { candidate in
                    let found = Disagreement.find(findings: Linter().lint(candidate).findings, outcomes: ScheduleOutcomes(candidate))
                    return found.contains { kinds.contains($0.kind) }
                }
                Issue.record("""
                    seed \(seed): \(disagreements.map(\.description).joined(separator: "\n"))
                    minimised (keep it in Tests/DifferentialTests/Regressions/):
                    \(GraphWriter().write(smallest))
                    """)
            }
        }
        #expect(disagreeing == 0, "batch \(batch): \(disagreeing) of \(Self.graphsPerBatch) graphs disagree")
    }

    /// Every disagreement found on the way, minimised and named, stays fixed.
    @Test(arguments: RegressionExamples.names)
    func regressionExampleAgrees(name: String) throws {
        let graph = try RegressionExamples.load(name)
        let disagreements = Disagreement.find(findings: Linter().lint(graph).findings, outcomes: ScheduleOutcomes(graph))
        #expect(disagreements.isEmpty, "\(name): \(disagreements.map(\.description))")
    }

    /// The graph of the issue that started this target: a wait for an operation the waiter
    /// depends on. The queue runs fetch first, the wait returns at once; lint is silent.
    @Test func waitForADependencyIsSilentAndRunsInOrder() throws {
        let graph = try RegressionExamples.load("harmless-wait-for-dependency")
        #expect(Linter().lint(graph).findings.isEmpty)
        for platform in SimulationPlatform.allCases {
            let schedule = try Simulator.simulate(graph, options: SimulationOptions(platform: platform))
            #expect(schedule.stuck == nil)
            #expect(schedule.entries.map(\.operation) == ["fetch", "parse"])
            #expect(schedule.makespan == 2.5)
        }
    }

    /// The generator makes graphs with every feature, and both outcomes: graphs that finish,
    /// graphs stuck in every schedule, and graphs stuck in some schedules only.
    @Test func generatorCoversEveryFeatureAndBothOutcomes() {
        var features: [String: Int] = [:]
        var stuckEverywhere = 0
        var stuckSometimes = 0
        var neverStuck = 0
        let count = 1000
        for seed in 0..<UInt64(count) {
            let graph = DifferentialGraphs.make(seed: seed)
            func note(_ feature: String, _ present: Bool) { if present { features[feature, default: 0] += 1 } }
            let operations = graph.operations
            note("dependency", operations.contains { !$0.dependencies.isEmpty })
            note("wait", operations.contains { !$0.waitsFor.isEmpty })
            note("queue wait", operations.contains { !$0.waitsForQueues.isEmpty })
            note("exclusivity", operations.contains { !$0.exclusive.isEmpty })
            note("priority", operations.contains { $0.priority != .normal })
            note("quality of service", operations.contains { $0.qualityOfService != .default })
            note("never finishes", operations.contains { !$0.finishes })
            note("no queue", operations.contains { $0.start == .never })
            note("serial queue", graph.queues.contains { $0.maxConcurrentOperationCount == 1 })
            note("wide queue", graph.queues.contains { $0.maxConcurrentOperationCount >= 2 })
            note("default queue", graph.queues.contains { $0.maxConcurrentOperationCount == -1 && !$0.isMain })
            note("main queue", graph.queues.contains(where: \.isMain))
            note("zero width", graph.queues.contains { $0.maxConcurrentOperationCount == 0 })
            note("suspended", graph.queues.contains(where: \.isSuspended))
            for event in graph.events { note(event.action.key, true) }
            let outcomes = ScheduleOutcomes(graph).outcomes
            let stuck = outcomes.filter { $0.stuck != nil }.count
            if stuck == outcomes.count { stuckEverywhere += 1 } else if stuck > 0 { stuckSometimes += 1 } else { neverStuck += 1 }
        }
        for feature in ["dependency", "wait", "queue wait", "exclusivity", "priority", "quality of service", "never finishes",
                        "no queue", "serial queue", "wide queue", "default queue", "main queue", "zero width", "suspended",
                        "cancel", "cancelAll", "suspend", "resume"] {
            #expect(features[feature, default: 0] >= count / 50, "\(feature): \(features[feature, default: 0]) of \(count) graphs")
        }
        #expect(neverStuck >= count / 5 && stuckEverywhere >= count / 5 && stuckSometimes >= count / 100,
                "\(neverStuck) never stuck, \(stuckEverywhere) stuck in every schedule, \(stuckSometimes) in some")
    }

    /// The minimiser keeps only what the property needs.
    @Test func minimiserKeepsOnlyWhatMatters() throws {
        let graph = DifferentialGraphs.make(seed: 11)
        let withCycle = OperationGraph(
            queues: graph.queues + [.init(name: "q", maxConcurrentOperationCount: 1)],
            operations: graph.operations + [
                .init(name: "x", queue: "q", dependencies: ["y"], duration: 2),
                .init(name: "y", queue: "q", dependencies: ["x"], priority: .high),
            ],
            events: graph.events)
        let smallest = GraphMinimiser.minimise(withCycle) { candidate in
            Linter().lint(candidate).findings.contains { $0.rule.code == "OPL101" && $0.operations.contains("x") }
        }
        #expect(smallest.operations.map(\.name) == ["x", "y"])
        #expect(smallest.operations.allSatisfy { $0.duration == 1 && $0.priority == .normal })
        #expect(smallest.events.isEmpty)
    }
}

/// The graphs in `Tests/DifferentialTests/Regressions`, each a disagreement between the rules
/// and the simulator found by this target (or by hand), minimised, and fixed since.
enum RegressionExamples {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")

    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()

    static func load(_ name: String) throws -> OperationGraph {
        let url = directory.appendingPathComponent(name + ".json")
        return try GraphLoader.load(bytes: Array(try Data(contentsOf: url)), path: url.path)
    }
}
