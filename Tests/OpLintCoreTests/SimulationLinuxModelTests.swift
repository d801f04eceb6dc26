import Testing
@testable import OpLintCore

/// Where the linux model differs from the apple one (docs/linux-operationqueue.md), each
/// with the schedule both models give.
@Suite struct SimulationLinuxModelTests {
    typealias F = SimulationFixture

    @Test func priorityIsLostOnceDispatched() throws {
        // Rule 26: on a default-width queue the linux OperationQueue hands everything to
        // libdispatch at once; a veryHigh operation added later waits behind the backlog.
        let ops = (1...4).map { F.op("l\($0)", priority: .low) } + [F.op("h", priority: .veryHigh, addedAt: 0.5)]
        let graph = OperationGraph(queues: [.init(name: "q")], operations: ops, simulation: .init(defaultWidth: 2, cpus: 2))
        // CPU-bound operations (cores set) keep the pool from growing (rule 23).
        let linux = try F.run(graph, .linux, whatIf: WhatIf(cores: 2))
        let apple = try F.run(graph, .apple, whatIf: WhatIf(cores: 2))
        #expect(linux.entry("h")?.start == 2)
        #expect(apple.entry("h")?.start == 1)
        #expect(linux.entry("h")?.waitedFor == Schedule.Constraint(.thread, operation: "l3"))
    }

    @Test func poolGrowsOneThreadPerSecondWhileAllWorkersAreBlocked() throws {
        // Rule 23: one CPU, three 3-second operations on a default-width queue.
        let graph = OperationGraph(queues: [.init(name: "q")], operations: (1...3).map { F.op("o\($0)", duration: 3) })
        let schedule = try F.run(graph, .linux, whatIf: WhatIf(cpus: 1))
        #expect(schedule.entries.map(\.start) == [0, 1, 2])
        #expect(schedule.entry("o2")?.waitedFor == Schedule.Constraint(.poolGrowth))
        // With CPU contention the operations are runnable, not blocked: no growth.
        let busy = try F.run(graph, .linux, whatIf: WhatIf(cpus: 1, cores: 1))
        #expect(busy.entries.map(\.start) == [0, 3, 6])
    }

    @Test func qualityOfServiceChoosesTheBucketOnNonSerialQueues() throws {
        // Rule 49: without an explicit priority, an operation's QoS picks its bucket, but only
        // on a queue that is not serial.
        let ops = [F.op("a"), F.op("b"), F.op("u", qos: .userInteractive)]
        let resume: [OperationGraph.Event] = [.init(at: 0, .resume(queue: "q"))]
        let wide = F.graph([.init(name: "q", maxConcurrentOperationCount: 2, isSuspended: true)], ops, events: resume)
        #expect(Set(try F.run(wide, .linux).entries.filter { $0.start == 0 }.map(\.operation)) == ["u", "a"])
        #expect(Set(try F.run(wide, .apple).entries.filter { $0.start == 0 }.map(\.operation)) == ["a", "b"])
        let serial = F.graph([.init(name: "q", maxConcurrentOperationCount: 1, isSuspended: true)], ops, events: resume)
        #expect(try F.run(serial, .linux).startOrder == ["a", "b", "u"])
    }

    @Test func barrierOnAnEmptySuspendedQueueRunsAtOnce() throws {
        // Rule 40: sent straight to libdispatch, ignoring suspension.
        let graph = F.graph([.init(name: "q", isSuspended: true)], [
            F.op("bar") { $0.isBarrier = true }, F.op("later", addedAt: 0.5),
        ], events: [.init(at: 2, .resume(queue: "q"))])
        #expect(try F.run(graph, .linux).entry("bar")?.start == 0)
        #expect(try F.run(graph, .apple).entry("bar")?.start == 2)
        #expect(try F.run(graph, .linux).entry("later")?.start == 2)
    }

    @Test func mainQueueIgnoresSuspensionAndCancelAllOnLinux() throws {
        // Rules 38 and 47.
        let graph = F.graph([.init(name: "main", isMain: true, isSuspended: true)], [F.op("a", "main")],
                            events: [.init(at: 0, .cancelAll(queue: "main"))])
        let linux = try F.run(graph, .linux)
        #expect(linux.entry("a")?.state == .finished)
        #expect(linux.entry("a")?.end == 1)
        #expect(try F.run(graph, .apple).entry("a")?.state == .neverStarted)
    }

    @Test func separateAdditionsToAnIdleSerialQueueRunInAdditionOrder() throws {
        // Rule 8: each addOperation call schedules at once; operations added at one instant
        // form one batch, where priority decides.
        let separate = F.graph([.init(name: "q", maxConcurrentOperationCount: 1)], [
            F.op("a", priority: .low), F.op("b", addedAt: 0.001), F.op("c", priority: .veryHigh, addedAt: 0.002),
        ])
        #expect(try F.run(separate, .linux).startOrder == ["a", "c", "b"])
        let batch = F.graph([.init(name: "q", maxConcurrentOperationCount: 1)], [
            F.op("a", priority: .low), F.op("b"), F.op("c", priority: .veryHigh),
        ])
        #expect(try F.run(batch, .linux).startOrder == ["c", "b", "a"])
        #expect(try F.run(batch, .apple).startOrder == ["c", "b", "a"])
    }
}
