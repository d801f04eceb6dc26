/// A timed event of a simulation, resolved to indices.
struct SimulationEvent: Sendable {
    enum Action: Sendable {
        case cancel(operation: Int32)
        case cancelAll(queue: Int32)
        case suspend(queue: Int32)
        case resume(queue: Int32)
    }

    var at: Double
    var action: Action
}
