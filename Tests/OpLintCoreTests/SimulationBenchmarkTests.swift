import Foundation
import Testing
@testable import OpLintCore

/// The simulator's performance workloads (docs/performance.md). They run small by default, as
/// a smoke test; `OPLINT_BENCH=1 swift test -c release --filter SimulationBenchmark` runs them
/// at full size and prints wall time and peak memory. No timed assertions.
@Suite struct SimulationBenchmarkTests {
    static let fullSize = ProcessInfo.processInfo.environment["OPLINT_BENCH"] == "1"

    /// N operations, about two dependencies each on earlier operations (mostly near, some
    /// far), on 16 queues (serial, 2–8 wide, default), random priorities and durations.
    static func workload(operations n: Int, queues: Int = 16, seed: UInt64 = 1) -> OperationGraph {
        var random = SimulationRandom(seed: seed)
        func pick(_ k: Int) -> Int { Int(random.next() % UInt64(k)) }
        let widths = [1, 2, 4, 8, -1]
        let queueList = (0..<queues).map { OperationGraph.Queue(name: "q\($0)", maxConcurrentOperationCount: widths[$0 % widths.count]) }
        var operations: [OperationGraph.Operation] = []
        operations.reserveCapacity(n)
        for i in 0..<n {
            var op = OperationGraph.Operation(name: "op\(i)", queue: "q\(pick(queues))")
            op.duration = Double(1 + pick(100)) / 100
            op.priority = QueuePriority.named[pick(5)].priority
            if i > 0 {
                for _ in 0..<(1 + pick(3)) {
                    let target = pick(10) == 0 ? pick(i) : max(0, i - 1 - pick(min(i, 50)))
                    op.dependencies.append(OperationGraph.Reference("op\(target)"))
                }
            }
            operations.append(op)
        }
        return OperationGraph(queues: queueList, operations: operations)
    }

    static func peakMemoryMB() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test(arguments: SimulationPlatform.allCases)
    func simulateManyOperations(platform: SimulationPlatform) throws {
        let sizes = Self.fullSize ? [10_000, 100_000, 1_000_000] : [2_000]
        for n in sizes {
            let graph = Self.workload(operations: n)
            let dependencies = graph.operations.reduce(0) { $0 + $1.dependencies.count }
            var schedule: Schedule?
            var compile = 0.0
            var simulator: Simulator?
            compile = try Self.seconds { simulator = try Simulator(graph, options: SimulationOptions(platform: platform)) }
            let run = Self.seconds { schedule = simulator?.run() }
            #expect(schedule?.stuck == nil)
            #expect(schedule?.entries.count == n)
            if Self.fullSize {
                print("simulate \(platform.rawValue) \(n) ops / \(dependencies) deps: compile \(String(format: "%.3f", compile)) s, run \(String(format: "%.3f", run)) s, peak RSS \(String(format: "%.0f", Self.peakMemoryMB())) MB")
            }
        }
    }

    @Test func exploreAThousandRuns() throws {
        let runs = Self.fullSize ? 1000 : 20
        let simulator = try Simulator(Self.workload(operations: 1000, seed: 2))
        var exploration: Exploration?
        let time = Self.seconds { exploration = simulator.explore(runs: runs, seed: 1) }
        #expect(exploration?.makespans.count == runs)
        if Self.fullSize {
            print("explore \(runs) runs on 1000 ops: \(String(format: "%.3f", time)) s, \(exploration?.orderChanges.count ?? 0) order changes")
        }
    }
}
