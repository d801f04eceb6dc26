extension SimulationRun {
    static let additionMask: UInt64 = (1 << 40) - 1

    /// The operation at the head of a queue's choice order.
    func head(of q: Int) -> Int? {
        guard let key = queues[q].ready.min else { return nil }
        return Int(model.additionOrder[Int(key & Self.additionMask)])
    }

    /// Apple model: starts ready operations while queues have free slots and threads remain.
    /// Across queues, the higher effective QoS first (S10), then queue order.
    ///
    /// - Complexity: O(log *n* + candidate queues) per start.
    mutating func dispatchApple() {
        while true {
            var best = -1
            var bestQoS = QualityOfService.background
            var bestRank = Int.max
            var i = 0
            while i < dirtyQueues.count {
                let q = Int(dirtyQueues[i])
                let state = queues[q]
                var keep = !state.suspended && state.used < state.width
                var op = -1
                if keep, let top = head(of: q) { op = top } else { keep = false }
                if keep && !model.queueIsMain[q] && needsThread(op) && threadsUsed >= model.threads {
                    threadBlocked = true
                    keep = false
                }
                guard keep else {
                    queues[q].isDirty = false
                    dirtyQueues.swapAt(i, dirtyQueues.count - 1)
                    dirtyQueues.removeLast()
                    continue
                }
                let qos = model.effectiveQoS[op]
                let rank = queueTieRank[q]
                if best < 0 || qos > bestQoS || (qos == bestQoS && rank < bestRank) {
                    best = q
                    bestQoS = qos
                    bestRank = rank
                }
                i += 1
            }
            guard best >= 0, let key = queues[best].ready.popMin() else { return }
            let op = Int(model.additionOrder[Int(key & Self.additionMask)])
            startReason[op] = releaseAtStart(op, queue: best)
            takeSlot(op, queue: best)
            phase[op] = .dispatched
            dispatchedAt[op] = now
            start(op)
        }
    }

    /// Linux model: `_schedule()` — hand ready operations to libdispatch while slots are free,
    /// in bucket order then order of addition (linux-operationqueue.md rule 11).
    ///
    /// - Complexity: O(log *n*) per operation handed over.
    mutating func schedule(_ q: Int) {
        guard q >= 0, !queues[q].suspended else { return }
        while queues[q].used < queues[q].width, let key = queues[q].ready.popMin() {
            let op = Int(model.additionOrder[Int(key & Self.additionMask)])
            startReason[op] = releaseAtStart(op, queue: q)
            takeSlot(op, queue: q)
            phase[op] = .dispatched
            dispatchedAt[op] = now
            pools[model.queuePool[q]].pending.append(Int32(op))
        }
    }

    /// Linux model: one `_schedule()` per queue that received additions at this instant, then
    /// the pools run what they can.
    mutating func scheduleBatches() {
        for q in dirtyQueues where queues[Int(q)].hasBatch {
            queues[Int(q)].hasBatch = false
            schedule(Int(q))
        }
        for q in dirtyQueues { queues[Int(q)].isDirty = false }
        dirtyQueues.removeAll(keepingCapacity: true)
        runPools()
    }

    /// Linux model: free pool threads take dispatched work items first-in first-out.
    mutating func runPools() {
        for p in pools.indices {
            while pools[p].busy < pools[p].threads, let op32 = pools[p].pending.popFirst() {
                let op = Int(op32)
                let q = Int(model.queueOf[op])
                if q >= 0 && queues[q].runningBarriers > 0 {
                    queues[q].held.append(op32)
                    continue
                }
                if dispatchedAt[op] < now {
                    startReason[op] = pools[p].grewAt == now
                        ? Release(kind: .poolGrowth, other: -1)
                        : Release(kind: .thread, other: pools[p].lastFreedBy)
                }
                start(op)
            }
        }
        scheduleTickIfNeeded()
    }

    /// Whether pool `p` grows at the next tick: work queued, every thread busy and blocked.
    func poolWantsThread(_ p: Int) -> Bool {
        p < QualityOfService.allCases.count && !pools[p].pending.isEmpty && pools[p].busy >= pools[p].threads
            && pools[p].blockedBusy >= pools[p].busy && pools[p].threads < SimulationOptions.linuxMaximumThreads
    }

    mutating func scheduleTickIfNeeded() {
        guard !tickPending, pools.indices.contains(where: poolWantsThread) else { return }
        tickPending = true
        // The pool monitor fires every second, phased at the start (rule 23).
        timed.insert(TimedEvent(time: (now + 1).rounded(.down), order: TimedEvent.tickOrder, operation: -1))
    }

    /// Linux model: the once-a-second pool monitor adds a thread to every starved pool.
    mutating func tick() {
        tickPending = false
        for p in pools.indices where poolWantsThread(p) {
            pools[p].threads += 1
            pools[p].grewAt = now
        }
        runPools()
    }
}
