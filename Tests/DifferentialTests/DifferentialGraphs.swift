@testable import OpLintCore

/// Seeded random small operation graphs with every scheduling feature the rules and the
/// simulator both judge: dependencies (some closing cycles), waits on operations and on
/// queues, serial, wide, default, main, zero-width and suspended queues, priorities and
/// qualities of service, operations in no queue, asynchronous operations that never
/// finish, exclusivity categories, and cancel, cancelAll, suspend and resume events.
///
/// Odd seeds draw from a second profile made for races: no root that blocks for good (no
/// zero width, no queue suspended from the start, every operation queued and finishing),
/// sparser dependencies, more waits for operations added later and more timed events, so
/// that whether the graph deadlocks depends on durations and tie order more often.
enum DifferentialGraphs {
    /// The graph of `seed`: the same seed gives the same graph on every machine.
    static func make(seed: UInt64) -> OperationGraph {
        let races = seed % 2 == 1
        var random = SimulationRandom(seed: seed)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        func chance(_ percent: Int) -> Bool { below(100) < percent }

        var queues: [OperationGraph.Queue] = []
        let queueCount = 1 + below(3)
        for q in 0..<queueCount {
            var queue: OperationGraph.Queue
            switch below(10) {
            case 0...2: queue = .init(name: "serial\(q)", maxConcurrentOperationCount: 1)
            case 3...4: queue = .init(name: "wide\(q)", maxConcurrentOperationCount: 2 + below(2))
            case 5...6: queue = .init(name: "default\(q)")
            case 7: queue = .init(name: "main", isMain: true)
            case 8: queue = .init(name: "serial\(q)", maxConcurrentOperationCount: 1)
            default: queue = .init(name: "wide\(q)", maxConcurrentOperationCount: 2)
            }
            if queues.contains(where: { $0.name == queue.name }) { queue.name += "_\(q)" }
            if queue.isMain && queues.contains(where: \.isMain) { queue = .init(name: "serial\(q)", maxConcurrentOperationCount: 1) }
            if !races && !queue.isMain && chance(3) { queue.maxConcurrentOperationCount = 0 }
            if !races && chance(4) { queue.isSuspended = true }
            if chance(15) { queue.qualityOfService = [.utility, .userInitiated, .background][below(3)] }
            queues.append(queue)
        }

        let n = 2 + below(11)
        let durations: [Double] = [0, 0.5, 1, 1, 1, 2, 2, 3]
        var operations: [OperationGraph.Operation] = []
        for i in 0..<n {
            var op = OperationGraph.Operation(name: "op\(i)", queue: queues[below(queues.count)].name)
            if !races && chance(3) { op.queue = nil; op.start = .never }
            op.duration = durations[below(durations.count)]
            if chance(15) { op.addedAt = Double(1 + below(6)) * 0.5 }
            if chance(20) { op.priority = [.veryLow, .low, .high, .veryHigh][below(4)] }
            if chance(10) { op.qualityOfService = [.background, .utility, .userInitiated, .userInteractive][below(4)] }
            // Dependencies mostly on earlier operations; a few on later ones, which may close cycles.
            for j in 0..<n where j != i {
                if j < i ? chance(races ? 8 : 12) : below(1000) < (races ? 4 : 12) { op.dependencies.append(.init("op\(j)")) }
            }
            // Waits mostly for earlier operations, some for later ones (a race on a serial
            // queue), some for one it depends on anyway (harmless: it finished first).
            for _ in 0..<(chance(races ? 35 : 25) ? (chance(20) ? 2 : 1) : 0) {
                let roll = below(10)
                if roll < 2, let dependency = op.dependencies.randomElement(using: &random) {
                    op.waitsFor.append(dependency)
                } else if roll < (races ? 3 : 5) && i > 0 {
                    op.waitsFor.append(.init("op\(below(i))"))
                } else {
                    op.waitsFor.append(.init("op\(below(n))"))
                }
            }
            if chance(4) { op.waitsForQueues.append(.init(queues[below(queues.count)].name)) }
            if chance(8) { op.exclusive = [["A", "B"][below(2)]] }
            if !races && chance(2) { op.kind = .custom; op.isAsynchronous = true; op.finishes = false }
            if chance(10) { op.checksCancellation = false }
            operations.append(op)
        }

        var events: [OperationGraph.Event] = []
        let eventCount = chance(races ? 30 : 50) ? 0 : 1 + below(3)
        for _ in 0..<eventCount {
            let at = Double(below(9)) * 0.5
            switch below(5) {
            case 0, 1: events.append(.init(at: at, .cancel(operation: "op\(below(n))")))
            case 2: events.append(.init(at: at, .cancelAll(queue: queues[below(queues.count)].name)))
            case 3:
                let queue = queues[below(queues.count)].name
                events.append(.init(at: at, .suspend(queue: queue)))
                if chance(60) { events.append(.init(at: at + Double(1 + below(6)) * 0.5, .resume(queue: queue))) }
            default: events.append(.init(at: at, .resume(queue: queues[below(queues.count)].name)))
            }
        }
        return OperationGraph(queues: queues, operations: operations, events: events)
    }
}
