import Testing
@testable import OpLintCore

/// Seeded random graphs: invariants every schedule must satisfy, in both models.
@Suite struct SimulationInvariantTests {
    /// A small random graph; `plain` leaves out waits, suspension, never-finishing operations
    /// and cancellation, so that every operation must finish.
    static func randomGraph(seed: UInt64, plain: Bool) -> OperationGraph {
        var random = SimulationRandom(seed: seed)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let queueCount = 1 + pick(3)
        let widths = [1, 1, 2, 3, -1]
        let qos = QualityOfService.allCases
        var queues: [OperationGraph.Queue] = []
        for q in 0..<queueCount {
            var queue = OperationGraph.Queue(name: "q\(q)", maxConcurrentOperationCount: widths[pick(widths.count)],
                                             qualityOfService: qos[pick(qos.count)])
            if !plain && pick(6) == 0 { queue.isSuspended = true }
            queues.append(queue)
        }
        let count = 2 + pick(11)
        var operations: [OperationGraph.Operation] = []
        var addedAt = 0.0
        for i in 0..<count {
            var op = OperationGraph.Operation(name: "o\(i)", queue: "q\(pick(queueCount))")
            op.duration = [0, 0.5, 1, 1.5, 2, 3][pick(6)]
            // Added in declaration order, so that barrier and exclusivity order agree with the
            // dependencies (which point to earlier operations): the graph is a DAG.
            if pick(3) == 0 { addedAt += Double(pick(3)) * 0.5 }
            op.addedAt = addedAt
            op.priority = QueuePriority.named[pick(5)].priority
            op.qualityOfService = qos[pick(qos.count)]
            for j in 0..<i where pick(4) == 0 { op.dependencies.append(.init("o\(j)")) }
            if pick(8) == 0 { op.isBarrier = true }
            if pick(8) == 0 { op.exclusive = ["x"] }
            if !plain {
                if pick(6) == 0 { op.waitsFor = [.init("o\(pick(count))")] }
                if pick(10) == 0 { op.isAsynchronous = true; op.finishes = false }
                if pick(8) == 0 { op.checksCancellation = false }
            }
            operations.append(op)
        }
        var events: [OperationGraph.Event] = []
        if !plain {
            for _ in 0..<pick(3) {
                let at = Double(pick(8)) * 0.5
                switch pick(3) {
                case 0: events.append(.init(at: at, .cancel(operation: "o\(pick(count))")))
                case 1: events.append(.init(at: at, .suspend(queue: "q\(pick(queueCount))")))
                default: events.append(.init(at: at, .resume(queue: "q\(pick(queueCount))")))
                }
            }
        }
        return OperationGraph(queues: queues, operations: operations, events: events, simulation: .init(defaultWidth: 3, threads: 4, cpus: 2))
    }

    static let cases: [(SimulationPlatform, Bool)] = [(.apple, true), (.apple, false), (.linux, true), (.linux, false)]

    @Test(arguments: cases)
    func invariantsHold(platform: SimulationPlatform, plain: Bool) throws {
        for seed in UInt64(1)...1500 {
            let graph = Self.randomGraph(seed: seed, plain: plain)
            let options = SimulationOptions(platform: platform)
            let schedule = try Simulator.simulate(graph, options: options)
            Self.expectInvariants(schedule, of: graph, platform: platform, "seed \(seed)")
            if plain {
                // Every operation of a DAG without waits, suspension or never-finishing ones finishes.
                #expect(schedule.stuck == nil, "seed \(seed)")
                #expect(schedule.entries.allSatisfy { $0.state == .finished }, "seed \(seed)")
            }
            // Determinism.
            #expect(try Simulator.simulate(graph, options: options) == schedule, "seed \(seed)")
        }
    }

    /// No operation starts before its dependencies finish unless cancelled, and no queue runs
    /// more operations at once than its width (`defaultWidth` 3 for the apple model's default queues).
    static func expectInvariants(_ schedule: Schedule, of graph: OperationGraph, platform: SimulationPlatform, defaultWidth: Int = 3, _ label: String) {
        let byName = Dictionary(uniqueKeysWithValues: schedule.entries.map { ($0.operation, $0) })
        // No operation starts before its dependencies finish, unless it was cancelled.
        for op in graph.operations {
            guard let entry = byName[op.name], let start = entry.start, entry.state != .cancelled else { continue }
            for dependency in op.dependencies {
                let end = byName[dependency.name]?.end
                #expect(end != nil && end! <= start, "\(label): \(op.name) started at \(start) before \(dependency.name)")
            }
        }
        // Never more than the width executing per queue.
        for queue in graph.queues {
            let width = queue.maxConcurrentOperationCount == -1 ? (platform == .apple ? defaultWidth : Int.max) : queue.maxConcurrentOperationCount
            var points: [(Double, Int)] = []
            for entry in schedule.entries where entry.queue == queue.name {
                guard let start = entry.start else { continue }
                let end = entry.end ?? .infinity
                if end > start { points.append((start, 1)); points.append((end, -1)) }
            }
            points.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
            var running = 0
            for point in points {
                running += point.1
                #expect(running <= width, "\(label): \(running) executing on \(queue.name) of width \(width)")
            }
        }
    }
}
