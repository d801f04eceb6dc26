import Testing
@testable import OpLintCore

@Suite struct StructuralRuleTests {
    typealias Op = OperationGraph.Operation

    func op(_ name: String, queue: String? = "q", deps: [String] = []) -> Op {
        Op(name: name, queue: queue, dependencies: deps.map { .init($0) })
    }

    func lint(_ operations: [Op], queues: [OperationGraph.Queue] = [.init(name: "q")], rule: any Rule.Type) -> [Finding] {
        rule.init().check(GraphAnalysis(OperationGraph(queues: queues, operations: operations)))
    }

    @Test func oneCycleUpstreamOfManyOperationsIsOneFinding() {
        var operations = [op("a", deps: ["b"]), op("b", deps: ["a"])]
        for i in 0..<10_000 { operations.append(op("w\(i)", deps: [i == 0 ? "a" : "w\(i - 1)"])) }
        let cycles = lint(operations, rule: DependencyCycleRule.self)
        #expect(cycles.count == 1)
        #expect(cycles[0].message == "dependency cycle: a → b → a")
        #expect(cycles[0].notes.first?.contains("10000 more wait behind them") == true)
        let unreachable = lint(operations, rule: UnreachableOperationRule.self)
        #expect(unreachable.count == 1)
        #expect(unreachable[0].operations.count == 10_000)
        #expect(unreachable[0].message.hasPrefix("10000 operations can never start because of the dependency cycle a → b → a: w0, w1"))
        // The chain from the farthest operation is shortened in the middle.
        #expect(unreachable[0].related.count == UnreachableOperationRule.chainLimit + 1)
        #expect(unreachable[0].related.last?.message.contains("is on the dependency cycle") == true)
    }

    @Test func largerComponentReportsItsSizeAndBreaksEveryCycle() {
        // a ⇄ b and b ⇄ c: one component of three, shortest cycle of two, two edges to remove.
        let operations = [op("a", deps: ["b"]), op("b", deps: ["a", "c"]), op("c", deps: ["b"])]
        let findings = lint(operations, rule: DependencyCycleRule.self)
        #expect(findings.count == 1)
        #expect(findings[0].message.contains("among 3 operations"))
        #expect(findings[0].fix?.removeEdges.count == 2)
        #expect(Set(findings[0].operations) == ["a", "b", "c"])
    }

    @Test func exclusivityEdgesCloseCyclesAndAreShownAsSuch() {
        var first = op("first", deps: ["second"])
        first.exclusive = ["Alert"]
        var second = op("second")
        second.exclusive = ["Alert"]
        let findings = lint([first, second], rule: DependencyCycleRule.self)
        #expect(findings.count == 1)
        #expect(findings[0].related.contains { $0.message.contains("implicit: exclusivity category Alert") })
    }

    @Test func neverStartedIsAnErrorOnlyWhenSomethingWaitsForIt() {
        let alone = lint([op("orphan", queue: nil)], rule: NeverStartedRule.self)
        #expect(alone.map(\.severity) == [.warning])
        let needed = lint([op("orphan", queue: nil), op("user", deps: ["orphan"])], rule: NeverStartedRule.self)
        #expect(needed.map(\.severity) == [.error])
        #expect(needed[0].message.contains("1 operation waits for it: user"))
        var waiter = op("waiter")
        waiter.waitsFor = ["orphan"]
        let waited = lint([op("orphan", queue: nil), waiter], rule: NeverStartedRule.self)
        #expect(waited.map(\.severity) == [.error])
        var manual = op("manual", queue: nil)
        manual.start = .manual
        #expect(lint([manual], rule: NeverStartedRule.self).isEmpty)
    }

    @Test func neverStartedNamesEachOperationOnceInDeclarationOrder() {
        // "b" depends on the orphan twice and waits for it; "a" waits for it; the orphan depends on itself.
        var b = op("b", deps: ["orphan", "orphan"])
        b.waitsFor = ["orphan"]
        var a = op("a")
        a.waitsFor = ["orphan", "orphan"]
        let findings = lint([op("orphan", queue: nil, deps: ["orphan"]), b, a], rule: NeverStartedRule.self)
        #expect(findings.count == 1)
        #expect(findings[0].operations == ["orphan", "b", "a"])
        #expect(findings[0].message.contains("2 operations wait for it: orphan, b"))
        // With a name declared twice, the list still holds each name once.
        let twice = lint([op("orphan", queue: nil), op("b", deps: ["orphan"]), op("b", deps: ["orphan"])], rule: NeverStartedRule.self)
        #expect(twice.first?.operations == ["orphan", "b"])
        #expect(twice.first?.message.contains("2 operations wait for it: b, b") == true)
    }

    @Test func unknownNamesSuggestTheNearestAndTheRestIsStillAnalysed() {
        var waiter = op("thumb", deps: ["downlaod", "a"])
        waiter.waitsFor = ["nothing-like-it"]
        let operations = [op("download"), waiter, op("a", deps: ["thumb"])]
        let unknown = lint(operations, rule: UnknownDependencyRule.self)
        #expect(unknown.map(\.message) == [
            "thumb depends on downlaod, which is not an operation of the graph (did you mean download?)",
            "thumb waits for nothing-like-it, which is not an operation of the graph",
        ])
        #expect(lint(operations, rule: DependencyCycleRule.self).count == 1)
    }

    @Test func unknownQueuesIncludingWaitedQueues() {
        var waiter = op("w", queue: "io")
        waiter.waitsForQueues = ["netwrk"]
        let findings = lint([waiter], queues: [.init(name: "network")], rule: UnknownQueueRule.self)
        #expect(findings.map(\.message) == [
            "w is added to queue io, which is not declared",
            "w waits for queue netwrk, which is not declared (did you mean network?)",
        ])
        let blocked = lint([waiter, op("after", queue: "network", deps: ["w"])], queues: [.init(name: "network")], rule: UnreachableOperationRule.self)
        #expect(blocked.count == 1)
        #expect(blocked[0].message.contains("whose queue io is not declared"))
    }

    @Test func duplicatesOfOperationsAndQueues() {
        let findings = lint([op("x"), op("x")], queues: [.init(name: "q"), .init(name: "q")], rule: DuplicateNameRule.self)
        #expect(findings.count == 2)
        #expect(findings.map(\.operations) == [["x"], []])
        #expect(findings.map(\.queues) == [[], ["q"]])
    }

    @Test func zeroWidthAndSuspendedQueuesAreRootCauses() {
        let queues: [OperationGraph.Queue] = [
            .init(name: "zero", maxConcurrentOperationCount: 0),
            .init(name: "paused", isSuspended: true),
            .init(name: "q"),
        ]
        let operations = [op("z", queue: "zero"), op("p", queue: "paused"), op("after", deps: ["z", "p"])]
        let findings = lint(operations, queues: queues, rule: UnreachableOperationRule.self)
        #expect(findings.count == 2)
        #expect(findings.map(\.operations) == [["z", "after"], ["p", "after"]])
        // A resume event lifts the suspension.
        var graph = OperationGraph(queues: queues, operations: operations)
        graph.events = [.init(at: 1, .resume(queue: "paused"))]
        #expect(UnreachableOperationRule().check(GraphAnalysis(graph)).count == 1)
    }

    @Test func redundantDependencyIsSkippedAboveTheLimitWithANote() {
        let operations = [op("a"), op("b", deps: ["a"]), op("c", deps: ["a", "b"])]
        let graph = OperationGraph(queues: [.init(name: "q")], operations: operations)
        let normal = RedundantDependencyRule().check(GraphAnalysis(graph))
        #expect(normal.map(\.message) == ["c's dependency on a is redundant: it already waits for a through b"])
        let limited = RedundantDependencyRule().check(GraphAnalysis(graph, options: AnalysisOptions(redundantDependencyLimit: 2)))
        #expect(limited.count == 1)
        #expect(limited[0].message.hasPrefix("redundant-dependency check skipped: 3 operations exceed the limit of 2"))
    }

    @Test func selfDependencyIsNotACycleFinding() {
        let operations = [op("a", deps: ["a"]), op("b", deps: ["a"])]
        #expect(lint(operations, rule: DependencyCycleRule.self).isEmpty)
        #expect(lint(operations, rule: SelfDependencyRule.self).map(\.message) == ["a depends on itself, so it can never become ready"])
        let blocked = lint(operations, rule: UnreachableOperationRule.self)
        #expect(blocked.map(\.operations) == [["b"]])
    }

    @Test func fingerprintsIgnoreLocationsButNotNames() {
        let a = Finding(rule: DependencyCycleRule.description.id, severity: .error, message: "dependency cycle: a → b → a",
                        location: SourceLocation(file: "x.json", line: 3, column: 1), operations: ["a", "b"])
        var moved = a
        moved.location.line = 90
        var other = a
        other.operations = ["a", "c"]
        #expect(a.fingerprint == moved.fingerprint)
        #expect(a.fingerprint != other.fingerprint)
        #expect(a.fingerprint.count == 32)
    }
}
