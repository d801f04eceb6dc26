extension SimulationRun {
    static let additionMask: UInt64 = (1 << 40) - 1

    /// The operation at the head of a queue's choice order.
    @inline(__always)
    func head(of q: Int) -> Int? {
        guard let key = queues[q].ready.min else { return nil }
        return Int(model.additionOrder[Int(key & Self.additionMask)])
    }

    /// Apple model: starts ready operations while queues have free slots and threads remain.
    /// Across queues, the higher effective QoS first (S10), then queue order.
    ///
    /// Queues whose state changed since the last call (`dirtyQueues`) become candidates keyed
    /// by their head; the best candidate is taken from two heaps — heads that need a thread
    /// and heads that do not — so a start costs O(log *queues*), not a pass over every queue.
    /// - Complexity: O(log *n* + log *queues*) per start, plus O(log *queues*) per queue made
    ///   dirty.
    mutating func dispatchApple() {
        for q in dirtyQueues {
            queues[Int(q)].isDirty = false
            enterCandidate(Int(q))
        }
        dirtyQueues.removeAll(keepingCapacity: true)
        threadReleasedSinceDispatch = false
        while true {
            let free = validCandidate(needsThread: false)
            // Without a free thread only heads that need none can start (the main queue, cancelled ones…).
            let threaded = threadsUsed < model.threads ? validCandidate(needsThread: true) : nil
            let pick: QueueCandidate
            switch (free, threaded) {
            case (nil, nil): return
            case (let f?, nil): pick = f
            case (nil, let t?): pick = t
            case (let f?, let t?): pick = min(f, t)
            }
            if pick == threaded { _ = threadCandidates.popMin() } else { _ = freeCandidates.popMin() }
            let best = Int(pick.queue)
            guard let key = queues[best].ready.popMin() else { continue }
            let op = Int(model.additionOrder[Int(key & Self.additionMask)])
            startReason[op] = releaseAtStart(op, queue: best)
            takeSlot(op, queue: best)
            phase[op] = .dispatched
            dispatchedAt[op] = now
            start(op)
            enterCandidate(best)
        }
    }

    /// Makes queue `q` a candidate for the next start if it can start its head now (but for
    /// the thread limit), replacing any earlier entry of it.
    mutating func enterCandidate(_ q: Int) {
        count(1)
        queues[q].candidateStamp &+= 1
        guard !queues[q].suspended, queues[q].used < queues[q].width, let op = head(of: q) else { return }
        let qos = UInt64(QualityOfService.allCases.count - 1 - Self.qosOrder(model.effectiveQoS[op]))
        let candidate = QueueCandidate(key: qos << 32 | UInt64(queueTieRank[q]), queue: Int32(q), stamp: queues[q].candidateStamp)
        if !model.queueIsMain[q] && needsThread(op) {
            threadCandidates.insert(candidate)
        } else {
            freeCandidates.insert(candidate)
        }
    }

    /// The best entry of one candidate heap that still stands, dropping stale ones on the way.
    mutating func validCandidate(needsThread: Bool) -> QueueCandidate? {
        while let top = needsThread ? threadCandidates.min : freeCandidates.min {
            count(1)
            let q = Int(top.queue)
            if top.stamp == queues[q].candidateStamp && !queues[q].suspended && queues[q].used < queues[q].width
                && !queues[q].ready.isEmpty {
                return top
            }
            if needsThread { _ = threadCandidates.popMin() } else { _ = freeCandidates.popMin() }
        }
        return nil
    }

    /// The position of a quality of service from the lowest (background, 0) to the highest.
    static func qosOrder(_ qos: QualityOfService) -> Int {
        switch qos {
        case .background: 0
        case .utility: 1
        case .default: 2
        case .userInitiated: 3
        case .userInteractive: 4
        }
    }

    /// Linux model: `_schedule()` — hand ready operations to libdispatch while slots are free,
    /// in bucket order then order of addition (linux-operationqueue.md rule 11).
    ///
    /// - Complexity: O(log *n*) per operation handed over.
    mutating func schedule(_ q: Int) {
        guard q >= 0, !queues[q].suspended else { return }
        while queues[q].used < queues[q].width, let key = queues[q].ready.popMin() {
            count(1)
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
                count(1)
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
