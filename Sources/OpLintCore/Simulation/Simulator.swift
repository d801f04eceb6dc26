/// The scheduling simulator: a deterministic discrete-event simulation of OperationQueue
/// (docs/simulation.md). The same input gives the same schedule on every machine.
public struct Simulator: Sendable {
    public let model: SimulationModel

    /// Compiles `graph` for simulation; throws `SimulationError` on input it cannot trust.
    ///
    /// - Complexity: O(*n* log *n* + *e*).
    public init(_ graph: OperationGraph, options: SimulationOptions = SimulationOptions()) throws {
        model = try SimulationModel(graph, options: options)
    }

    /// Uses an already compiled model.
    public init(model: SimulationModel) {
        self.model = model
    }

    /// Simulates the graph until every operation finished or nothing can make progress.
    ///
    /// - Complexity: O((*n* + *e*) log *n*) without CPU contention (see `SimulationRun.run`).
    public func run() -> Schedule {
        var run = SimulationRun(model: model)
        run.run()
        return run.schedule()
    }

    /// Simulates `graph` with `options`: the one-call form.
    public static func simulate(_ graph: OperationGraph, options: SimulationOptions = SimulationOptions()) throws -> Schedule {
        try Simulator(graph, options: options).run()
    }

    /// The root causes that keep operations of `graph` from finishing (apple model, no what-ifs),
    /// for rules such as OPL106 and OPL202. Empty when everything finishes or the graph is
    /// not simulable (its own rules report bad input).
    ///
    /// - Complexity: one simulation.
    public static func rootCauses(of graph: OperationGraph) -> [StuckReport.RootCause] {
        guard let schedule = try? simulate(graph) else { return [] }
        return schedule.stuck?.rootCauses ?? []
    }
}
