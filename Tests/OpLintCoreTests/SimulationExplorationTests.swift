import Testing
@testable import OpLintCore

/// `--explore` and `--compare`.
@Suite struct SimulationExplorationTests {
    typealias F = SimulationFixture

    @Test func racesConflictsAndDistribution() throws {
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 4)], [
            F.op("a", duration: 1), F.op("b", duration: 1.05),
            F.op("c", duration: 1, deps: ["a"]) { $0.writes = ["cache"] },
            F.op("d", duration: 1, deps: ["b"]) { $0.reads = ["cache"] },
            F.op("e", duration: 1, deps: ["c"]) { $0.writes = ["cache"] },
        ])
        let simulator = try Simulator(graph)
        let exploration = simulator.explore(runs: 200, seed: 42)
        #expect(exploration.makespans.count == 200)
        #expect(exploration.minimum >= 1.0 && exploration.maximum <= 3.0 * 1.5)
        #expect(exploration.minimum <= exploration.median && exploration.median <= exploration.p95 && exploration.p95 <= exploration.maximum)
        #expect(exploration.orderChanges.contains(.init(first: "c", second: "d")))
        #expect(!exploration.orderChanges.contains(.init(first: "a", second: "c")))
        #expect(exploration.conflicts.map { [$0.first, $0.second] }.contains(["c", "d"]))
        #expect(!exploration.conflicts.map { [$0.first, $0.second] }.contains(["c", "e"]))
        #expect(exploration.deadlocks.isEmpty)
        #expect(simulator.explore(runs: 200, seed: 42) == exploration)
        #expect(simulator.explore(runs: 200, seed: 43) != exploration)
    }

    @Test func deadlocksComeWithASeedThatReproducesThem() throws {
        // Slot exhaustion only when both waiters hold the slots before the ones they wait for.
        let graph = F.graph([.init(name: "io", maxConcurrentOperationCount: 2), .init(name: "r")], [
            F.op("gate1", "r", duration: 1), F.op("gate2", "r", duration: 1),
            F.op("fetchA", "io", deps: ["gate1"]) { $0.waitsFor = ["fetchB"] },
            F.op("fetchC", "io", deps: ["gate1"]) { $0.waitsFor = ["fetchD"] },
            F.op("fetchB", "io", deps: ["gate2"]), F.op("fetchD", "io", deps: ["gate2"]),
        ])
        let simulator = try Simulator(graph)
        let exploration = simulator.explore(runs: 100, seed: 7)
        let deadlock = try #require(exploration.deadlocks.first)
        #expect(deadlock.report.rootCauses.first?.kind == .slotExhaustion)
        #expect(deadlock.runs < 100)
        let replay = simulator.explore(runs: 1, seed: deadlock.seed)
        #expect(replay.deadlocks.first?.report == deadlock.report)
        #expect(exploration.text().contains("reproduce with --explore 1 --seed \(deadlock.seed)"))
    }

    @Test func comparisonListsMovedStartsLargestFirst() throws {
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 1)], [
            F.op("a"), F.op("b"), F.op("c"),
        ])
        let before = try F.run(graph)
        let after = try F.run(graph, whatIf: WhatIf(widths: ["q": 3]))
        let comparison = ScheduleComparison(before, after)
        #expect(comparison.moves.map(\.operation) == ["c", "b"])
        #expect(comparison.moves.map(\.change) == [-2, -1])
        #expect(comparison.text().hasPrefix("makespan: 3.000 s → 1.000 s (-2.000 s)\n"))
    }
}
