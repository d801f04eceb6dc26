import Testing
@testable import OpLintCore

private typealias F = SchedulingFixture

/// OPL207 exclusivity-deadlock, OPL209 priority-inversion, OPL210 cross-queue-priority.
@Suite struct SchedulingRuleOrderTests {
    private func exclusive(_ categories: String...) -> (inout OperationGraph.Operation) -> Void {
        { $0.exclusive = categories }
    }

    // MARK: OPL207

    @Test func explicitEdgeAgainstTheCategoryOrder() {
        let graph = F.graph([F.queue("ui")], [
            F.op("welcome", on: "ui", after: ["rating"], exclusive("Alert")),
            F.op("other", on: "ui", exclusive("Other")),
            F.op("rating", on: "ui", exclusive("Alert")),
        ])
        let findings = F.lint(ExclusivityDeadlockRule.self, graph)
        #expect(findings.map(\.message) == [
            "“welcome” depends on “rating”, but exclusivity category “Alert” makes “rating” wait for “welcome”, added before it: neither ever starts",
        ])
        #expect(findings.first?.location == F.opAt(0))
        #expect(findings.first?.fix?.removeEdges == [Finding.Edge("welcome", "rating")])
    }

    @Test func pathThroughAnotherOperationAndALongerImplicitChain() {
        let graph = F.graph([F.queue("ui")], [
            F.op("a", on: "ui", after: ["x"], exclusive("C")),
            F.op("b", on: "ui", exclusive("C")),
            F.op("c", on: "ui", exclusive("C")),
            F.op("x", on: "ui", after: ["c"]),
        ])
        let findings = F.lint(ExclusivityDeadlockRule.self, graph)
        #expect(findings.map(\.message) == [
            "“a” cannot start before “c” (“a” depends on “x”, “x” depends on “c”), but exclusivity category “C” makes “c” wait for “a”, added before it (“c” comes after “b” in exclusivity category “C”, “b” comes after “a” in exclusivity category “C”): neither ever starts",
        ])
        #expect(findings.first?.fix == nil)
        #expect(findings.first?.related.count == 5)
    }

    @Test func dependencyInTheCategoryOrderOrAcrossCategoriesIsFine() {
        let graph = F.graph([F.queue("ui")], [
            F.op("a", on: "ui", exclusive("C")),
            F.op("b", on: "ui", after: ["a"], exclusive("C")),
            F.op("c", on: "ui", after: ["d"], exclusive("C")),
            F.op("d", on: "ui", exclusive("D")),
        ])
        #expect(F.lint(ExclusivityDeadlockRule.self, graph).isEmpty)
    }

    @Test func categoryListedTwiceDoesNotLoop() {
        let graph = F.graph([F.queue("ui")], [F.op("a", on: "ui", exclusive("C", "C")), F.op("b", on: "ui", exclusive("C"))])
        #expect(F.lint(ExclusivityDeadlockRule.self, graph).isEmpty)
    }

    @Test func longCategoryIsHandledIteratively() {
        let n = 60_000
        var operations = [F.op("op0", on: "q", after: ["op\(n - 1)"], exclusive("C"))]
        for i in 1..<n { operations.append(F.op("op\(i)", on: "q", exclusive("C"))) }
        let findings = F.lint(ExclusivityDeadlockRule.self, F.graph([F.queue("q")], operations))
        #expect(findings.count == 1)
        // The explicit edge, the first and last links of the implicit chain, where the later one is created.
        #expect(findings.first?.related.count == 1 + SchedulingLint.relatedShown + 1)
        #expect(findings.first?.message.contains("more links") == true)
    }

    // MARK: OPL209

    @Test func qualityOfServiceAcrossQueues() {
        let graph = F.graph(
            [F.queue("ui") { $0.qualityOfService = .userInitiated }, F.queue("bg") { $0.qualityOfService = .utility }],
            [F.op("thumb", on: "bg"), F.op("render", on: "ui", after: ["thumb"]), F.op("raised", on: "bg") { $0.qualityOfService = .userInteractive },
             F.op("fine", on: "ui", after: ["raised"])])
        let findings = F.lint(PriorityInversionRule.self, graph)
        #expect(findings.map(\.message) == [
            "“render” (effective QoS userInitiated) depends on “thumb” (effective QoS utility): the userInitiated work is held up by utility work",
        ])
        #expect(findings.first?.location == F.opAt(1))
        #expect(findings.first?.queues == ["ui", "bg"])
    }

    @Test func defaultOperationQoSOutranksUtility() {
        let graph = F.graph([], [F.op("low") { $0.qualityOfService = .utility }, F.op("plain", after: ["low"])])
        #expect(F.lint(PriorityInversionRule.self, graph).count == 1)
    }

    @Test func waitsAreCheckedAndPairsReportedOnce() {
        let graph = F.graph([], [
            F.op("low") { $0.qualityOfService = .background },
            F.op("high", after: ["low", "low"]) { $0.qualityOfService = .userInteractive; $0.waitsFor = ["low"] },
            F.op("waiter") { $0.qualityOfService = .userInitiated; $0.waitsFor = ["low"] },
        ])
        let findings = F.lint(PriorityInversionRule.self, graph)
        #expect(findings.count == 2)
        #expect(findings.last?.message.contains("“waiter” (effective QoS userInitiated) waits for “low”") == true)
    }

    @Test func priorityCountsOnlyInTheSameQueue() {
        let graph = F.graph([F.queue("db", width: 1), F.queue("other")], [
            F.op("log", on: "db") { $0.priority = .low },
            F.op("save", on: "db", after: ["log"]) { $0.priority = .veryHigh },
            F.op("elsewhere", on: "other", after: ["log"]) { $0.priority = .veryHigh },
            F.op("rounded", on: "db", after: ["log"]) { $0.priority = QueuePriority(rawValue: -3) },
            F.op("vacuum", on: "db"),
        ])
        let findings = F.lint(PriorityInversionRule.self, graph)
        #expect(findings.map(\.message) == [
            "“save” (priority veryHigh) depends on “log” (priority low) on the same queue “db”: the queue starts “log” after its other ready operations",
        ])
    }

    @Test func aLowPriorityWithNoUnorderedQueueMateHoldsNothingUp() {
        // Every other operation of the queue runs after “upload”: whenever it is ready it is
        // the only ready one, so its low priority delays nothing.
        var operations = [
            F.op("first", on: "q") { $0.priority = .low },
            F.op("upload", on: "q", after: ["first"]) { $0.priority = .low },
            F.op("done", on: "q", after: ["upload"]),
        ]
        let ordered = F.graph([F.queue("q", width: 1)], operations)
        #expect(F.lint(PriorityInversionRule.self, ordered).isEmpty)
        #expect(F.lint(CrossQueuePriorityRule.self, ordered).count == 2)
        // An operation that may be ready alongside “upload” is started first.
        operations.append(F.op("refresh", on: "q"))
        let findings = F.lint(PriorityInversionRule.self, F.graph([F.queue("q", width: 1)], operations))
        #expect(findings.map(\.message) == [
            "“done” (priority normal) depends on “upload” (priority low) on the same queue “q”: the queue starts “upload” after its other ready operations",
        ])
        // Waits are judged alike.
        let waiting = F.graph([F.queue("q", width: 1)], [
            F.op("slow", on: "q") { $0.priority = .veryLow },
            F.op("eager", on: "q", after: ["slow"]) { $0.waitsFor = ["slow"] },
        ])
        #expect(F.lint(PriorityInversionRule.self, waiting).isEmpty)
    }

    @Test func aQueueWithASlotForEveryOperationHoldsNothingUp() {
        // Four operations: every ready one starts at once on a queue of four slots or more,
        // the default width among them (S13), so no priority orders anything there.
        func graph(width: Int) -> OperationGraph {
            F.graph([F.queue("db", width: width)], [
                F.op("log", on: "db") { $0.priority = .veryLow },
                F.op("save", on: "db", after: ["log"]) { $0.priority = .veryHigh },
                F.op("vacuum", on: "db"),
                F.op("index", on: "db"),
            ])
        }
        #expect(F.lint(PriorityInversionRule.self, graph(width: -1)).isEmpty)
        #expect(F.lint(PriorityInversionRule.self, graph(width: 4)).isEmpty)
        #expect(F.lint(PriorityInversionRule.self, graph(width: 3)).map(\.message) == [
            "“save” (priority veryHigh) depends on “log” (priority veryLow) on the same queue “db”: the queue starts “log” after its other ready operations",
        ])
        // A default width set lower for the graph counts as the queue's width.
        var narrow = graph(width: -1)
        narrow.simulation.defaultWidth = 2
        #expect(F.lint(PriorityInversionRule.self, narrow).count == 1)
    }

    @Test func aRivalTheWaiterAlsoWaitsForHoldsNothingUp() {
        // On a serial queue “merge” starts after both “left” and “right”, whichever runs first.
        var operations = [
            F.op("left", on: "serial"),
            F.op("right", on: "serial"),
            F.op("merge", on: "serial", after: ["left", "right"]) { $0.priority = .veryHigh },
        ]
        #expect(F.lint(PriorityInversionRule.self, F.graph([F.queue("serial", width: 1)], operations)).isEmpty)
        // The same through a chain: “merge” waits for “prepare” before “right”.
        let chained = F.graph([F.queue("serial", width: 1)], [
            F.op("left", on: "serial"),
            F.op("prepare", on: "serial"),
            F.op("right", on: "serial", after: ["prepare"]),
            F.op("merge", on: "serial", after: ["left", "right"]) { $0.priority = .veryHigh },
        ])
        #expect(F.lint(PriorityInversionRule.self, chained).isEmpty)
        // An operation “merge” does not wait for may go first and delay it.
        operations.append(F.op("sweep", on: "serial"))
        #expect(F.lint(PriorityInversionRule.self, F.graph([F.queue("serial", width: 1)], operations)).map(\.message) == [
            "“merge” (priority veryHigh) depends on “left” (priority normal) on the same queue “serial”: the queue starts “left” after its other ready operations",
            "“merge” (priority veryHigh) depends on “right” (priority normal) on the same queue “serial”: the queue starts “right” after its other ready operations",
        ])
    }

    @Test func largeQueuesAreAssumedToHoldAnUnorderedMate() {
        let n = PriorityInversionRule.Rivals.queueMateLimit + 1
        var operations = [F.op("base", on: "q") { $0.priority = .low }]
        for i in 0..<n { operations.append(F.op("op\(i)", on: "q", after: ["base"])) }
        #expect(F.lint(PriorityInversionRule.self, F.graph([F.queue("q")], operations)).count == n)
        operations.removeLast()
        #expect(F.lint(PriorityInversionRule.self, F.graph([F.queue("q")], operations)).isEmpty)
    }

    @Test func workOnTheMainQueueIsNeverTheLowerSide() {
        let graph = F.graph([F.queue("main") { $0.isMain = true }, F.queue("ui") { $0.qualityOfService = .userInitiated },
                             F.queue("bg") { $0.qualityOfService = .utility }], [
            F.op("upload", on: "main") { $0.qualityOfService = .background },
            F.op("done", on: "main", after: ["upload"]),
            F.op("sync", on: "ui", after: ["upload"]),
            F.op("thumbnail", on: "bg"),
            F.op("show", on: "main", after: ["thumbnail"]),
        ])
        // “upload” asks for background but runs at the main queue's userInteractive; as the
        // waiting side the main queue keeps the QoS the graph gives it (default here).
        let findings = F.lint(PriorityInversionRule.self, graph)
        #expect(findings.map(\.message) == [
            "“show” (effective QoS default) depends on “thumbnail” (effective QoS utility): the default work is held up by utility work",
        ])
    }

    @Test func inversionsAreListedUpToALimitPerQueue() {
        let n = PriorityInversionRule.perQueueLimit + 50
        var operations = [F.op("base", on: "q") { $0.priority = .veryLow }]
        for i in 0..<n { operations.append(F.op("op\(i)", on: "q", after: ["base"]) { $0.priority = .high }) }
        operations.append(F.op("elsewhere", on: "r", after: ["base"]) { $0.qualityOfService = .userInitiated })
        let findings = F.lint(PriorityInversionRule.self, F.graph([F.queue("q"), F.queue("r")], operations))
        #expect(findings.count == PriorityInversionRule.perQueueLimit + 1)  // “elsewhere” counts for queue “r”.
        #expect(findings.flatMap(\.notes) == ["50 more inversions by operations of queue “q” are not listed"])
    }

    @Test func pairsOnADependencyCycleAreLeftToOPL101() {
        let graph = F.graph([F.queue("q")], [
            F.op("a", on: "q", after: ["b"]) { $0.priority = .veryHigh; $0.qualityOfService = .userInteractive },
            F.op("b", on: "q", after: ["a"]) { $0.priority = .veryLow },
        ])
        #expect(F.lint(PriorityInversionRule.self, graph).isEmpty)
        #expect(F.lint(CrossQueuePriorityRule.self, graph).isEmpty)
    }

    @Test func implicitExclusivityEdgesAreNotChecked() {
        let graph = F.graph([], [
            F.op("low") { $0.qualityOfService = .background; $0.exclusive = ["C"] },
            F.op("high") { $0.qualityOfService = .userInteractive; $0.exclusive = ["C"] },
        ])
        #expect(F.lint(PriorityInversionRule.self, graph).isEmpty)
    }

    // MARK: OPL210

    @Test func aloneOnNoQueueOrByHand() {
        let graph = F.graph([F.queue("q")], [
            F.op("alone", on: "q") { $0.priority = .high },
            F.op("loose") { $0.priority = .low },
            F.op("manual") { $0.priority = .veryLow; $0.start = .manual },
            F.op("plain"),
        ])
        let findings = F.lint(CrossQueuePriorityRule.self, graph)
        #expect(findings.map(\.message) == [
            "priority high of “alone” has no effect: it is alone on queue “q”; priority only orders ready operations of one queue",
            "priority low of “loose” has no effect: it is on no queue; priority only orders ready operations of one queue",
            "priority veryLow of “manual” has no effect: it is started by hand, not by a queue; priority only orders ready operations of one queue",
        ])
        #expect(findings.allSatisfy { $0.severity == .note })
    }

    @Test func queueMatesAlreadyOrderedByDependencies() {
        let graph = F.graph([F.queue("q"), F.queue("r")], [
            F.op("first", on: "q"),
            F.op("mid", on: "r", after: ["first"]),
            F.op("vip", on: "q", after: ["mid"]) { $0.priority = .veryHigh },
            F.op("after", on: "q", after: ["vip"]),
        ])
        let findings = F.lint(CrossQueuePriorityRule.self, graph)
        #expect(findings.map(\.message) == [
            "priority veryHigh of “vip” has no effect: every other operation of queue “q” (“first” and “after”) is ordered with it by dependencies; priority only orders ready operations of one queue",
        ])
        #expect(findings.first?.location == F.opAt(2))
    }

    @Test func anUnorderedMateMakesThePriorityMatter() {
        let graph = F.graph([F.queue("q")], [
            F.op("first", on: "q"),
            F.op("vip", on: "q", after: ["first"]) { $0.priority = .veryHigh },
            F.op("free", on: "q"),
        ])
        #expect(F.lint(CrossQueuePriorityRule.self, graph).isEmpty)
    }

    @Test(arguments: [(1, false), (2, false), (3, true), (-3, true), (100, true)])
    func integerPrioritiesRoundToLevels(raw: Int, fires: Bool) {
        let graph = F.graph([F.queue("q")], [F.op("a", on: "q") { $0.priority = QueuePriority(rawValue: raw) }])
        #expect(F.lint(CrossQueuePriorityRule.self, graph).count == (fires ? 1 : 0))
    }

    @Test func unknownQueueIsLeftToOtherRules() {
        let graph = F.graph([], [F.op("a", on: "missing") { $0.priority = .high }])
        #expect(F.lint(CrossQueuePriorityRule.self, graph).isEmpty)
    }
}
