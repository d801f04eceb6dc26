import Foundation
import OpLintCore

extension OperationGraph {
    /// A snapshot of running `OperationQueue`s as a format-v1 graph: their settings and
    /// suspension, their operations in queue order with dependencies, priorities, quality of
    /// service and names, and each operation's state in `labels["state"]` (`pending`, `ready`,
    /// `executing`, `cancelled`, `finished`).
    ///
    /// Operations that a captured operation depends on but that are on no captured queue are
    /// included too: a finished one as started by hand and already done (duration 0), an
    /// unfinished one without a queue, so the linter reports that it never starts unless its
    /// queue is captured as well. A cancelled operation gets a `cancel` event at time 0.
    /// Unnamed queues and operations are named `queue 1`, `operation 1`, …; repeated names get
    /// ` (2)`, ` (3)`, … so that every name is unique.
    ///
    /// - Complexity: O(*n* + *e*) for *n* operations and *e* dependencies reachable from the queues.
    public static func capture(_ queues: [OperationQueue]) -> OperationGraph {
        var names = UniqueNames()
        var graph = OperationGraph()
        var seen: [ObjectIdentifier: Int] = [:]
        var captured: [(operation: Foundation.Operation, queue: String?)] = []

        for (index, queue) in queues.enumerated() {
            let name = names.unique(queue.name, fallback: "queue \(index + 1)", namespace: .queue)
            var model = Queue(
                name: name,
                maxConcurrentOperationCount: queue.maxConcurrentOperationCount,
                qualityOfService: OpLintCore.QualityOfService(foundation: queue.qualityOfService),
                isMain: queue === OperationQueue.main,
                isSuspended: queue.isSuspended
            )
            if model.isMain { model.maxConcurrentOperationCount = 1 }
            graph.queues.append(model)
            for operation in queue.operations where seen[ObjectIdentifier(operation)] == nil {
                seen[ObjectIdentifier(operation)] = captured.count
                captured.append((operation, name))
            }
        }
        // Dependencies outside the captured queues, breadth first (no recursion).
        var next = 0
        while next < captured.count {
            for dependency in captured[next].operation.dependencies where seen[ObjectIdentifier(dependency)] == nil {
                seen[ObjectIdentifier(dependency)] = captured.count
                captured.append((dependency, nil))
            }
            next += 1
        }

        let operationNames = captured.enumerated().map { index, entry in
            names.unique(entry.operation.name, fallback: "operation \(index + 1)", namespace: .operation)
        }
        for (index, entry) in captured.enumerated() {
            let operation = entry.operation
            let state = Self.state(of: operation)
            var model = Operation(
                name: operationNames[index],
                queue: entry.queue,
                start: entry.queue != nil ? .queue : (state == "finished" ? .manual : .never),
                dependencies: operation.dependencies.compactMap { dependency in
                    seen[ObjectIdentifier(dependency)].map { Reference(operationNames[$0]) }
                },
                priority: QueuePriority(rawValue: operation.queuePriority.rawValue),
                qualityOfService: OpLintCore.QualityOfService(foundation: operation.qualityOfService)
            )
            model.isAsynchronous = operation.isAsynchronous
            if state == "finished" { model.duration = 0 }
            model.labels["state"] = state
            graph.operations.append(model)
            if state == "cancelled" {
                graph.events.append(Event(at: 0, .cancel(operation: model.name)))
            }
        }
        return graph
    }

    /// `capture([queue, …])`.
    public static func capture(_ queues: OperationQueue...) -> OperationGraph {
        capture(queues)
    }

    /// The state an operation is in, as a word.
    static func state(of operation: Foundation.Operation) -> String {
        if operation.isFinished { return "finished" }
        if operation.isExecuting { return "executing" }
        if operation.isCancelled { return "cancelled" }
        return operation.isReady ? "ready" : "pending"
    }

    /// Names made unique per namespace: a repeated name gets ` (2)`, ` (3)`, …
    struct UniqueNames {
        enum Namespace { case queue, operation }
        private var used: [Namespace: Set<String>] = [:]

        mutating func unique(_ name: String?, fallback: String, namespace: Namespace) -> String {
            let base = (name?.isEmpty == false ? name : nil) ?? fallback
            var candidate = base
            var counter = 2
            while used[namespace, default: []].contains(candidate) {
                candidate = "\(base) (\(counter))"
                counter += 1
            }
            used[namespace, default: []].insert(candidate)
            return candidate
        }
    }
}

extension OpLintCore.QualityOfService {
    /// The model's value for Foundation's `QualityOfService`.
    init(foundation: Foundation.QualityOfService) {
        switch foundation {
        case .userInteractive: self = .userInteractive
        case .userInitiated: self = .userInitiated
        case .utility: self = .utility
        case .background: self = .background
        default: self = .default
        }
    }
}
