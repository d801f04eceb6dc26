import Testing
@testable import OpLintCore

private typealias F = SchedulingFixture

/// OPL204 zero-width-queue, OPL205 suspended-forever, OPL206 never-finishes.
@Suite struct SchedulingRuleQueueTests {
    // MARK: OPL204

    @Test func zeroWidthWithOperations() {
        let graph = F.graph(
            [F.queue("ok"), F.queue("zero", width: 0)],
            [F.op("a", on: "zero"), F.op("b", on: "zero"), F.op("c", on: "ok"), F.op("d", on: "zero") { $0.start = .manual }])
        let findings = F.lint(ZeroWidthQueueRule.self, graph)
        #expect(findings.map(\.message) == ["queue “zero” has maxConcurrentOperationCount 0: its 2 operations (“a” and “b”) never start"])
        #expect(findings.first?.location == F.queueAt(1))
        #expect(findings.first?.operations == ["a", "b"])
    }

    @Test func zeroWidthEmptyOrMainIsNotReported() {
        let graph = F.graph(
            [F.queue("empty", width: 0), F.queue("main", width: 0) { $0.isMain = true }, F.queue("default", width: -1)],
            [F.op("m", on: "main"), F.op("x", on: "default")])
        #expect(F.lint(ZeroWidthQueueRule.self, graph).isEmpty)
    }

    @Test func cancelledOperationsStillNeedASlot() {
        let graph = F.graph([F.queue("zero", width: 0)], [F.op("a", on: "zero")], events: [.init(at: 0, .cancelAll(queue: "zero"))])
        #expect(F.lint(ZeroWidthQueueRule.self, graph).count == 1)
    }

    @Test(arguments: [-2, -8, Int.min])
    func widthBelowMinusOneIsReportedEvenWhenEmpty(width: Int) {
        let findings = F.lint(ZeroWidthQueueRule.self, F.graph([F.queue("bad", width: width)], []))
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("queue “bad” has maxConcurrentOperationCount \(width):") == true)
        #expect(findings.first?.location == F.queueAt(0))
    }

    // MARK: OPL205

    @Test func suspendedFromTheStart() {
        let graph = F.graph([F.queue("q") { $0.isSuspended = true }], [F.op("a", on: "q"), F.op("b", on: "q")])
        let findings = F.lint(SuspendedForeverRule.self, graph)
        #expect(findings.map(\.message) == ["queue “q” is suspended from the start and never resumed: its 2 operations (“a” and “b”) never start"])
        #expect(findings.first?.location == F.queueAt(0))
    }

    @Test func resumedLaterIsFine() {
        let graph = F.graph(
            [F.queue("q") { $0.isSuspended = true }], [F.op("a", on: "q")],
            events: [.init(at: 5, .resume(queue: "q"))])
        #expect(F.lint(SuspendedForeverRule.self, graph).isEmpty)
    }

    @Test func eventsCountInTimeOrderNotWrittenOrder() {
        // Resume at 1 is written after suspend at 3: the queue ends suspended.
        let graph = F.graph(
            [F.queue("q")], [F.op("late", on: "q") { $0.addedAt = 4 }, F.op("early", on: "q")],
            events: [.init(at: 3, .suspend(queue: "q")), .init(at: 1, .resume(queue: "q"))])
        let findings = F.lint(SuspendedForeverRule.self, graph)
        #expect(findings.map(\.message) == ["queue “q” is suspended at 3 s and never resumed: 1 operation added from then on (“late”) never starts"])
        #expect(findings.first?.location == F.eventAt(0))
    }

    @Test func sameTimeEventsKeepWrittenOrder() {
        let ops = [F.op("a", on: "q")]
        let suspendThenResume = F.graph([F.queue("q")], ops, events: [.init(at: 2, .suspend(queue: "q")), .init(at: 2, .resume(queue: "q"))])
        let resumeThenSuspend = F.graph([F.queue("q")], ops, events: [.init(at: 2, .resume(queue: "q")), .init(at: 2, .suspend(queue: "q"))])
        #expect(F.lint(SuspendedForeverRule.self, suspendThenResume).isEmpty)
        #expect(F.lint(SuspendedForeverRule.self, resumeThenSuspend).count == 1)
    }

    @Test func operationsAddedBeforeTheSuspension() {
        let graph = F.graph([F.queue("q")], [F.op("a", on: "q")], events: [.init(at: 2, .suspend(queue: "q"))])
        #expect(F.lint(SuspendedForeverRule.self, graph).first?.message
            == "queue “q” is suspended at 2 s and never resumed: its operations that have not started by then (“a”) never start")
    }

    @Test func repeatedSuspendPointsAtTheFirstThatIsNeverUndone() {
        let graph = F.graph(
            [F.queue("q")], [F.op("a", on: "q") { $0.addedAt = 9 }],
            events: [.init(at: 1, .suspend(queue: "q")), .init(at: 2, .resume(queue: "q")), .init(at: 3, .suspend(queue: "q")), .init(at: 4, .suspend(queue: "q"))])
        #expect(F.lint(SuspendedForeverRule.self, graph).map(\.location) == [F.eventAt(2)])
    }

    @Test func emptyQueueUnknownQueueAndCancelledOperations() {
        let empty = F.graph([F.queue("q") { $0.isSuspended = true }], [F.op("x")], events: [.init(at: 1, .suspend(queue: "nowhere"))])
        #expect(F.lint(SuspendedForeverRule.self, empty).isEmpty)
        // A cancelled operation in a suspended queue does not finish (S6): still reported.
        let cancelled = F.graph([F.queue("q") { $0.isSuspended = true }], [F.op("a", on: "q")], events: [.init(at: 1, .cancel(operation: "a"))])
        #expect(F.lint(SuspendedForeverRule.self, cancelled).count == 1)
    }

    // MARK: OPL206

    @Test func strandsDependentsTransitivelyAndHoldsTheSerialSlot() {
        let graph = F.graph(
            [F.queue("net", width: 1), F.queue("ui")],
            [F.op("upload", on: "net") { $0.isAsynchronous = true; $0.finishes = false },
             F.op("later", on: "net"),
             F.op("notify", on: "ui", after: ["upload"]),
             F.op("show", on: "ui", after: ["notify"]),
             F.op("waiter", on: "ui") { $0.waitsFor = ["show"] }])
        let findings = F.lint(NeverFinishesRule.self, graph)
        #expect(findings.map(\.message) == [
            "asynchronous “upload” never marks itself finished: it strands 3 dependents (“notify”, “show” and “waiter”), and it holds the only slot of serial queue “net” forever, so its 1 later operation never starts",
        ])
        #expect(findings.first?.location == F.opAt(0))
    }

    @Test func widthTwoStallsWithTwo() {
        let stuck: (inout OperationGraph.Operation) -> Void = { $0.isAsynchronous = true; $0.finishes = false }
        let one = F.graph([F.queue("io", width: 2)], [F.op("a", on: "io", stuck), F.op("c", on: "io")])
        #expect(F.lint(NeverFinishesRule.self, one).first?.message.hasSuffix("it holds one of the 2 slots of queue “io” (width 2) forever") == true)
        let two = F.graph([F.queue("io", width: 2)], [F.op("a", on: "io", stuck), F.op("b", on: "io", stuck), F.op("c", on: "io")])
        let findings = F.lint(NeverFinishesRule.self, two)
        #expect(findings.count == 2)
        #expect(findings.first?.message.hasSuffix("with “b” it holds all 2 slots of queue “io” (width 2) forever: its 1 other operation never starts") == true)
    }

    @Test func cancellationThatIsCheckedMakesItFinish() {
        let ops = { (checks: Bool) in [F.op("a", on: "q") { $0.finishes = false; $0.checksCancellation = checks }] }
        let events: [OperationGraph.Event] = [.init(at: 1, .cancel(operation: "a"))]
        #expect(F.lint(NeverFinishesRule.self, F.graph([F.queue("q")], ops(true), events: events)).isEmpty)
        #expect(F.lint(NeverFinishesRule.self, F.graph([F.queue("q")], ops(false), events: events)).count == 1)
        #expect(F.lint(NeverFinishesRule.self, F.graph([F.queue("q")], ops(true))).count == 1)
    }

    @Test func neverStartedIsLeftToOtherRulesAndManualStartBlocksItsCaller() {
        let graph = F.graph([], [
            F.op("idle") { $0.finishes = false },
            F.op("byHand") { $0.finishes = false; $0.start = .manual },
        ])
        let findings = F.lint(NeverFinishesRule.self, graph)
        #expect(findings.map(\.message) == ["“byHand” never marks itself finished: the thread that calls its start() is never released"])
    }
}
