/// Which operations a `cancel` or `cancelAll` event may reach before they start (S6, S20).
///
/// A cancelled operation that has not started ignores its dependencies and, once its queue
/// gives it a slot, finishes without running `main()` — so without making its waits either.
/// No claim that an operation never finishes can rest on a chain through such an
/// operation: whether the cancel comes before it starts is a matter of timing. Operations
/// in no queue are never reached this way (cancelling them does not finish them).
struct CancellationReach: Sendable {
    /// Per operation, the first event that may cancel it, or -1; empty when no event cancels.
    private let event: [Int32]

    /// - Complexity: O(*v*) for *v* events without `cancelAll`; else O(*n* + *v*).
    init(_ graph: OperationGraph, _ index: GraphIndex) {
        var event: [Int32] = []
        var cancelledQueues: [(queue: Int32, at: Double, event: Int32)] = []
        for (e, value) in graph.events.enumerated() {
            switch value.action {
            case .cancel(let name):
                guard let op = index.operation(named: name), graph.operations.start(at: op) != .never else { continue }
                if event.isEmpty { event = [Int32](repeating: -1, count: index.operationCount) }
                if event[op] < 0 { event[op] = Int32(e) }
            case .cancelAll(let name):
                if let q = index.queue(named: name) { cancelledQueues.append((Int32(q), value.at, Int32(e))) }
            case .suspend, .resume:
                break
            }
        }
        if !cancelledQueues.isEmpty {
            if event.isEmpty { event = [Int32](repeating: -1, count: index.operationCount) }
            // The latest cancelAll of each queue reaches every operation added before it.
            var latest = [Int: (at: Double, event: Int32)]()
            for cancel in cancelledQueues where (latest[Int(cancel.queue)]?.at ?? -.infinity) < cancel.at {
                latest[Int(cancel.queue)] = (cancel.at, cancel.event)
            }
            for (op, queue) in index.queueOfOperation.enumerated() where queue >= 0 && event[op] < 0 {
                guard let cancel = latest[Int(queue)], graph.operations.start(at: op) == .queue,
                      graph.operations.addedAt(at: op) < cancel.at else { continue }
                event[op] = cancel.event
            }
        }
        self.event = event
    }

    /// Whether no event cancels anything.
    var isEmpty: Bool { event.isEmpty }

    /// Whether an event may cancel `operation` before it starts.
    func mayCancel(_ operation: Int) -> Bool {
        !event.isEmpty && event[operation] >= 0
    }

    /// The event that may cancel `operation`, by index in `graph.events`.
    func cancelEvent(of operation: Int) -> Int? {
        guard mayCancel(operation) else { return nil }
        return Int(event[operation])
    }
}
