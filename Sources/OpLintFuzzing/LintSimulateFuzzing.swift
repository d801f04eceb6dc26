import OpLintCore

/// Lint and simulate small graphs decoded from the input (`GraphBytes`): the graph loads from
/// the JSON it writes, the findings are well-formed, and the schedule of both platform models
/// keeps `OperationQueue`'s promises, comes out the same twice and renders in every format.
/// The report formats run in their own target (`LintReportsFuzzing`), so that each gets many
/// more inputs per second than one target doing both would.
enum LintSimulateFuzzing {
    static let path = "graph.json"

    static let target = FuzzTarget(
        name: "lint-simulate",
        summary: "Linter and Simulator (apple, linux) on a decoded graph: schedule promises, determinism, text/JSON/CSV/trace, stuck report, timeline, explore",
        maximumLength: 512
    ) { bytes throws(FuzzFailure) in
        let (graph, _, result) = try lint(bytes)
        try OutputChecks.findings(result, graph: graph)
        for platform in SimulationPlatform.allCases {
            guard let simulator = try simulator(graph, platform) else { continue }
            let schedule = simulator.run()
            try ScheduleChecks.promises(schedule, graph: graph)
            try ScheduleChecks.outputs(schedule, model: simulator.model, graph: graph)
            if platform == .apple {
                try require(simulator.run() == schedule, "the same graph gives two different schedules")
                let exploration = simulator.explore(runs: 2, seed: UInt64(bytes.first ?? 0))
                _ = exploration.text()
                try OutputChecks.parsesAsJSON(exploration.json().serialized(), "the exploration JSON")
            }
        }
    }

    /// The decoded graph, loaded from the JSON it writes, its analysis and its lint result.
    /// A header bit disables a rule on the first operation, to reach the suppression paths.
    static func lint(_ bytes: [UInt8]) throws(FuzzFailure) -> (OperationGraph, GraphAnalysis, LintResult) {
        let decoded = GraphBytes.graph(bytes)
        let written = GraphWriter().write(decoded)
        var graph: OperationGraph
        do {
            graph = try GraphLoader.load(bytes: Array(written.utf8), path: path)
        } catch {
            throw FuzzFailure("a decoded graph, written as JSON, does not load: \(error)\n\(written)")
        }
        if (bytes.first ?? 0) & 0x40 != 0, let first = graph.operations.indices.first {
            graph.operations[first].disabledRules = [RuleRegistry.all[bytes.count % RuleRegistry.all.count].description.id.code]
        }
        let analysis = GraphAnalysis(graph)
        return (graph, analysis, Linter().lint(analysis))
    }

    /// The simulator for `graph`, or nil when it refuses the graph (with a message).
    static func simulator(_ graph: OperationGraph, _ platform: SimulationPlatform) throws(FuzzFailure) -> Simulator? {
        do {
            return try Simulator(graph, options: SimulationOptions(platform: platform))
        } catch {
            try require(!"\(error)".isEmpty, "the simulator refuses the graph without a message")
            return nil
        }
    }
}
