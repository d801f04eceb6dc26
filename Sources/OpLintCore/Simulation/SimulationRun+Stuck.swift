extension SimulationRun {
    /// One edge of the wait-for graph, by index.
    struct WaitFor {
        var target: Int
        var reason: StuckReport.Reason
        var location: SourceLocation?
    }

    /// The wait-for graph when no progress is possible, reduced to root causes; nil when
    /// every operation that was added or started finished.
    ///
    /// - Complexity: O(*n* + *e*) for the graph (a waiter and the many operations holding what
    ///   it needs meet in one shared node), plus the search for what waits behind each cause
    ///   (`StuckGraph.blocked`: linear, exact while its budget lasts).
    func stuckReport() -> StuckReport? {
        let n = model.operationCount
        var graph = StuckGraph(operationCount: n, queueCount: model.queueCount)
        for op in 0..<n where isScheduled(op) && phase[op] != .finished { graph.add(op) }
        guard !graph.nodes.isEmpty else { return nil }

        // Who holds what, for slot and thread edges.
        var slotHolders = [[Int]](repeating: [], count: model.queueCount)
        var threadHolders: [Int] = []
        var poolHolders = [[Int]](repeating: [], count: pools.count)
        var addedUnfinished = [[Int]](repeating: [], count: model.queueCount)
        for op in 0..<n where phase[op] != .finished {
            let q = Int(model.queueOf[op])
            guard q >= 0 else { continue }
            if phase[op] != .notAdded && phase[op] != .failedStart { addedUnfinished[q].append(op) }
            if slot[op] >= 0 && !bypass[op] { slotHolders[q].append(op) }
            if holdsThread[op] {
                if isLinux { poolHolders[model.queuePool[q]].append(op) } else if !model.queueIsMain[q] { threadHolders.append(op) }
            }
        }

        // Edges of each node; never-started targets and shared resources join the graph as they are found.
        var root: [StuckReport.RootCause.Kind?] = []
        var i = 0
        while i < graph.nodes.count {
            let node = graph.nodes[i]
            if let resource = StuckGraph.Resource(node: node, queueCount: model.queueCount) {
                let holders: [Int]
                switch resource {
                case .slots(let q): holders = slotHolders[q]
                case .drain(let q): holders = addedUnfinished[q]
                case .threads: holders = threadHolders
                case .pool(let p): holders = poolHolders[p]
                }
                graph.setEdges(i, holders.map { WaitFor(target: $0, reason: .thread, location: nil) })
                root.append(nil)
            } else {
                let (r, e) = waits(of: node, addedUnfinished: addedUnfinished)
                graph.setEdges(i, e)
                root.append(r)
            }
            i += 1
        }
        let nodes = graph.nodes
        let components = WaitForComponents(start: graph.edgeStart, targets: graph.targets)

        var causes: [(first: Int, cause: StuckReport.RootCause, members: [Int])] = []
        for c in 0..<components.count {
            let members = components.component(c)
            let first = members[members.startIndex]
            let isCycle = members.count > 1 || graph.local(first).contains(Int32(first))
            guard isCycle else { continue }
            let component = Array(members)
            let sorted = component.filter { nodes[$0] >= 0 }.sorted { nodes[$0] < nodes[$1] }
            guard !sorted.isEmpty else { continue }
            let inner = graph.innerEdges(of: sorted, in: component, limit: StuckReport.heldByListLimit)
            let cause = cycleCause(nodes: sorted.map { nodes[$0] }, situations: sorted.map { situation(of: nodes[$0]) }, edges: inner.map(\.edges), omitted: inner.map(\.omitted))
            causes.append((nodes[sorted[0]], cause, sorted))
        }
        var grouped: [String: Int] = [:]
        for v in nodes.indices {
            guard let kind = root[v] else { continue }
            let op = nodes[v]
            let entry = StuckReport.Member(operation: model.name(op), situation: situation(of: op), edges: [])
            let q = Int(model.queueOf[op])
            if kind == .suspendedQueue || kind == .zeroWidthQueue {
                let key = "\(kind.rawValue)\u{0}\(q)"
                if let at = grouped[key] {
                    causes[at].cause.members.append(entry)
                    causes[at].members.append(v)
                    continue
                }
                grouped[key] = causes.count
            }
            let cause = StuckReport.RootCause(
                kind: kind, members: [entry],
                queue: q >= 0 ? model.queueName(q) : nil,
                width: q >= 0 && model.queueWidth[q] != Int.max ? model.queueWidth[q] : nil,
                blocked: [], fix: fix(for: kind, operation: op, queue: q))
            causes.append((op, cause, [v]))
        }

        // What waits behind each cause.
        let behind = graph.blocked(behind: causes.map(\.members)).causes
        for c in causes.indices {
            causes[c].cause.blocked = behind[c].blocked.sorted { $0.operation < $1.operation }.map { entry in
                StuckReport.Blocked(operation: model.name(entry.operation), via: model.name(entry.via), reason: entry.reason)
            }
            causes[c].cause.blockedIsPartial = behind[c].isPartial
        }
        causes.sort { $0.first < $1.first }
        return StuckReport(
            time: now,
            unfinished: nodes.filter { $0 >= 0 }.sorted().map(model.name),
            rootCauses: causes.map(\.cause)
        )
    }

    /// An operation's situation in words: `pending`, `ready, no free slot on io`. Only the
    /// operations a report names need one, so it is made for them alone.
    func situation(of op: Int) -> String {
        let q = Int(model.queueOf[op])
        let queueName = q >= 0 ? model.queueName(q) : ""
        switch phase[op] {
        case .notAdded: return cancelled[op] ? "cancelled, but in no queue, so it never finishes" : "never started: in no queue"
        case .failedStart: return "started by hand before it was ready: start() throws"
        case .pending: return "pending"
        case .ready:
            if queues[q].suspended { return "ready on suspended queue \(queueName)" }
            if queues[q].width == 0 { return "ready on \(queueName), which has width 0" }
            if queues[q].used >= queues[q].width { return "ready, no free slot on \(queueName)" }
            return "ready, no free thread"
        case .dispatched: return "dispatched, no free thread in the pool"
        case .waiting: return executing(op)
        case .running: return executing(op) + ", never marks itself finished"
        case .finished: return "finished"
        }
    }

    /// The root cause an operation is (if it waits for nothing), and what it waits for.
    func waits(of op: Int, addedUnfinished: [[Int]]) -> (StuckReport.RootCause.Kind?, [WaitFor]) {
        let q = Int(model.queueOf[op])
        switch phase[op] {
        case .notAdded:
            return (.neverStarted, [])
        case .failedStart:
            return (.startedBeforeReady, [])
        case .pending:
            var result: [WaitFor] = []
            for position in Int(model.dependencyStart[op])..<Int(model.dependencyStart[op + 1]) {
                let target = Int(model.dependencyTargets[position])
                guard phase[target] != .finished else { continue }
                let reason: StuckReport.Reason
                var location: SourceLocation?
                switch model.origin(ofEdge: position) {
                case .dependency(let d):
                    reason = .dependency
                    location = model.graph.location(of: model.graph.operations.dependency(d, at: op))
                case .exclusivity(let category): reason = .exclusivity(category: category)
                case .barrier: reason = .barrier
                }
                result.append(WaitFor(target: target, reason: reason, location: location))
            }
            return (nil, result)
        case .ready:
            if queues[q].suspended { return (.suspendedQueue, []) }
            if queues[q].width == 0 { return (.zeroWidthQueue, []) }
            if queues[q].used >= queues[q].width {
                return (nil, [WaitFor(target: StuckGraph.Resource.slots(q).node(queueCount: model.queueCount), reason: .slot(queue: model.queueName(q)), location: nil)])
            }
            return (nil, [WaitFor(target: StuckGraph.Resource.threads.node(queueCount: model.queueCount), reason: .thread, location: nil)])
        case .dispatched:
            let p = model.queuePool[q]
            return (nil, [WaitFor(target: StuckGraph.Resource.pool(p).node(queueCount: model.queueCount), reason: .thread, location: nil)])
        case .waiting:
            var result: [WaitFor] = []
            for position in Int(model.waitStart[op])..<Int(model.waitStart[op + 1]) {
                let target = Int(model.waitTargets[position])
                guard phase[target] != .finished else { continue }
                let reference = model.graph.operations.waitsFor(at: op)[Int(model.waitReference[position])]
                result.append(WaitFor(target: target, reason: .wait, location: model.graph.location(of: reference)))
            }
            for position in Int(model.queueWaitStart[op])..<Int(model.queueWaitStart[op + 1]) {
                let target = Int(model.queueWaitTargets[position])
                let reference = model.graph.operations.waitsForQueues(at: op)[Int(model.queueWaitReference[position])]
                guard !addedUnfinished[target].isEmpty else { continue }
                result.append(WaitFor(
                    target: StuckGraph.Resource.drain(target).node(queueCount: model.queueCount),
                    reason: .queueWait(queue: model.queueName(target)), location: model.graph.location(of: reference)))
            }
            return (nil, result)
        case .running:
            return (.neverFinishes, [])
        case .finished:
            return (nil, [])
        }
    }

    /// `executing on io slot 0`, or `executing (started by hand)`.
    func executing(_ op: Int) -> String {
        let q = Int(model.queueOf[op])
        guard q >= 0, slot[op] >= 0 else { return "executing (started by hand)" }
        return "executing on \(model.queueName(q)) slot \(slot[op])"
    }

    /// A cycle of waits: its kind by the edges it has, its members and a fix.
    func cycleCause(nodes: [Int], situations: [String], edges: [[WaitFor]], omitted: [Int]) -> StuckReport.RootCause {
        let all = edges.flatMap { $0 }
        var kind = StuckReport.RootCause.Kind.dependencyCycle
        var queue: Int?
        for edge in all {
            if case .slot(let name) = edge.reason {
                kind = .slotExhaustion
                queue = model.index.queue(named: name)
                break
            }
            if case .thread = edge.reason { kind = .slotExhaustion }
        }
        if kind == .dependencyCycle {
            if all.contains(where: { if case .wait = $0.reason { return true }; if case .queueWait = $0.reason { return true }; return false }) {
                kind = .waitCycle
            } else if all.contains(where: { if case .exclusivity = $0.reason { return true }; if case .barrier = $0.reason { return true }; return false }) {
                kind = .exclusivityCycle
            }
        }
        let members = nodes.indices.map { k in
            StuckReport.Member(
                operation: model.name(nodes[k]), situation: situations[k],
                edges: edges[k].map { StuckReport.WaitEdge(target: model.name($0.target), reason: $0.reason, location: $0.location) },
                omittedEdges: omitted[k])
        }
        var text: String
        switch kind {
        case .slotExhaustion:
            if let queue {
                text = "do not wait inside operations of \(SimulationModel.quoted(model.queueName(queue))), or make \(model.queueName(queue)) wider than the number of waiters"
            } else {
                text = "do not wait inside operations while every thread is taken, or raise the thread limit"
            }
        case .waitCycle:
            let edge = members.lazy.flatMap { m in m.edges.map { (m.operation, $0) } }.first { if case .wait = $0.1.reason { return true }; if case .queueWait = $0.1.reason { return true }; return false }
            text = edge.map { "do not wait for \(SimulationModel.quoted($0.1.target)) inside \(SimulationModel.quoted($0.0))" } ?? "do not wait inside these operations"
        case .exclusivityCycle:
            text = "remove the dependency that contradicts the exclusivity or barrier order, or drop the category from one of the operations"
        default:
            let edge = members.lazy.flatMap { m in m.edges.map { (m.operation, $0) } }.first
            text = edge.map { "remove one dependency of the cycle, e.g. \($0.0) → \($0.1.target)" + ($0.1.location.map { " (\($0))" } ?? "") } ?? "remove one dependency of the cycle"
        }
        let width = queue.map { model.queueWidth[$0] == Int.max ? nil : model.queueWidth[$0] } ?? nil
        return StuckReport.RootCause(kind: kind, members: members, queue: queue.map(model.queueName), width: width, blocked: [], fix: text)
    }

    /// The fix for a root that is one operation or one queue.
    func fix(for kind: StuckReport.RootCause.Kind, operation op: Int, queue q: Int) -> String {
        let name = SimulationModel.quoted(model.name(op))
        let queueName = q >= 0 ? SimulationModel.quoted(model.queueName(q)) : ""
        switch kind {
        case .neverStarted: return "add \(name) to a queue or start it, or remove the dependencies on it"
        case .startedBeforeReady: return "call start() on \(name) only after its dependencies finished, or add it to a queue"
        case .suspendedQueue: return "resume \(queueName) (isSuspended = false), or add a resume event"
        case .zeroWidthQueue: return "set maxConcurrentOperationCount of \(queueName) to 1 or more (or -1)"
        case .neverFinishes: return "make \(name) mark itself finished (isFinished, with KVO) on every path, cancellation included"
        default: return ""
        }
    }
}
