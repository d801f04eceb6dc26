import Testing
@testable import OpLintCore

/// A deadlock is reported once: wait-deadlock (OPL201) when the graph alone proves it,
/// slot-exhaustion (OPL202) when only a schedule shows it.
@Suite struct SlotExhaustionOverlapTests {
    func graph(width: Int) -> OperationGraph {
        var render = OperationGraph.Operation(name: "render", queue: "q")
        render.waitsFor = ["decode"]
        let decode = OperationGraph.Operation(name: "decode", queue: "q")
        var other = OperationGraph.Operation(name: "upload", queue: "q")
        other.waitsFor = ["compress"]
        let compress = OperationGraph.Operation(name: "compress", queue: "q")
        return OperationGraph(queues: [.init(name: "q", maxConcurrentOperationCount: width)], operations: [render, other, decode, compress])
    }

    @Test func serialQueueWaitIsReportedOnlyAsWaitDeadlock() {
        let analysis = GraphAnalysis(graph(width: 1))
        #expect(!WaitDeadlockRule().check(analysis).isEmpty)
        #expect(SlotExhaustionRule().check(analysis).isEmpty)
    }

    @Test func waitersFillingAWiderQueueAreSlotExhaustion() {
        let analysis = GraphAnalysis(graph(width: 2))
        #expect(WaitDeadlockRule().check(analysis).isEmpty)
        let findings = SlotExhaustionRule().check(analysis)
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("slot exhaustion on queue “q” (width 2)") == true)
    }
}
