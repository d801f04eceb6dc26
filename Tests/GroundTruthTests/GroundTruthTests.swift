import Foundation
import Testing
import OpLintCore

/// The linux model against the real OperationQueue of this machine: the same graph built
/// from real operations that sleep `duration × scale`, compared wave by wave.
@Suite(.serialized) struct GroundTruthTests {
    /// Real seconds per simulated second.
    static let scale = 0.06
    /// Starts closer than this (simulated seconds) belong to one wave.
    static let waveGap = 0.3

    /// Groups operations by start time into waves of simultaneous starts, in time order.
    static func waves(_ starts: [String: Double]) -> [Set<String>] {
        var result: [Set<String>] = []
        var last = -Double.infinity
        for (name, start) in starts.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            if start - last > waveGap || result.isEmpty { result.append([]) }
            result[result.count - 1].insert(name)
            last = start
        }
        return result
    }

    /// The starts of `main()` the simulation predicts: operations cancelled before they
    /// started never run `main()`.
    static func predictedStarts(_ schedule: Schedule, _ graph: OperationGraph) -> [String: Double] {
        var cancelAt: [String: Double] = [:]
        for event in graph.events {
            if case .cancel(let name) = event.action { cancelAt[name] = min(cancelAt[name] ?? .infinity, event.at) }
        }
        var result: [String: Double] = [:]
        for entry in schedule.entries {
            guard let start = entry.start else { continue }
            if let cancelled = cancelAt[entry.operation], cancelled <= start { continue }
            result[entry.operation] = start
        }
        return result
    }

    @Test(arguments: GroundTruthScenarios.all.indices)
    func linuxModelMatchesTheRealOperationQueue(scenario: Int) async throws {
        let (name, declared) = GroundTruthScenarios.all[scenario]
        var graph = declared
        // The queues run on the utility pool, which nothing else in the test process uses: the
        // default pool is shared with every test running in parallel (rule 24), and a test that
        // blocks or keeps busy a default-QoS thread takes real width away from the queues. The
        // simulation runs the same graph, so it models the same pool.
        for q in graph.queues.indices { graph.queues[q].qualityOfService = .utility }
        let scenarioGraph = graph
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        let options = SimulationOptions(platform: .linux, whatIf: WhatIf(cpus: cpus))
        let schedule = try Simulator.simulate(graph, options: options)
        let horizon = max(schedule.makespan, schedule.stuck?.time ?? 0) + 1.5
        // The run drives the queues from a thread of its own, and the test awaits it without
        // blocking a libdispatch pool thread: a blocked test thread would take one of the
        // pool's threads away from the queues (linux-operationqueue.md rule 24).
        let real: RealRun = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: RealOperationRunner.run(scenarioGraph, scale: Self.scale, horizon: horizon))
            }
            thread.start()
        }
        let predicted = Self.predictedStarts(schedule, graph)
        let predictedWaves = Self.waves(predicted)
        let realWaves = Self.waves(real.starts)
        #expect(realWaves == predictedWaves, "\(name): real \(realWaves.map { $0.sorted() }) vs simulated \(predictedWaves.map { $0.sorted() })")
        // The operations that never run agree too (stuck graphs stop at the horizon).
        let neverRan = Set(graph.operations.map(\.name)).subtracting(real.starts.keys)
        let predictedNever = Set(graph.operations.map(\.name)).subtracting(predicted.keys)
        #expect(neverRan == predictedNever, "\(name)")
        // Start times agree within a generous tolerance, counted from the first start: on a
        // loaded machine the pool's first thread can come a few scheduling slices late, which
        // moves every start alike (seen: all of a run 1.09 units late under the parallel suite).
        let ran = predicted.keys.filter { real.starts[$0] != nil }
        let firstReal = ran.compactMap { real.starts[$0] }.min() ?? 0
        let firstPredicted = ran.compactMap { predicted[$0] }.min() ?? 0
        let lateStart = firstReal - firstPredicted
        #expect(lateStart > -0.5 && lateStart < 3, "\(name): the first operation started \(lateStart) units from the simulated time")
        for (op, start) in predicted {
            if let actual = real.starts[op] {
                #expect(abs(actual - lateStart - start) < 0.5, "\(name): \(op) started at \(actual), simulated \(start) (+\(lateStart) late start)")
            }
        }
    }
}
