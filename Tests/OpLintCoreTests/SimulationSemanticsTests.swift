import Testing
@testable import OpLintCore

/// Hand-computed schedules, one or more per semantics point (semantics.md).
@Suite struct SimulationSemanticsTests {
    typealias F = SimulationFixture

    @Test(arguments: SimulationPlatform.allCases)
    func serialQueueRunsByDependencyThenPriorityThenAddition(platform: SimulationPlatform) throws {
        // S2, S9, S13, S14 — a serial queue, all added while suspended, resumed at 0.
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 1, isSuspended: true)], [
            F.op("a", priority: .low),
            F.op("b", deps: ["a"], priority: .veryHigh),
            F.op("c", priority: .high),
            F.op("d"),
        ], events: [.init(at: 0, .resume(queue: "q"))])
        let schedule = try F.run(graph, platform)
        #expect(schedule.startOrder == ["c", "d", "a", "b"])
        #expect(schedule.makespan == 4)
        let times = F.times(schedule)
        #expect(times["b"]?.0 == 3 && times["b"]?.1 == 4)
        #expect(schedule.entry("b")?.waitedFor == Schedule.Constraint(.dependency, operation: "a"))
    }

    @Test func widthTwoQueueAndSlots() throws {
        // S13: width 2, three operations of 1, 2 and 1 s.
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 2)], [
            F.op("a", duration: 1), F.op("b", duration: 2), F.op("c", duration: 1),
        ])
        let schedule = try F.run(graph)
        let times = F.times(schedule)
        #expect(times["c"]?.0 == 1 && times["c"]?.1 == 2)
        #expect(schedule.entry("c")?.slot == 0)
        #expect(schedule.entry("c")?.waitedFor == Schedule.Constraint(.slot, operation: "a"))
        #expect(schedule.makespan == 2)
        #expect(schedule.queues[0].peakConcurrency == 2)
        #expect(schedule.queues[0].longestWait == 1)
        #expect(schedule.queues[0].busyTime == 4)
    }

    @Test func defaultWidthAndThreadLimitWithQoSAcrossQueues() throws {
        // S10, S13: two default queues, the global thread limit at 1: the higher QoS goes first.
        let graph = F.graph([.init(name: "low", qualityOfService: .background), .init(name: "high", qualityOfService: .userInitiated)], [
            F.op("l", "low"), F.op("h", "high"),
        ])
        let schedule = try F.run(graph, whatIf: WhatIf(threads: 1))
        #expect(schedule.startOrder == ["h", "l"])
        #expect(schedule.entry("l")?.waitedFor == Schedule.Constraint(.thread, operation: "h"))
        let wide = try F.run(graph)
        #expect(wide.makespan == 1)
    }

    @Test(arguments: SimulationPlatform.allCases)
    func cancellationBeforeStartIgnoresDependencies(platform: SimulationPlatform) throws {
        // S6: b is cancelled at 0.5 while waiting for a: it finishes at once; c (after b) then runs.
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 2)], [
            F.op("a", duration: 2), F.op("b", deps: ["a"]), F.op("c", deps: ["b"]),
        ], events: [.init(at: 0.5, .cancel(operation: "b"))])
        let schedule = try F.run(graph, platform)
        let times = F.times(schedule)
        #expect(times["b"]?.0 == 0.5 && times["b"]?.1 == 0.5)
        #expect(schedule.entry("b")?.state == .cancelled)
        #expect(times["c"]?.0 == 0.5 && times["c"]?.1 == 1.5)
        #expect(schedule.makespan == 2)
    }

    @Test(arguments: [true, false])
    func cancellationWhileExecuting(checks: Bool) throws {
        // S6: an executing operation stops at the cancel only if it checks isCancelled.
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 1)], [
            F.op("a", duration: 3) { $0.checksCancellation = checks }, F.op("b", deps: ["a"]),
        ], events: [.init(at: 1, .cancel(operation: "a"))])
        let schedule = try F.run(graph)
        #expect(schedule.entry("a")?.end == (checks ? 1 : 3))
        #expect(schedule.entry("a")?.state == .cancelled)
        #expect(schedule.entry("b")?.start == (checks ? 1 : 3))
    }

    @Test func cancelledDependencyInNoQueueStrandsDependents() throws {
        // S6, S3: a cancelled operation in no queue never finishes.
        let graph = F.graph([.init(name: "q")], [
            F.op("orphan", nil), F.op("b", deps: ["orphan"]),
        ], events: [.init(at: 0, .cancel(operation: "orphan"))])
        let schedule = try F.run(graph)
        #expect(schedule.entry("b")?.state == .neverStarted)
        let root = try #require(schedule.stuck?.rootCauses.first)
        #expect(root.kind == .neverStarted)
        #expect(root.members.map(\.operation) == ["orphan"])
        #expect(root.blocked.map(\.operation) == ["b"])
    }

    @Test(arguments: SimulationPlatform.allCases)
    func suspensionAndResume(platform: SimulationPlatform) throws {
        // S15: suspended at 0.5, a keeps running; b waits for the resume at 3.
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 1)], [
            F.op("a"), F.op("b"),
        ], events: [.init(at: 0.5, .suspend(queue: "q")), .init(at: 3, .resume(queue: "q"))])
        let schedule = try F.run(graph, platform)
        #expect(F.times(schedule)["b"]?.0 == 3)
        #expect(schedule.entry("b")?.waitedFor == Schedule.Constraint(.resume, queue: "q"))
        #expect(schedule.criticalPath.map(\.operation) == ["b"])
    }

    @Test func suspendedForeverIsARoot() throws {
        let graph = F.graph([.init(name: "q", isSuspended: true)], [F.op("a"), F.op("b"), F.op("c", "r", deps: ["a"])]
            , events: [])
        let withR = OperationGraph(queues: graph.queues + [.init(name: "r")], operations: graph.operations)
        let schedule = try F.run(withR)
        let root = try #require(schedule.stuck?.rootCauses.first)
        #expect(root.kind == .suspendedQueue)
        #expect(root.members.map(\.operation) == ["a", "b"])
        #expect(root.blocked.map(\.operation) == ["c"])
    }

    @Test(arguments: SimulationPlatform.allCases)
    func barrierRunsAfterEarlierAndBeforeLater(platform: SimulationPlatform) throws {
        // S18
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 2)], [
            F.op("a", duration: 1), F.op("b", duration: 2),
            F.op("bar", duration: 1) { $0.isBarrier = true },
            F.op("c", duration: 1),
        ])
        let times = F.times(try F.run(graph, platform))
        #expect(times["bar"]?.0 == 2)
        #expect(times["c"]?.0 == 3)
    }

    @Test func waitHoldsTheSlot() throws {
        // S19: a waits for x (another queue); it holds its slot meanwhile, and runs after.
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 1), .init(name: "r")], [
            F.op("a", duration: 1) { $0.waitsFor = ["x"] }, F.op("b"), F.op("x", "r", duration: 2),
        ])
        let schedule = try F.run(graph)
        let a = try #require(schedule.entry("a"))
        #expect(a.start == 0 && a.runStart == 2 && a.end == 3)
        #expect(a.waitedFor == Schedule.Constraint(.wait, operation: "x"))
        #expect(schedule.entry("b")?.start == 3)
        #expect(schedule.criticalPath.map(\.operation) == ["x", "a", "b"])
    }

    @Test(arguments: SimulationPlatform.allCases)
    func slotExhaustionCycle(platform: SimulationPlatform) throws {
        // S19: both slots of io held by waiters of operations queued behind them.
        let graph = F.graph([.init(name: "io", maxConcurrentOperationCount: 2), .init(name: "main", isMain: true)], [
            F.op("fetchA", "io") { $0.waitsFor = ["fetchB"] },
            F.op("fetchC", "io") { $0.waitsFor = ["fetchD"] },
            F.op("fetchB", "io"), F.op("fetchD", "io"),
            F.op("render", "main", deps: ["fetchA"]),
        ])
        let schedule = try F.run(graph, platform)
        let stuck = try #require(schedule.stuck)
        #expect(stuck.time == 0)
        #expect(stuck.rootCauses.count == 1)
        let cause = stuck.rootCauses[0]
        #expect(cause.kind == .slotExhaustion)
        #expect(cause.queue == "io" && cause.width == 2)
        #expect(Set(cause.members.map(\.operation)) == ["fetchA", "fetchB", "fetchC", "fetchD"])
        #expect(cause.blocked.map(\.operation) == ["render"])
        #expect(schedule.entry("fetchA")?.state == .stuck)
        #expect(schedule.entry("render")?.state == .neverStarted)
    }

    @Test func exclusivityRunsOneAtATimeInOrder() throws {
        // S21 on a wide queue.
        let graph = F.graph([.init(name: "q")], [
            F.op("a", duration: 2) { $0.exclusive = ["alert"] },
            F.op("b", duration: 1) { $0.exclusive = ["alert"] },
            F.op("c", duration: 1),
        ])
        let times = F.times(try F.run(graph))
        #expect(times["b"]?.0 == 2)
        #expect(times["c"]?.0 == 0)
    }

    @Test func neverFinishingAsyncOperationHoldsItsSlot() throws {
        // S8
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 1)], [
            F.op("async") { $0.isAsynchronous = true; $0.finishes = false }, F.op("next"),
        ])
        let schedule = try F.run(graph)
        #expect(schedule.entry("async")?.state == .stuck)
        #expect(schedule.entry("next")?.state == .neverStarted)
        let cause = try #require(schedule.stuck?.rootCauses.first)
        #expect(cause.kind == .neverFinishes)
        #expect(cause.blocked.map(\.operation) == ["next"])
    }

    @Test func zeroWidthQueueAndDependencyCycle() throws {
        let graph = F.graph([.init(name: "z", maxConcurrentOperationCount: 0), .init(name: "q")], [
            F.op("stranded", "z"), F.op("x", deps: ["y"]), F.op("y", deps: ["x"]), F.op("after", deps: ["y"]),
        ])
        let stuck = try #require(try F.run(graph).stuck)
        #expect(stuck.rootCauses.map(\.kind) == [.zeroWidthQueue, .dependencyCycle])
        #expect(stuck.rootCauses[1].blocked.map(\.operation) == ["after"])
        #expect(stuck.unfinished == ["stranded", "x", "y", "after"])
    }

    @Test func addedAtAndCountExpansion() throws {
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 2)], [
            F.op("late", addedAt: 5), F.op("batch") { $0.count = 3 }, F.op("after", deps: ["batch"]),
        ])
        let schedule = try F.run(graph)
        let times = F.times(schedule)
        #expect(times["late"]?.0 == 5)
        #expect(times["batch#3"]?.0 == 1)
        #expect(times["after"]?.0 == 2)
        #expect(schedule.entry("late")?.waitedFor == Schedule.Constraint(.added))
    }

    @Test func manualStart() throws {
        // S7: started by hand at addedAt; before its dependency finished, start() throws.
        let graph = F.graph([.init(name: "q")], [
            F.op("dep", duration: 2),
            F.op("early", nil, deps: ["dep"], addedAt: 1) { $0.start = .manual },
            F.op("late", nil, deps: ["dep"], addedAt: 3) { $0.start = .manual },
        ])
        let schedule = try F.run(graph)
        #expect(schedule.entry("late")?.start == 3)
        #expect(schedule.entry("early")?.state == .neverStarted)
        #expect(schedule.stuck?.rootCauses.first?.kind == .startedBeforeReady)
    }

    @Test(arguments: SimulationPlatform.allCases)
    func operationsOnAQueueTheGraphDoesNotNameRunOnOneOfDefaultSettings(platform: SimulationPlatform) throws {
        // `"start": "queue"` without `queue`, as extraction writes for a queue it cannot follow:
        // the operations run, on a queue of the system's default width; an operation on no queue
        // still never starts. The name shown avoids the graph's own queue names.
        let graph = F.graph([.init(name: "(unnamed queue)", maxConcurrentOperationCount: 1)], [
            F.op("fetch", nil, duration: 2) { $0.start = .queue },
            F.op("parse", nil, deps: ["fetch"]) { $0.start = .queue },
            F.op("other", nil) { $0.start = .queue },
            F.op("dropped", nil),
        ])
        let schedule = try F.run(graph, platform)
        let times = F.times(schedule)
        #expect(times["fetch"]! == (0, 2))
        #expect(times["parse"]! == (2, 3))
        #expect(times["other"]! == (0, 1))
        #expect(schedule.entry("parse")?.queue == "(unnamed queue 2)")
        #expect(schedule.entry("parse")?.waitedFor == Schedule.Constraint(.dependency, operation: "fetch"))
        #expect(schedule.entry("dropped")?.state == .neverStarted)
        #expect(schedule.queues.map(\.name) == ["(unnamed queue)", "(unnamed queue 2)"])
        #expect(schedule.queues.last?.width == (platform == .apple ? SimulationOptions.appleDefaultWidth : nil))
        #expect(schedule.stuck == nil)
        // Without such operations there is no extra queue.
        let named = F.graph([.init(name: "q")], [F.op("a")])
        #expect(try F.run(named, platform).queues.map(\.name) == ["q"])
    }

    @Test func cancelAllCancelsEveryOperationInTheQueue() throws {
        // S20
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 1)], [
            F.op("a", duration: 2), F.op("b"), F.op("c"),
        ], events: [.init(at: 1, .cancelAll(queue: "q"))])
        let schedule = try F.run(graph)
        #expect(schedule.entries.map(\.state) == [.cancelled, .cancelled, .cancelled])
        #expect(schedule.makespan == 1)
    }

    @Test func cpuContentionStretchesDurations() throws {
        // Two 1-second operations on one core share it: both end at 2; a higher QoS one goes first.
        let graph = F.graph([.init(name: "q")], [F.op("a"), F.op("b")])
        let shared = try F.run(graph, whatIf: WhatIf(cores: 1))
        #expect(shared.entries.map(\.end) == [2, 2])
        let ranked = F.graph([.init(name: "q")], [F.op("a", qos: .utility), F.op("b", qos: .userInitiated)])
        let schedule = try F.run(ranked, whatIf: WhatIf(cores: 1))
        #expect(schedule.entry("b")?.end == 1)
        #expect(schedule.entry("a")?.end == 2)
    }

    @Test func badInputIsRefused() throws {
        let base = F.graph([.init(name: "q")], [F.op("a")])
        var negative = base
        negative.operations[0].duration = -1
        #expect(throws: SimulationError.self) { try F.run(negative) }
        var infinite = base
        infinite.operations[0].duration = .infinity
        #expect(throws: SimulationError.self) { try F.run(infinite) }
        var unknownEvent = base
        unknownEvent.events = [.init(at: 1, .cancel(operation: "nope"))]
        #expect(throws: SimulationError("cancel event names \"nope\", which is not an operation")) { try F.run(unknownEvent) }
        var unknownQueue = base
        unknownQueue.events = [.init(at: 1, .suspend(queue: "nope"))]
        #expect(throws: SimulationError.self) { try F.run(unknownQueue) }
        var negativeTime = base
        negativeTime.events = [.init(at: -1, .suspend(queue: "q"))]
        #expect(throws: SimulationError.self) { try F.run(negativeTime) }
        #expect(throws: SimulationError.self) { try F.run(base, whatIf: WhatIf(durations: ["a": .nan])) }
        #expect(throws: SimulationError.self) { try F.run(base, whatIf: WhatIf(cancels: [("zz", 1)])) }
    }

    @Test(arguments: SimulationPlatform.allCases)
    func waitForAQueueToDrain(platform: SimulationPlatform) throws {
        // S19: waitUntilAllOperationsAreFinished on another queue holds the slot until it drains.
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 1), .init(name: "r")], [
            F.op("a", "q") { $0.waitsForQueues = ["r"] }, F.op("b", "q"),
            F.op("x", "r", duration: 2), F.op("y", "r", duration: 0.5),
        ])
        let schedule = try F.run(graph, platform)
        let a = try #require(schedule.entry("a"))
        #expect(a.start == 0 && a.runStart == 2 && a.end == 3)
        #expect(a.waitedFor == Schedule.Constraint(.queueWait, queue: "r"))
        #expect(schedule.entry("b")?.start == 3)
        #expect(schedule.criticalPath.map(\.operation) == ["x", "a", "b"])
    }

    @Test func waitingForTheQueueThatHoldsTheWaiterDeadlocks() throws {
        // S19: a queue that contains the waiter never drains while it waits.
        let graph = F.graph([.init(name: "q", maxConcurrentOperationCount: 2)], [
            F.op("a") { $0.waitsForQueues = ["q"] }, F.op("b"),
        ])
        let stuck = try #require(try F.run(graph).stuck)
        #expect(stuck.rootCauses.map(\.kind) == [.waitCycle])
        #expect(stuck.rootCauses[0].members.map(\.operation) == ["a"])
        #expect(stuck.text().contains("waits for queue \"q\" to drain: a"))
    }
}
