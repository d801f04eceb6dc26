@testable import OpLintCore

/// Delta debugging for operation graphs: removes events, operations, edges, waits and
/// settings one at a time, keeping each removal after which `keeps` still holds, until no
/// single removal does. What is left is a graph where every element matters to `keeps` — the
/// smallest example of a disagreement to keep as a regression.
enum GraphMinimiser {
    /// The smallest graph found from `graph` for which `keeps` holds (`graph` itself must).
    ///
    /// - Complexity: O(*k*²) calls of `keeps` for a graph of *k* elements, at worst.
    static func minimise(_ graph: OperationGraph, keeps: (OperationGraph) -> Bool) -> OperationGraph {
        var current = graph
        var changed = true
        while changed {
            changed = false
            for candidate in smaller(current) where keeps(candidate) {
                current = candidate
                changed = true
                break
            }
        }
        return current
    }

    /// Every graph one step smaller or simpler than `graph`, biggest steps first.
    static func smaller(_ graph: OperationGraph) -> [OperationGraph] {
        var result: [OperationGraph] = []
        for i in graph.operations.indices { result.append(removing(operation: i, from: graph)) }
        for e in graph.events.indices {
            var g = graph
            g.events.remove(at: e)
            result.append(g)
        }
        for q in graph.queues.indices where !graph.operations.contains(where: { $0.queue == graph.queues[q].name })
            && !graph.operations.contains(where: { $0.waitsForQueues.contains { $0.name == graph.queues[q].name } }) {
            var g = graph
            let name = g.queues.remove(at: q).name
            g.events.removeAll { $0.action.target == name }
            result.append(g)
        }
        for i in graph.operations.indices {
            let op = graph.operations[i]
            func variant(_ change: (inout OperationGraph.Operation) -> Void) {
                var g = graph
                change(&g.operations[i])
                if g.operations[i] != op { result.append(g) }
            }
            for d in op.dependencies.indices { variant { $0.dependencies.remove(at: d) } }
            for w in op.waitsFor.indices { variant { $0.waitsFor.remove(at: w) } }
            for w in op.waitsForQueues.indices { variant { $0.waitsForQueues.remove(at: w) } }
            variant { $0.exclusive = [] }
            variant { $0.priority = .normal }
            variant { $0.qualityOfService = .default }
            variant { $0.addedAt = 0 }
            variant { $0.duration = 1 }
            variant { $0.checksCancellation = true }
            variant { $0.finishes = true; $0.isAsynchronous = false; $0.kind = .block }
        }
        for q in graph.queues.indices {
            var g = graph
            g.queues[q].qualityOfService = .default
            g.queues[q].isSuspended = false
            if g.queues[q] != graph.queues[q] { result.append(g) }
        }
        return result
    }

    /// `graph` without operation `i` and every reference to it.
    private static func removing(operation i: Int, from graph: OperationGraph) -> OperationGraph {
        var g = graph
        let name = g.operations.remove(at: i).name
        for k in g.operations.indices {
            g.operations[k].dependencies.removeAll { $0.name == name }
            g.operations[k].waitsFor.removeAll { $0.name == name }
        }
        g.events.removeAll { if case .cancel(let target) = $0.action { return target == name } else { return false } }
        return g
    }
}
