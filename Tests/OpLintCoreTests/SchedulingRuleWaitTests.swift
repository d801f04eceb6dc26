import Testing
@testable import OpLintCore

private typealias F = SchedulingFixture

/// OPL201 wait-deadlock and OPL203 main-thread-wait.
@Suite struct SchedulingRuleWaitTests {
    private func waits(_ targets: String...) -> (inout OperationGraph.Operation) -> Void {
        { $0.waitsFor = targets.map { OperationGraph.Reference($0) } }
    }

    @Test(arguments: [(1, false, true), (-1, true, true), (-1, false, false), (2, false, false), (0, false, true)])
    func laterOperationOfTheSameQueue(width: Int, main: Bool, fires: Bool) {
        // Width 0 is not serial for this rule: nothing ever starts there (OPL204).
        let expected = fires && width != 0
        let graph = F.graph(
            [F.queue("q", width: width) { $0.isMain = main }],
            [F.op("render", on: "q", waits("decode")), F.op("decode", on: "q")])
        let findings = F.lint(WaitDeadlockRule.self, graph)
        #expect(findings.count == (expected ? 1 : 0))
        if expected {
            #expect(findings[0].location == F.opAt(0))
            #expect(findings[0].message.contains("which the queue starts after it"))
            #expect(findings[0].operations == ["render", "decode"])
            #expect(findings[0].queues == ["q"])
        }
    }

    @Test func earlierOperationOfTheSameSerialQueueIsFine() {
        let graph = F.graph([F.queue("q", width: 1)], [F.op("decode", on: "q"), F.op("render", on: "q", waits("decode"))])
        #expect(F.lint(WaitDeadlockRule.self, graph).isEmpty)
    }

    @Test func waitForItself() {
        let graph = F.graph([F.queue("q")], [F.op("a", on: "q", waits("a"))])
        let findings = F.lint(WaitDeadlockRule.self, graph)
        #expect(findings.map(\.message) == ["“a” waits for itself: waitUntilFinished() on the running operation never returns"])
    }

    @Test func waitForAnOperationThatDependsOnTheWaiter() {
        let graph = F.graph(
            [F.queue("ui"), F.queue("io")],
            [F.op("show", on: "ui", waits("store")), F.op("parse", on: "io", after: ["show"]), F.op("store", on: "io", after: ["parse"])])
        let findings = F.lint(WaitDeadlockRule.self, graph)
        #expect(findings.count == 1)
        #expect(findings.first?.message == "“show” waits for “store”, which cannot finish before “show” does: “store” depends on “parse”, “parse” depends on “show”")
        // The wait, both dependency edges and the target's creation.
        #expect(findings.first?.related.count == 4)
    }

    @Test func cycleOfWaitsAcrossQueues() {
        let graph = F.graph(
            [F.queue("a"), F.queue("b")],
            [F.op("x", on: "a", waits("y")), F.op("y", on: "b", waits("x"))])
        let findings = F.lint(WaitDeadlockRule.self, graph)
        #expect(findings.map(\.location) == [F.opAt(0), F.opAt(1)])
    }

    @Test func targetBlockedByALaterOperationOfTheWaitersSerialQueue() {
        let graph = F.graph(
            [F.queue("serial", width: 1), F.queue("io")],
            [F.op("first", on: "serial", waits("fetch")), F.op("fetch", on: "io", after: ["second"]), F.op("second", on: "serial")])
        let findings = F.lint(WaitDeadlockRule.self, graph)
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("which cannot finish before “second”, which the queue starts after “first”") == true)
    }

    @Test func unknownNamesAndNeverStartedWaitersAreIgnored() {
        let graph = F.graph(
            [F.queue("q", width: 1)],
            [F.op("a", on: "q", waits("missing")), F.op("idle") { $0.waitsFor = ["b"]; $0.start = .never }, F.op("b", on: "q")])
        #expect(F.lint(WaitDeadlockRule.self, graph).isEmpty)
    }

    @Test func cancellingThePendingTargetReleasesTheWait() {
        let queues = [F.queue("ui"), F.queue("io")]
        let operations = [F.op("show", on: "ui", waits("store")), F.op("store", on: "io", after: ["show"])]
        #expect(F.lint(WaitDeadlockRule.self, F.graph(queues, operations, events: [.init(at: 1, .cancel(operation: "store"))])).isEmpty)
        #expect(F.lint(WaitDeadlockRule.self, F.graph(queues, operations, events: [.init(at: 1, .cancelAll(queue: "io"))])).isEmpty)
        #expect(F.lint(WaitDeadlockRule.self, F.graph(queues, operations)).count == 1)
    }

    @Test func cancellingDoesNotFreeTheSerialSlot() {
        let graph = F.graph(
            [F.queue("main") { $0.isMain = true }],
            [F.op("render", on: "main", waits("decode")), F.op("decode", on: "main")],
            events: [.init(at: 1, .cancel(operation: "decode"))])
        #expect(F.lint(WaitDeadlockRule.self, graph).count == 1)
    }

    @Test func waitForOwnQueue() {
        let graph = F.graph([F.queue("q")], [F.op("a", on: "q") { $0.waitsForQueues = ["q"] }])
        let findings = F.lint(WaitDeadlockRule.self, graph)
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("waits for all operations of its own queue") == true)
    }

    @Test func waitForQueueHoldingADependent() {
        let graph = F.graph(
            [F.queue("a"), F.queue("b")],
            [F.op("w", on: "a") { $0.waitsForQueues = ["b"] }, F.op("x", on: "a", after: ["w"]), F.op("y", on: "b", after: ["x"])])
        let findings = F.lint(WaitDeadlockRule.self, graph)
        #expect(findings.map(\.message) == ["“w” waits for all operations of queue “b”, but “y” on it cannot finish before “w” does: “y” depends on “x”, “x” depends on “w”"])
        #expect(findings.first?.operations == ["w", "y", "x"])
    }

    @Test func waitForAnotherQueueIsFine() {
        let graph = F.graph([F.queue("a"), F.queue("b")], [F.op("w", on: "a") { $0.waitsForQueues = ["b"] }, F.op("y", on: "b")])
        #expect(F.lint(WaitDeadlockRule.self, graph).isEmpty)
    }

    @Test func longChainIsSearchedIteratively() {
        let n = 100_000
        var operations = [F.op("w", on: "a", waits("op\(n - 1)"))]
        operations.append(F.op("op0", on: "b", after: ["w"]))
        for i in 1..<n { operations.append(F.op("op\(i)", on: "b", after: ["op\(i - 1)"])) }
        let findings = F.lint(WaitDeadlockRule.self, F.graph([F.queue("a"), F.queue("b")], operations))
        #expect(findings.count == 1)
        // The wait, the first and last links of the chain, and where the target is created.
        #expect(findings.first?.related.count == SchedulingLint.relatedShown + 2)
        #expect(findings.first?.message.contains("more links") == true)
    }

    /// Seeded random graphs with waits against a direct reading of the rule's *must* claims: a wait
    /// deadlocks in every schedule when the target is (or cannot finish before) the waiter, or an
    /// operation that the waiter's serial queue starts after it — the waiter has no dependencies
    /// and is added first (all priorities here are equal); "cannot finish before" is searched
    /// without a bound.
    @Test(arguments: 0..<300)
    func agreesWithReferenceOnRandomGraphs(seed: Int) {
        var random = SchedulingRandom(seed: UInt64(seed) &+ 1_000)
        let queues = [F.queue("serial", width: 1), F.queue("main") { $0.isMain = true }, F.queue("wide")]
        let n = 2 + random.below(10)
        var operations: [OperationGraph.Operation] = []
        for i in 0..<n {
            var op = F.op("op\(i)", on: queues[random.below(3)].name)
            if random.below(6) == 0 { op.queue = nil; op.start = random.below(2) == 0 ? .manual : .never }
            for j in 0..<n where j != i && random.below(5) == 0 { op.dependencies.append(.init("op\(j)")) }
            for j in 0..<n where random.below(7) == 0 { op.waitsFor.append(.init("op\(j)")) }
            operations.append(op)
        }
        let graph = F.graph(queues, operations)
        let found = Set(F.lint(WaitDeadlockRule.self, graph).filter { $0.severity == .error }.map { "\($0.operations[0])→\($0.operations.count > 1 ? $0.operations[1] : $0.operations[0])" })
        #expect(found == Self.referenceDeadlocks(graph), "seed \(seed)")
    }

    static func referenceDeadlocks(_ graph: OperationGraph) -> Set<String> {
        let ops = graph.operations
        let byName = Dictionary(ops.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        // a → b: a cannot finish before b (a depends on b, or waits for it).
        let edges = ops.map { op in (op.dependencies + op.waitsFor).compactMap { byName[$0.name] } }
        func serialQueue(_ i: Int) -> String? {
            guard ops[i].start == .queue, let q = ops[i].queue, q == "serial" || q == "main" else { return nil }
            return q
        }
        var result = Set<String>()
        for w in ops.indices where ops[w].start != .never {
            for wait in ops[w].waitsFor {
                guard let t = byName[wait.name] else { continue }
                let blocks = { (x: Int) -> Bool in
                    x == w || (serialQueue(w) != nil && ops[w].dependencies.isEmpty && x > w && ops[x].start == .queue && ops[x].queue == serialQueue(w))
                }
                var deadlock = t == w || blocks(t)
                var seen: Set<Int> = [t]
                var stack = edges[t]
                while !deadlock, let x = stack.popLast() {
                    guard seen.insert(x).inserted else { continue }
                    if blocks(x) { deadlock = true }
                    stack += edges[x]
                }
                if deadlock { result.insert("\(ops[w].name)→\(ops[t].name)") }
            }
        }
        return result
    }

    // MARK: OPL203

    @Test func mainQueueWaits() {
        let graph = F.graph(
            [F.queue("main") { $0.isMain = true }, F.queue("io")],
            [F.op("load", on: "io"), F.op("show", on: "main") { $0.waitsFor = ["load"]; $0.waitsForQueues = ["io"] }])
        let findings = F.lint(MainThreadWaitRule.self, graph)
        // Same location: report order sorts by message.
        #expect(findings.map(\.message) == [
            "“show” on main queue “main” waits for all operations of queue “io”: the main thread is blocked until it finishes",
            "“show” on main queue “main” waits for “load”: the main thread is blocked until it finishes",
        ])
        #expect(findings.allSatisfy { $0.location == F.opAt(1) && $0.severity == .warning })
    }

    @Test func serialQueueThatIsNotMainDoesNotCount() {
        let graph = F.graph([F.queue("q", width: 1), F.queue("io")], [F.op("load", on: "io"), F.op("show", on: "q", waits("load"))])
        #expect(F.lint(MainThreadWaitRule.self, graph).isEmpty)
    }

    @Test func waitsFoundInMainThreadCodeAreReportedWhereTheyAreMade() {
        var graph = F.graph([F.queue("io")], [F.op("load", on: "io")])
        let site = OpLintCore.SourceLocation(file: "Screen.swift", line: 12, column: 9)
        graph.sourceFacts.mainThreadWaits = [
            .init(operation: "load", queue: nil, reason: "@MainActor", location: site),
            .init(operation: nil, queue: "io", reason: "viewDidLoad runs on the main thread", location: site),
        ]
        let findings = F.lint(MainThreadWaitRule.self, graph)
        #expect(findings.map(\.message) == [
            "code on the main thread (@MainActor) waits for “load”: the main thread is blocked until it finishes",
            "code on the main thread (viewDidLoad runs on the main thread) waits for all operations of queue “io”: the main thread is blocked until it finishes",
        ])
        #expect(findings.allSatisfy { $0.location == site })
        #expect(findings.map(\.queues) == [[], ["io"]])
    }

    @Test func manualStartOrUnknownTargetOnMainIsNotReported() {
        let graph = F.graph(
            [F.queue("main") { $0.isMain = true }],
            [F.op("a", on: "main", waits("nothing")), F.op("b", on: "main") { $0.waitsFor = ["a"]; $0.start = .manual }])
        #expect(F.lint(MainThreadWaitRule.self, graph).isEmpty)
    }
}
