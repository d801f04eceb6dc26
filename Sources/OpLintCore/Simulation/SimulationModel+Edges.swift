extension SimulationModel {
    /// The implicit edges of barriers (S18), per queue in order of addition: a barrier waits
    /// for the previous barrier and every operation added since; later operations wait for it.
    ///
    /// - Complexity: O(*n*).
    static func barrierEdges(order: [Int32], queueOf: [Int32], isBarrier: [Bool], queueCount: Int) -> [(waiter: Int32, target: Int32)] {
        guard isBarrier.contains(true) else { return [] }
        var lastBarrier = [Int32](repeating: -1, count: queueCount)
        var since = [[Int32]](repeating: [], count: queueCount)
        var edges: [(Int32, Int32)] = []
        for op in order {
            let q = Int(queueOf[Int(op)])
            guard q >= 0 else { continue }
            if isBarrier[Int(op)] {
                if lastBarrier[q] >= 0 { edges.append((op, lastBarrier[q])) }
                for earlier in since[q] { edges.append((op, earlier)) }
                lastBarrier[q] = op
                since[q] = []
            } else {
                if lastBarrier[q] >= 0 { edges.append((op, lastBarrier[q])) }
                since[q].append(op)
            }
        }
        return edges
    }

    /// `order` grouped by queue, keeping its order within each queue (operations in no queue left out).
    ///
    /// - Complexity: O(*n* + queues).
    static func groupedByQueue(_ order: [Int32], queueOf: [Int32], queueCount: Int) -> (start: [Int32], operations: [Int32]) {
        var start = [Int32](repeating: 0, count: queueCount + 1)
        for op in order where queueOf[Int(op)] >= 0 { start[Int(queueOf[Int(op)]) + 1] += 1 }
        for q in 0..<queueCount { start[q + 1] += start[q] }
        var fill = start
        var operations = [Int32](repeating: 0, count: Int(start[queueCount]))
        for op in order where queueOf[Int(op)] >= 0 {
            let q = Int(queueOf[Int(op)])
            operations[Int(fill[q])] = op
            fill[q] += 1
        }
        return (start, operations)
    }

    /// The index's edges plus `extra`, as one adjacency, with each edge's position in the index (-1 = extra).
    ///
    /// - Complexity: O(*n* + *e*).
    static func merge(index: GraphIndex, extra: [(waiter: Int32, target: Int32)], count n: Int) -> (start: [Int32], targets: [Int32], source: [Int32]) {
        var extraStart = [Int32](repeating: 0, count: n + 1)
        for edge in extra { extraStart[Int(edge.waiter) + 1] += 1 }
        for i in 0..<n { extraStart[i + 1] += extraStart[i] }
        var extraTargets = [Int32](repeating: 0, count: extra.count)
        var fill = extraStart
        for edge in extra {
            extraTargets[Int(fill[Int(edge.waiter)])] = edge.target
            fill[Int(edge.waiter)] += 1
        }
        var start = [Int32](repeating: 0, count: n + 1)
        var targets: [Int32] = []
        var source: [Int32] = []
        targets.reserveCapacity(index.dependencyTargets.count + extra.count)
        source.reserveCapacity(targets.capacity)
        for i in 0..<n {
            for position in index.dependencyEdges(of: i) {
                targets.append(index.dependencyTargets[position])
                source.append(Int32(position))
            }
            for position in Int(extraStart[i])..<Int(extraStart[i + 1]) {
                targets.append(extraTargets[position])
                source.append(-1)
            }
            start[i + 1] = Int32(targets.count)
        }
        return (start, targets, source)
    }

    /// The reverse of an adjacency, by counting sort (sources in increasing order).
    ///
    /// - Complexity: O(*n* + *e*).
    static func reverse(start: [Int32], targets: [Int32], count n: Int) -> (start: [Int32], targets: [Int32]) {
        var reverseStart = [Int32](repeating: 0, count: n + 1)
        for target in targets { reverseStart[Int(target) + 1] += 1 }
        for i in 0..<n { reverseStart[i + 1] += reverseStart[i] }
        var fill = reverseStart
        var reverseTargets = [Int32](repeating: 0, count: targets.count)
        for source in 0..<n {
            for j in Int(start[source])..<Int(start[source + 1]) {
                let target = Int(targets[j])
                reverseTargets[Int(fill[target])] = Int32(source)
                fill[target] += 1
            }
        }
        return (reverseStart, reverseTargets)
    }

    /// The file's events and the `--cancel` what-ifs, resolved and sorted by time (stable).
    ///
    /// - Complexity: O(*k* log *k*) for *k* events.
    static func events(_ graph: OperationGraph, whatIf: WhatIf, index: GraphIndex, platform: SimulationPlatform) -> [SimulationEvent] {
        var result: [SimulationEvent] = []
        func operations(_ name: String) -> [Int32] {
            if let i = index.operation(named: name) { return [Int32(i)] }
            // A counted operation named as a whole: all its copies.
            var copies: [Int32] = []
            var k = 1
            while let i = index.operation(named: "\(name)#\(k)") { copies.append(Int32(i)); k += 1 }
            return copies
        }
        for event in graph.events {
            switch event.action {
            case .cancel(let name):
                for op in operations(name) { result.append(SimulationEvent(at: event.at, action: .cancel(operation: op))) }
            case .cancelAll(let name):
                guard let q = index.queue(named: name) else { continue }
                // linux-operationqueue.md rule 38: a no-op on the main queue.
                if platform == .linux && graph.queues[q].isMain { continue }
                result.append(SimulationEvent(at: event.at, action: .cancelAll(queue: Int32(q))))
            case .suspend(let name):
                guard let q = index.queue(named: name) else { continue }
                if platform == .linux && graph.queues[q].isMain { continue }
                result.append(SimulationEvent(at: event.at, action: .suspend(queue: Int32(q))))
            case .resume(let name):
                guard let q = index.queue(named: name) else { continue }
                if platform == .linux && graph.queues[q].isMain { continue }
                result.append(SimulationEvent(at: event.at, action: .resume(queue: Int32(q))))
            }
        }
        for cancel in whatIf.cancels {
            for op in operations(cancel.operation) { result.append(SimulationEvent(at: cancel.at, action: .cancel(operation: op))) }
        }
        let order = result.indices.sorted { (result[$0].at, $0) < (result[$1].at, $1) }
        return order.map { result[$0] }
    }
}
