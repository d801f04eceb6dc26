extension SimulationRun {
    /// An operation is added to its queue, or started by hand, at its `addedAt`.
    mutating func add(_ op: Int) {
        if model.startMode[op] == .manual {
            // S7: start() on the calling thread; it throws when the operation is not ready.
            if cancelled[op] || depsLeft[op] == 0 {
                readyAt[op] = now
                readyReason[op] = cancelled[op] ? Release(kind: .cancelled, other: -1) : .added
                startReason[op] = readyReason[op]
                start(op)
            } else {
                phase[op] = .failedStart
            }
            return
        }
        let q = Int(model.queueOf[op])
        guard q >= 0 else { return }
        let wasEmpty = queues[q].unfinishedAdded == 0
        queues[q].unfinishedAdded += 1
        phase[op] = .pending
        if isLinux && model.isBarrier[op] && wasEmpty && (depsLeft[op] == 0 || cancelled[op]) {
            // linux-operationqueue.md rule 40: a barrier on an empty queue goes straight to
            // libdispatch, ignoring suspension and the slot limit.
            bypass[op] = true
            readyAt[op] = now
            dispatchedAt[op] = now
            startReason[op] = .added
            phase[op] = .dispatched
            pools[model.queuePool[q]].pending.append(Int32(op))
            return
        }
        if cancelled[op] || depsLeft[op] == 0 {
            makeReady(op, reason: cancelled[op] ? Release(kind: .cancelled, other: -1) : .added)
        }
        if isLinux { queues[q].hasBatch = true }
        markDirty(q)
    }

    /// A pending operation becomes ready: into its queue's choice order.
    mutating func makeReady(_ op: Int, reason: Release) {
        guard phase[op] == .pending else { return }
        phase[op] = .ready
        readyAt[op] = now
        readyReason[op] = reason
        let q = Int(model.queueOf[op])
        queues[q].ready.insert(UInt64(model.choiceRank[op]) << 40 | UInt64(model.additionRank[op]))
        markDirty(q)
    }

    mutating func markDirty(_ q: Int) {
        count(1)
        guard !queues[q].isDirty else { return }
        queues[q].isDirty = true
        dirtyQueues.append(Int32(q))
    }

    /// Takes a slot of the queue for `op`; returns it.
    mutating func takeSlot(_ op: Int, queue q: Int) {
        queues[q].used += 1
        queues[q].peak = max(queues[q].peak, queues[q].used)
        if let free = queues[q].freeSlots.popMin() {
            slot[op] = free
        } else {
            slot[op] = queues[q].nextSlot
            queues[q].nextSlot += 1
        }
    }

    /// Whether an operation that starts now holds a thread (apple's global limit).
    @inline(__always)
    func needsThread(_ op: Int) -> Bool {
        !cancelled[op] && (!model.isAsynchronous[op] || model.waitStart[op] != model.waitStart[op + 1]
            || model.queueWaitStart[op] != model.queueWaitStart[op + 1])
    }

    /// What released a start that happens now, for an operation ready since `readyAt`.
    @inline(__always)
    func releaseAtStart(_ op: Int, queue q: Int) -> Release {
        if readyAt[op] == now { return readyReason[op] }
        if queues[q].resumedAt == now { return Release(kind: .resume, other: Int32(q)) }
        if queues[q].lastFreedAt == now { return Release(kind: .slot, other: queues[q].lastFreedBy) }
        if !isLinux && lastThreadFreedAt == now { return Release(kind: .thread, other: lastThreadFreedBy) }
        return readyReason[op]
    }

    /// The operation starts now: cancelled ones finish at once (S6), others wait (S19) or run.
    mutating func start(_ op: Int) {
        startTime[op] = now
        if isLinux && model.isBarrier[op] { queues[Int(model.queueOf[op])].runningBarriers += 1 }
        startCounter[op] = nextStart
        nextStart += 1
        let q = Int(model.queueOf[op])
        if q >= 0 && !bypass[op] {
            let waited = now - readyAt[op]
            if queues[q].longestWaitOperation < 0 || waited > queues[q].longestWait {
                queues[q].longestWait = waited
                queues[q].longestWaitOperation = Int32(op)
            }
        }
        if cancelled[op] {
            // start() sees the flag and finishes without main(): at once, through the event
            // queue so that chains of cancelled operations never recurse.
            runStart[op] = now
            runReason[op] = startReason[op]
            phase[op] = .running
            timed.insert(TimedEvent(time: now, order: finishOrder(op), operation: Int32(op)))
            return
        }
        count(1 + Int(model.waitStart[op + 1] - model.waitStart[op]) + Int(model.queueWaitStart[op + 1] - model.queueWaitStart[op]))
        waitsLeft[op] = Int32(unfinishedWaitTargets(op))
        if waitsLeft[op] > 0 || waitedQueuesNotEmpty(op) > 0 {
            phase[op] = .waiting
            takeThread(op, blocked: true)
            return
        }
        beginRun(op, reason: startReason[op])
    }

    /// Unfinished `waitsFor` targets of an operation, one per wait; kept in `waitsLeft` while
    /// it waits and counted down as they finish.
    @inline(__always)
    func unfinishedWaitTargets(_ op: Int) -> Int {
        var left = 0
        for position in Int(model.waitStart[op])..<Int(model.waitStart[op + 1]) {
            if phase[Int(model.waitTargets[position])] != .finished { left += 1 }
        }
        return left
    }

    /// The `waitsForQueues` of an operation whose queue has unfinished operations now.
    @inline(__always)
    func waitedQueuesNotEmpty(_ op: Int) -> Int {
        var left = 0
        for position in Int(model.queueWaitStart[op])..<Int(model.queueWaitStart[op + 1]) {
            if queues[Int(model.queueWaitTargets[position])].unfinishedAdded > 0 { left += 1 }
        }
        return left
    }

    /// `main()` begins: the operation runs for its duration (or forever, S8).
    mutating func beginRun(_ op: Int, reason: Release) {
        runStart[op] = now
        runReason[op] = reason
        phase[op] = .running
        if holdsThread[op] && isLinux && model.cores != nil && blockedFlag[op] {
            // From waiting (blocked) to running on a CPU.
            blockedFlag[op] = false
            pools[poolOf(op)].blockedBusy -= 1
        }
        if cancelled[op] && model.checksCancellation[op] && model.finishes[op] {
            timed.insert(TimedEvent(time: now, order: finishOrder(op), operation: Int32(op)))
            return
        }
        if model.isAsynchronous[op] {
            // start() returned: the thread is free, the slot stays held until it finishes.
            releaseThread(op)
        } else if !holdsThread[op] {
            takeThread(op, blocked: model.cores == nil)
        }
        guard model.finishes[op] else { return }
        if model.cores != nil && !model.isAsynchronous[op] {
            remaining[op] = duration[op]
            cpuPosition[op] = Int32(cpuRunning.count)
            cpuRunning.append(Int32(op))
            if duration[op] == 0 { timed.insert(TimedEvent(time: now, order: finishOrder(op), operation: Int32(op))) }
        } else {
            timed.insert(TimedEvent(time: now + duration[op], order: finishOrder(op), operation: Int32(op)))
        }
    }

    func poolOf(_ op: Int) -> Int {
        let q = Int(model.queueOf[op])
        return q >= 0 ? model.queuePool[q] : 0
    }

    mutating func takeThread(_ op: Int, blocked: Bool) {
        let q = Int(model.queueOf[op])
        guard q >= 0, !holdsThread[op] else { return }
        holdsThread[op] = true
        if isLinux {
            pools[model.queuePool[q]].busy += 1
            blockedFlag[op] = blocked
            if blocked { pools[model.queuePool[q]].blockedBusy += 1 }
        } else if !model.queueIsMain[q] {
            threadsUsed += 1
        }
    }

    mutating func releaseThread(_ op: Int) {
        guard holdsThread[op] else { return }
        holdsThread[op] = false
        let q = Int(model.queueOf[op])
        if isLinux {
            let p = model.queuePool[q]
            pools[p].busy -= 1
            if blockedFlag[op] {
                blockedFlag[op] = false
                pools[p].blockedBusy -= 1
            }
            pools[p].lastFreedBy = Int32(op)
            pools[p].lastFreedAt = now
        } else if !model.queueIsMain[q] {
            threadsUsed -= 1
            lastThreadFreedBy = Int32(op)
            lastThreadFreedAt = now
            // Queues waiting for a thread stay candidates (`dispatchApple`); those whose head was
            // cancelled meanwhile may need none now.
            for q in cancelledWhileReady { markDirty(Int(q)) }
            cancelledWhileReady.removeAll()
            threadReleasedSinceDispatch = true
        }
    }

    /// An end event: finishes the operation unless it already finished (cancelled earlier).
    mutating func finishIfRunning(_ op: Int) {
        guard phase[op] == .running else { return }
        finish(op)
    }

    /// The operation finishes now: dependents, waiters and its slot are released.
    mutating func finish(_ op: Int) {
        if model.cores != nil && cpuPosition.indices.contains(op) && cpuPosition[op] >= 0 { removeFromCPU(op) }
        releaseThread(op)
        phase[op] = .finished
        endTime[op] = now
        if runStart[op].isNaN { runStart[op] = now }
        count(1 + Int(model.dependentStart[op + 1] - model.dependentStart[op]) + 2 * Int(model.waiterStart[op + 1] - model.waiterStart[op]))
        // Dependents first (linux-operationqueue.md rule 41: before the slot is freed).
        for position in Int(model.dependentStart[op])..<Int(model.dependentStart[op + 1]) {
            let dependent = Int(model.dependentTargets[position])
            depsLeft[dependent] -= 1
            if depsLeft[dependent] == 0 && phase[dependent] == .pending && !cancelled[dependent] {
                makeReady(dependent, reason: Release(kind: .dependency, other: Int32(op)))
                if isLinux { schedule(Int(model.queueOf[dependent])) }
            }
        }
        let waiters = Int(model.waiterStart[op])..<Int(model.waiterStart[op + 1])
        for position in waiters where phase[Int(model.waiterTargets[position])] == .waiting {
            waitsLeft[Int(model.waiterTargets[position])] -= 1
        }
        for position in waiters {
            recheckWaits(Int(model.waiterTargets[position]), reason: Release(kind: .wait, other: Int32(op)))
        }
        let q = Int(model.queueOf[op])
        guard q >= 0 else { return }
        queues[q].unfinishedAdded -= 1
        if isLinux && model.isBarrier[op] && !startTime[op].isNaN {
            queues[q].runningBarriers -= 1
            if queues[q].runningBarriers == 0 && !queues[q].held.isEmpty {
                for held in queues[q].held { pools[model.queuePool[q]].pending.append(held) }
                queues[q].held.removeAll()
            }
        }
        if !bypass[op] && slot[op] >= 0 {
            queues[q].used -= 1
            queues[q].freeSlots.insert(slot[op])
            queues[q].busyTime += now - (isLinux ? dispatchedAt[op] : startTime[op])
            queues[q].lastFreedBy = Int32(op)
            queues[q].lastFreedAt = now
            markDirty(q)
        }
        if queues[q].unfinishedAdded == 0 {
            count(model.queueWaiters[q].count)
            for waiter in model.queueWaiters[q] {
                recheckWaits(Int(waiter), reason: Release(kind: .queueWait, other: Int32(q)))
            }
        }
        if isLinux { schedule(q) }
    }

    /// A waiting operation re-counts what it waits for; when nothing is left, it runs.
    mutating func recheckWaits(_ waiter: Int, reason: Release) {
        count(1 + Int(model.queueWaitStart[waiter + 1] - model.queueWaitStart[waiter]))
        guard phase[waiter] == .waiting, waitsLeft[waiter] == 0, waitedQueuesNotEmpty(waiter) == 0 else { return }
        beginRun(waiter, reason: reason)
    }

    /// Applies a timed event: cancel, cancelAll, suspend, resume.
    mutating func apply(_ event: SimulationEvent) {
        switch event.action {
        case .cancel(let op):
            cancel(Int(op))
        case .cancelAll(let q):
            // S20: every operation currently in the queue.
            let added = Int(model.queueAdditionStart[Int(q)])..<Int(model.queueAdditionStart[Int(q) + 1])
            count(added.count)
            for op in model.queueAdditions[added] {
                let phase = self.phase[Int(op)]
                if phase != .notAdded && phase != .finished { cancel(Int(op)) }
            }
        case .suspend(let q):
            queues[Int(q)].suspended = true
        case .resume(let q):
            guard queues[Int(q)].suspended else { return }
            queues[Int(q)].suspended = false
            queues[Int(q)].resumedAt = now
            markDirty(Int(q))
            if isLinux { schedule(Int(q)) }
        }
    }

    /// `cancel()` (S6): a pending operation ignores its dependencies; an executing one stops
    /// now if it checks cancellation; a finished one is unaffected.
    mutating func cancel(_ op: Int) {
        guard phase[op] != .finished, !cancelled[op] else { return }
        cancelled[op] = true
        switch phase[op] {
        case .pending:
            if model.queueOf[op] >= 0 {
                makeReady(op, reason: Release(kind: .cancelled, other: -1))
                if isLinux { schedule(Int(model.queueOf[op])) }
            }
        case .running:
            if model.checksCancellation[op] && model.finishes[op] { finish(op) }
        case .ready:
            // Apple model: a queue waiting for a thread looks at its head again once one is
            // released (at once when one was released at this instant already).
            if !isLinux {
                if threadReleasedSinceDispatch { markDirty(Int(model.queueOf[op])) } else { cancelledWhileReady.append(model.queueOf[op]) }
            }
        case .notAdded, .dispatched, .waiting, .finished, .failedStart:
            break
        }
    }
}
