import Testing
@testable import OpLintCore

private typealias F = SchedulingFixture

/// The work the deadlock rules do on adversarial shapes, counted in visited operations (never
/// timed): linear in the graph, or bounded by a documented budget.
@Suite struct SchedulingRuleWorkTests {
    /// Issue shape: a chain of waits alternating between a serial and a width-2 queue. Every
    /// waiter of the serial queue deadlocks in every schedule, each found in a step or two.
    @Test func alternatingWaitChainIsLinear() {
        let n = 100_000
        let operations = (0..<n).map { i in
            F.op("o\(i)", on: i % 2 == 0 ? "one" : "two") { if i + 1 < n { $0.waitsFor = [.init("o\(i + 1)")] } }
        }
        let analysis = GraphAnalysis(F.graph([F.queue("one", width: 1), F.queue("two", width: 2)], operations))
        var judge = WaitDeadlockRule.Judge(WaitDeadlockRule(), analysis)
        var errors = 0
        for w in analysis.index.operationWaits.indices {
            if case .deadlock = judge.judge(wait: w) { errors += 1 }
        }
        // The last waiter of the serial queue waits for the last operation, which waits for nothing.
        #expect(errors == n / 2 - 1)
        #expect(judge.unjudged == 0)
        #expect(judge.work <= 4 * n, "visited \(judge.work) nodes for \(n) operations" as Comment)
    }

    /// One cycle of waits through every operation: each wait is proven by the shared strongly
    /// connected components; the chains spelled out in messages share a fixed budget.
    @Test func waitCycleThroughEverythingIsBounded() {
        let n = 100_000
        let operations = (0..<n).map { i in F.op("o\(i)", on: "q") { $0.waitsFor = [.init("o\((i + 1) % n)")] } }
        let analysis = GraphAnalysis(F.graph([F.queue("q")], operations))
        var judge = WaitDeadlockRule.Judge(WaitDeadlockRule(), analysis)
        var errors = 0
        for w in analysis.index.operationWaits.indices {
            if case .deadlock = judge.judge(wait: w) { errors += 1 }
        }
        #expect(errors == n)
        #expect(judge.work <= WaitDeadlockRule.searchBudget + n)
    }

    /// A hundred thousand serial waiters of one big target whose chain never reaches their
    /// queue: every search is cut by the budget, and what was left unjudged is counted.
    @Test func starOfSerialWaitersStopsAtTheBudget() {
        let chain = 2_000
        var operations = (0..<chain).map { i in F.op("c\(i)", on: "q", after: i == 0 ? [] : ["c\(i - 1)"]) }
        operations += (0..<50_000).map { i in F.op("w\(i)", on: "one") { $0.waitsFor = [.init("c\(chain - 1)")] } }
        let analysis = GraphAnalysis(F.graph([F.queue("one", width: 1), F.queue("q")], operations))
        var judge = WaitDeadlockRule.Judge(WaitDeadlockRule(), analysis)
        for w in analysis.index.operationWaits.indices { _ = judge.judge(wait: w) }
        #expect(judge.work <= WaitDeadlockRule.searchBudget + 256)
        #expect(judge.unjudged > 0)
    }
}
