extension SimulationRun {
    /// Whether operation `op` was meant to run: added to a queue or started by hand.
    func isScheduled(_ op: Int) -> Bool { model.startMode[op] != .never }

    /// Whether `main()` began only after waits inside the operation ended (S19).
    func waitedInside(_ op: Int) -> Bool {
        runReason[op].kind == .wait || runReason[op].kind == .queueWait
    }

    func constraint(_ release: Release) -> Schedule.Constraint {
        switch release.kind {
        case .dependency, .slot, .thread, .wait:
            return Schedule.Constraint(release.kind, operation: release.other >= 0 ? model.name(Int(release.other)) : nil)
        case .resume, .queueWait:
            return Schedule.Constraint(release.kind, queue: release.other >= 0 ? model.queueName(Int(release.other)) : nil)
        case .added, .cancelled, .poolGrowth:
            return Schedule.Constraint(release.kind)
        }
    }

    /// The schedule of a finished run.
    ///
    /// - Complexity: O(*n* log *n* + *e*).
    func schedule() -> Schedule {
        let n = model.operationCount
        // Starts happen in time order, so the order they started is the execution order.
        var started = [Int](repeating: -1, count: Int(nextStart))
        var notStarted: [Int] = []
        notStarted.reserveCapacity(max(0, n - started.count))
        for op in 0..<n {
            if startCounter[op] >= 0 { started[Int(startCounter[op])] = op } else { notStarted.append(op) }
        }
        var makespan = 0.0
        for op in started where phase[op] == .finished { makespan = max(makespan, endTime[op]) }
        // The execution order: started ones, then the never-started ones.
        started.append(contentsOf: notStarted)
        notStarted = []
        var entries: [Schedule.Entry] = []
        entries.reserveCapacity(n)
        for op in started {
            let q = Int(model.queueOf[op])
            let state: Schedule.State
            if phase[op] == .finished {
                state = cancelled[op] ? .cancelled : .finished
            } else if startTime[op].isNaN {
                state = .neverStarted
            } else {
                state = .stuck
            }
            var waited: Schedule.Constraint?
            if !startTime[op].isNaN {
                waited = constraint(waitedInside(op) ? runReason[op] : startReason[op])
            }
            entries.append(Schedule.Entry(
                operation: model.name(op),
                queue: q >= 0 ? model.queueName(q) : nil,
                slot: slot[op] >= 0 && !bypass[op] ? Int(slot[op]) : nil,
                start: startTime[op].isNaN ? nil : startTime[op],
                runStart: runStart[op].isNaN ? nil : runStart[op],
                end: endTime[op].isNaN ? nil : endTime[op],
                state: state,
                waitedFor: waited
            ))
        }
        let stuck = stuckReport()
        return Schedule(
            platform: model.platform,
            entries: entries,
            makespan: makespan,
            queues: queueStatistics(makespan: makespan, stoppedAt: stuck?.time ?? makespan),
            criticalPath: criticalPath(),
            stuck: stuck
        )
    }

    /// Busy time, utilisation, peak concurrency and longest wait of each queue.
    func queueStatistics(makespan: Double, stoppedAt: Double) -> [Schedule.QueueStatistics] {
        var busy = queues.map(\.busyTime)
        for op in 0..<model.operationCount where phase[op] != .finished && slot[op] >= 0 && !bypass[op] {
            let q = Int(model.queueOf[op])
            busy[q] += max(0, stoppedAt - (isLinux ? dispatchedAt[op] : startTime[op]))
        }
        let span = max(makespan, stoppedAt)
        return queues.indices.map { q in
            let width = model.queueWidth[q] == Int.max ? nil : model.queueWidth[q]
            let capacity = Double(width ?? queues[q].peak)
            let utilisation = span > 0 && capacity > 0 ? busy[q] / (capacity * span) : 0
            let longest = queues[q].longestWaitOperation
            return Schedule.QueueStatistics(
                name: model.queueName(q),
                width: width,
                busyTime: busy[q],
                utilisation: utilisation,
                peakConcurrency: queues[q].peak,
                longestWait: queues[q].longestWait,
                longestWaitOperation: longest >= 0 ? model.name(Int(longest)) : nil
            )
        }
    }

    /// Walks back from the operation that finished last: at each step, the constraint that
    /// released it last, until a step released by its addition, a resume or a cancel.
    ///
    /// - Complexity: O(*n*).
    func criticalPath() -> [Schedule.CriticalStep] {
        var last = -1
        for op in 0..<model.operationCount where phase[op] == .finished {
            if last < 0 || endTime[op] > endTime[last] || (endTime[op] == endTime[last] && startCounter[op] > startCounter[last]) {
                last = op
            }
        }
        var steps: [Schedule.CriticalStep] = []
        var visited = Set<Int>()
        var current = last
        while current >= 0, visited.insert(current).inserted {
            let op = current
            // With waits (S19), the end is released by the wait; otherwise by the start.
            let release = waitedInside(op) ? runReason[op] : startReason[op]
            steps.append(Schedule.CriticalStep(
                operation: model.name(op),
                start: startTime[op],
                // An asynchronous operation that never finishes frees its thread when start() returns.
                end: !endTime[op].isNaN ? endTime[op] : (!runStart[op].isNaN ? runStart[op] : startTime[op]),
                releasedBy: constraint(release)
            ))
            switch release.kind {
            case .dependency, .slot, .thread, .wait:
                current = Int(release.other)
            case .queueWait:
                // The operation of that queue that finished last before the wait ended.
                let q = release.other
                var best = -1
                for other in 0..<model.operationCount where model.queueOf[other] == q && phase[other] == .finished && endTime[other] <= runStart[op] {
                    if best < 0 || endTime[other] > endTime[best] { best = other }
                }
                current = best
            case .added, .cancelled, .resume, .poolGrowth:
                current = -1
            }
        }
        return steps.reversed()
    }
}
