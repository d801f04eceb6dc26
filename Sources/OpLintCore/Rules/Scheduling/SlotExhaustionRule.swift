/// OPL202: every slot of a queue held by operations that wait for operations of the same
/// queue that have no slot to start on — found by running the simulator.
public struct SlotExhaustionRule: Rule {
    public static let description = RuleDescription(
        code: "OPL202",
        name: "slot-exhaustion",
        severity: .error,
        summary: "Every slot of a queue is held by operations that wait for operations queued behind them.",
        details: """
        Simulates the graph (the apple model of docs/simulation.md) and reports each cycle of \
        waits that runs through a full queue: operations executing on every slot of the queue \
        call `waitUntilFinished()` (or `waitUntilAllOperationsAreFinished()`) on operations \
        that are ready but cannot start, because the waiters hold the slots. The finding \
        points at the first waiter and lists the wait-for chain: each waiter with the place of \
        its wait, each starved operation with the slots' holders, and what waits behind them.
        """,
        rationale: """
        A waiting operation keeps its queue slot (S19). With `maxConcurrentOperationCount` n \
        (S13), n operations that wait for later operations of the same queue hold every slot, \
        and the operations they wait for never start: the queue deadlocks silently, and \
        everything that depends on these operations (S2) waits forever.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "io", "maxConcurrentOperationCount": 2 }],
          "operations": [
            ↓{ "name": "fetchA", "queue": "io", "waitsFor": ["fetchB"] },
            { "name": "fetchC", "queue": "io", "waitsFor": ["fetchD"] },
            { "name": "fetchB", "queue": "io" },
            { "name": "fetchD", "queue": "io" }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "io", "maxConcurrentOperationCount": 2 }],
          "operations": [
            { "name": "fetchB", "queue": "io" },
            { "name": "fetchD", "queue": "io" },
            { "name": "fetchA", "queue": "io", "dependencies": ["fetchB"] },
            { "name": "fetchC", "queue": "io", "dependencies": ["fetchD"] }
          ]
        }
        """),
        limits: """
        It sees the schedule the simulator predicts with the file's durations; a deadlock \
        that only some timings reach is found by `oplint simulate --explore`. Graphs without \
        any `waitsFor` or `waitsForQueues` are not simulated (they cannot exhaust slots this way). \
        An exhaustion whose every waiter is already reported by wait-deadlock (OPL201), such as \
        a wait for a later operation of the same serial queue, is left to that rule.
        """
    )

    public init() {}

    /// - Complexity: O(*n*) when nothing waits; otherwise one simulation.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let graph = analysis.graph
        guard graph.operations.contains(where: { !$0.waitsFor.isEmpty || !$0.waitsForQueues.isEmpty }) else { return [] }
        guard let simulator = try? Simulator(graph), let stuck = simulator.run().stuck else { return [] }
        let model = simulator.model
        // A wait that wait-deadlock (OPL201) already proves from the graph alone is reported
        // there, once; this rule adds the exhaustions only a schedule reveals.
        let exhaustions = stuck.rootCauses.filter { $0.kind == .slotExhaustion }
        guard !exhaustions.isEmpty else { return [] }
        let staticallyDeadlocked = Set(WaitDeadlockRule().check(analysis).compactMap(\.operations.first))
        return exhaustions.compactMap { cause in
            let waiters = cause.members.filter { member in member.edges.contains { if case .wait = $0.reason { true } else if case .queueWait = $0.reason { true } else { false } } }
            if !waiters.isEmpty && waiters.allSatisfy({ staticallyDeadlocked.contains($0.operation) }) { return nil }
            let primary = waiters.first ?? cause.members[0]
            let where_ = cause.queue.map { "queue \(SimulationModel.quoted($0)) (width \(cause.width.map(String.init) ?? "unlimited"))" } ?? "the thread limit"
            let chain = waiters.map { waiter in
                "\(waiter.operation) waits for " + waiter.edges.map(\.target).joined(separator: ", ")
            }.joined(separator: "; ")
            var related: [Finding.Related] = []
            for member in cause.members {
                let memberLocation = model.index.operation(named: member.operation).map { location(of: $0, in: model, analysis) } ?? graph.fallbackLocation
                related.append(Finding.Related(member.edges.first?.location ?? memberLocation, "\(member.operation): \(member.line(withLocations: false))"))
            }
            let primaryLocation = model.index.operation(named: primary.operation).map { location(of: $0, in: model, analysis) } ?? graph.fallbackLocation
            var notes: [String] = []
            if !cause.blocked.isEmpty {
                notes.append("behind them: " + NameList.summary(cause.blocked.map(\.operation)))
            }
            return finding(
                "slot exhaustion on \(where_): \(chain), while the operations they wait for have no free slot",
                at: primaryLocation,
                related: related,
                notes: notes,
                fix: Finding.Fix(cause.fix),
                operations: cause.members.map(\.operation) + cause.blocked.map(\.operation),
                queues: cause.queue.map { [$0] } ?? []
            )
        }
    }

    /// Where a model operation is declared (copies of a counted operation point at it).
    func location(of operation: Int, in model: SimulationModel, _ analysis: GraphAnalysis) -> SourceLocation {
        let name = model.name(operation)
        if let index = analysis.index.operation(named: name) { return analysis.location(ofOperation: index) }
        if let hash = name.lastIndex(of: "#"), let index = analysis.index.operation(named: String(name[..<hash])) {
            return analysis.location(ofOperation: index)
        }
        return analysis.graph.fallbackLocation
    }
}
