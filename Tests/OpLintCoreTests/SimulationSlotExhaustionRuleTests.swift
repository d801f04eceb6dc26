import Testing
@testable import OpLintCore

/// OPL202 slot-exhaustion, and the root causes the simulator hands to other rules.
@Suite struct SimulationSlotExhaustionRuleTests {
    typealias F = SimulationFixture

    @Test func reportsTheWaitForChainAtTheFirstWaiter() throws {
        let fetchA = SourceLocation(file: "Loader.swift", line: 30, column: 5)
        let graph = F.graph([.init(name: "io", maxConcurrentOperationCount: 2), .init(name: "main", isMain: true)], [
            F.op("fetchA", "io") { $0.waitsFor = [.init("fetchB", location: fetchA)]; $0.location = SourceLocation(file: "Loader.swift", line: 28, column: 9) },
            F.op("fetchC", "io") { $0.waitsFor = ["fetchD"] },
            F.op("fetchB", "io"), F.op("fetchD", "io"),
            F.op("render", "main", deps: ["fetchA"]),
        ])
        let findings = SlotExhaustionRule().check(GraphAnalysis(graph))
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.rule.code == "OPL202")
        #expect(finding.location == SourceLocation(file: "Loader.swift", line: 28, column: 9))
        // Proven from the graph: fetchA and fetchC come first and take both slots in every schedule.
        #expect(finding.severity == .error)
        #expect(finding.message == "slot exhaustion on queue “io” (width 2): “fetchA” and “fetchC” start first and hold all 2 slots while they wait — “fetchA” waits for “fetchB”; “fetchC” waits for “fetchD” — and what they wait for needs a slot of the same queue")
        #expect(finding.related.first?.location == fetchA)
        #expect(finding.notes == ["behind them: render"])
        #expect(finding.queues == ["io"])
        #expect(finding.fix?.message.contains("make io wider") == true)
    }

    /// When the waiters take the slots only in some timings, the schedules lint simulates decide,
    /// and the finding is a warning that names the timing.
    @Test func timingDependentExhaustionIsAWarningWithItsSchedule() throws {
        let graph = F.graph([.init(name: "io", maxConcurrentOperationCount: 2), .init(name: "net")], [
            F.op("gate1", "net", duration: 1), F.op("gate2", "net", duration: 1.2),
            F.op("fetchA", "io", deps: ["gate1"]) { $0.waitsFor = ["fetchB"] },
            F.op("fetchC", "io", deps: ["gate1"]) { $0.waitsFor = ["fetchD"] },
            F.op("fetchB", "io", deps: ["gate2"]), F.op("fetchD", "io", deps: ["gate2"]),
        ])
        let finding = try #require(SlotExhaustionRule().check(GraphAnalysis(graph)).first)
        #expect(finding.severity == .warning)
        #expect(finding.message.hasPrefix("slot exhaustion on queue “io” (width 2): "))
        #expect(finding.message.contains("— reached with the file's durations, in "))
        #expect(finding.message.contains(" simulated schedules"))
    }

    @Test func silentWhenTheWaitedForOperationsRunFirstOrNothingWaits() {
        let fixed = F.graph([.init(name: "io", maxConcurrentOperationCount: 2)], [
            F.op("fetchB", "io"), F.op("fetchD", "io"),
            F.op("fetchA", "io", deps: ["fetchB"]), F.op("fetchC", "io", deps: ["fetchD"]),
        ])
        #expect(SlotExhaustionRule().check(GraphAnalysis(fixed)).isEmpty)
        let wide = F.graph([.init(name: "io", maxConcurrentOperationCount: 3)], [
            F.op("fetchA", "io") { $0.waitsFor = ["fetchB"] }, F.op("fetchC", "io") { $0.waitsFor = ["fetchD"] },
            F.op("fetchB", "io"), F.op("fetchD", "io"),
        ])
        #expect(SlotExhaustionRule().check(GraphAnalysis(wide)).isEmpty)
    }

    @Test func rootCausesForOtherRules() {
        let graph = F.graph([.init(name: "q", isSuspended: true), .init(name: "r")], [
            F.op("held", "q"), F.op("x", "r", deps: ["y"]), F.op("y", "r", deps: ["x"]), F.op("after", "r", deps: ["held"]),
        ])
        let causes = Simulator.rootCauses(of: graph)
        #expect(causes.map(\.kind) == [.suspendedQueue, .dependencyCycle])
        #expect(causes[0].blocked.map(\.operation) == ["after"])
        #expect(Simulator.rootCauses(of: F.graph([.init(name: "q")], [F.op("a")])).isEmpty)
    }
}
