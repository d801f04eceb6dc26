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

    /// Added before the suspension, `a` starts at once in every schedule: only a note.
    /// Behind a slow dependency, `b` starts after the suspension in some schedules: a warning
    /// that names the schedule.
    @Test func operationsAddedBeforeTheSuspension() throws {
        let graph = F.graph([F.queue("q")], [F.op("a", on: "q")], events: [.init(at: 2, .suspend(queue: "q"))])
        let finding = try #require(F.lint(SuspendedForeverRule.self, graph).first)
        #expect(finding.severity == .note)
        #expect(finding.message == "queue “q” is suspended at 2 s and never resumed; in every simulated schedule its operations (“a”) start before that")
        let late = F.graph([F.queue("q"), F.queue("io")], [F.op("slow", on: "io") { $0.duration = 2 }, F.op("b", on: "q", after: ["slow"])],
                           events: [.init(at: 2, .suspend(queue: "q"))])
        let warning = try #require(F.lint(SuspendedForeverRule.self, late).first)
        #expect(warning.severity == .warning)
        #expect(warning.operations == ["b"])
        #expect(warning.message.hasPrefix("queue “q” is suspended at 2 s and never resumed: some of its operations never start: "))
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
            "asynchronous “upload” never marks itself finished: it strands 3 dependents (“notify”, “show” and “waiter”), and it holds the only slot of serial queue “net” forever: no other operation of the queue starts after it",
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
        #expect(findings.first?.message.hasSuffix("with “b” it holds all 2 slots of queue “io” (width 2) forever: no other operation of the queue starts once they all run") == true)
    }

    /// Copies hold slots: ten copies of one operation that never finishes (`count` 10, the
    /// concurrency guide's example) on a queue of width 2 take both slots, and eight never start.
    @Test func copiesOfOneOperationTakeEverySlot() {
        let stuck: (inout OperationGraph.Operation) -> Void = { $0.finishes = false; $0.count = 10 }
        let ten = F.graph([F.queue("io", width: 2)], [F.op("fetch", on: "io", stuck), F.op("c", on: "io")])
        #expect(F.lint(NeverFinishesRule.self, ten).first?.message.hasSuffix(
            "2 of its 10 copies hold all 2 slots of queue “io” (width 2) forever and the other 8 never start: no other operation of the queue starts once they all run") == true)
        let two: (inout OperationGraph.Operation) -> Void = { $0.finishes = false; $0.count = 2 }
        let pair = F.graph([F.queue("io", width: 3)], [F.op("a", on: "io", two), F.op("b", on: "io", stuck)])
        #expect(F.lint(NeverFinishesRule.self, pair).first?.message.hasSuffix(
            "with “b” its 2 copies take all 3 slots of queue “io” (width 3) forever") == true)
        let below = F.graph([F.queue("io", width: 4)], [F.op("a", on: "io", two)])
        #expect(F.lint(NeverFinishesRule.self, below).first?.message.hasSuffix(
            "its 2 copies hold 2 of the 4 slots of queue “io” (width 4) forever") == true)
    }

    /// A cancel releases an operation that never finishes only if it comes before it starts
    /// (S6): then it finishes without running. Once it runs, cancelling does not make it mark
    /// itself finished, whether or not it checks for cancellation.
    @Test func cancellationReleasesItOnlyBeforeItStarts() throws {
        let ops = { (checks: Bool) in [F.op("a", on: "q") { $0.finishes = false; $0.checksCancellation = checks }] }
        let events: [OperationGraph.Event] = [.init(at: 1, .cancel(operation: "a"))]
        for checks in [true, false] {
            let finding = try #require(F.lint(NeverFinishesRule.self, F.graph([F.queue("q")], ops(checks), events: events)).first)
            #expect(finding.severity == .warning)
            #expect(finding.message.hasPrefix("“a” never marks itself finished, and the cancel at 1 s comes after it started: "))
        }
        #expect(F.lint(NeverFinishesRule.self, F.graph([F.queue("q")], ops(true))).map(\.severity) == [.error])
        // Behind a dependency that takes 3 s (1.5 s at the fastest lint simulates), the cancel at
        // 1 s always comes first: a note.
        let behind = F.graph([F.queue("q"), F.queue("io")], [F.op("slow", on: "io") { $0.duration = 3 }, F.op("a", on: "q", after: ["slow"]) { $0.finishes = false }], events: events)
        #expect(F.lint(NeverFinishesRule.self, behind).map(\.severity) == [.note])
    }

    @Test func neverStartedIsLeftToOtherRulesAndManualStartReturns() {
        // start() of an operation that never marks itself finished returns: what is lost is its
        // completion, not the calling thread.
        let graph = F.graph([], [
            F.op("idle") { $0.finishes = false },
            F.op("byHand") { $0.finishes = false; $0.start = .manual },
        ])
        let findings = F.lint(NeverFinishesRule.self, graph)
        #expect(findings.map(\.message) == ["“byHand” never marks itself finished: nothing waits for it, but it never completes"])
    }

    @Test func severalThatNeverFinishOnOneSerialQueueShareItsSlot() {
        // Whichever starts first holds the only slot; the others never start.
        let graph = F.graph([F.queue("serial", width: 1)], [
            F.op("first", on: "serial") { $0.finishes = false },
            F.op("second", on: "serial") { $0.finishes = false },
            F.op("third", on: "serial") { $0.finishes = false },
        ])
        let messages = F.lint(NeverFinishesRule.self, graph).map(\.message)
        #expect(messages.first == "“first” never marks itself finished: with “second” and “third”, which never finish either, "
            + "whichever starts first holds the only slot of serial queue “serial” forever, and the others never start", "\(messages)")
        #expect(messages.count == 3)
    }
}
