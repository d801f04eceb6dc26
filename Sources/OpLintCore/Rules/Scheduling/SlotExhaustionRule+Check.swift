extension SlotExhaustionRule {
    /// - Complexity: O(*n* log *n* + *e*) for the queues whose first operations all wait, plus
    ///   searches of at most `WaitDeadlockRule.searchBudget` visited operations, plus the
    ///   simulated schedules.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let index = analysis.index
        guard !index.operationWaits.isEmpty || !index.queueWaits.isEmpty else { return [] }
        var findings = provenExhaustions(analysis)
        let proven = Set(findings.flatMap(\.operations))
        for witness in analysis.schedules.witnesses(for: Self.description.id.code) {
            guard !witness.cause.members.contains(where: { proven.contains($0.operation) }) else { continue }
            let place = witness.cause.queue.map { "queue \(SchedulingLint.quoted($0)) (width \(witness.cause.width.map(String.init) ?? "unlimited"))" } ?? "the thread limit"
            findings.append(SchedulingLint.finding(self, "slot exhaustion on \(place)", witness: witness, analysis.schedules, analysis))
        }
        return findings
    }

    /// The queues of width n ≥ 2 whose first n operations hold every slot in every schedule
    /// while each waits for something that needs another operation of the queue: the n
    /// operations first in choice order (in both models), without dependencies, added no later
    /// than any other operation of the queue, and none of them or of the chains they wait
    /// through reachable by a cancel.
    private func provenExhaustions(_ analysis: GraphAnalysis) -> [Finding] {
        let graph = analysis.graph
        let index = analysis.index
        let cancellation = analysis.cancellation
        var members = [[Int]](repeating: [], count: graph.queues.count)
        var waitsOf: [Int: [WaitGraph.Step]] = [:]
        for (w, wait) in index.operationWaits.enumerated() { waitsOf[Int(wait.waiter), default: []].append(.wait(index: w)) }
        for (w, wait) in index.queueWaits.enumerated() { waitsOf[Int(wait.waiter), default: []].append(.queueWait(index: w)) }
        for (op, queue) in index.queueOfOperation.enumerated() where queue >= 0 && graph.operations.start(at: op) == .queue {
            let width = graph.queues[Int(queue)].maxConcurrentOperationCount
            if width >= 2 && !graph.queues[Int(queue)].isMain { members[Int(queue)].append(op) }
        }
        let candidates = members.indices.filter { q in
            let width = graph.queues[q].maxConcurrentOperationCount
            return members[q].count > width && members[q].contains { waitsOf[$0] != nil }
        }
        guard !candidates.isEmpty else { return [] }
        let order = ForcedOrder(analysis)
        let waitGraph = WaitGraph(analysis, cancellation: cancellation)
        var search = WaitGraph.Search(waitGraph)
        var budget = WaitDeadlockRule.searchBudget
        var findings: [Finding] = []
        for q in candidates {
            let width = graph.queues[q].maxConcurrentOperationCount
            let sorted = members[q].sorted { order.appleKey($0) < order.appleKey($1) }
            let first = Array(sorted.prefix(width))
            let rest = sorted.dropFirst(width)
            let latest = first.map { graph.operations.addedAt(at: $0) }.max() ?? 0
            // The first n start first in both models only if they come first in each.
            guard let lastApple = first.map(order.appleKey).max(by: <), let lastLinux = first.map(order.linuxKey).max(by: <),
                  rest.allSatisfy({ lastApple < order.appleKey($0) && lastLinux < order.linuxKey($0) }),
                  first.allSatisfy({ index.dependencyEdges(of: $0).isEmpty && !cancellation.mayCancel($0) }),
                  rest.allSatisfy({ graph.operations.addedAt(at: $0) >= latest }) else { continue }
            let holders = Set(first)
            let needsSlot = { (x: Int) -> Bool in
                graph.operations.start(at: x) == .queue && index.queueOfOperation[x] == Int32(q) && !holders.contains(x)
            }
            var chains: [(waiter: Int, blocker: Int, links: [WaitGraph.Link])] = []
            for holder in first {
                var found: (Int, [WaitGraph.Link])?
                for step in waitsOf[holder] ?? [] where found == nil && budget > 0 {
                    let source: Int
                    var entry: (waiter: Int, step: WaitGraph.Step)?
                    switch step {
                    case .wait(let w):
                        source = Int(index.operationWaits[w].target)
                        if needsSlot(source) { found = (source, [.init(waiter: holder, target: source, step: step)]); continue }
                        if cancellation.mayCancel(source) { continue }
                    case .queueWait(let w):
                        guard let node = waitGraph.node(ofQueueWait: w, in: analysis) else { continue }
                        source = node
                        entry = (holder, step)
                    case .dependency:
                        continue
                    }
                    let before = search.work
                    let blocker = search.run(from: source, limit: min(WaitDeadlockRule.searchLimit, budget),
                                             allow: { !cancellation.mayCancel($0) || needsSlot($0) }, stop: needsSlot)
                    budget -= search.work - before
                    guard let blocker else { continue }
                    var links = search.links(to: blocker, entry: entry)
                    if case .wait = step { links.insert(.init(waiter: holder, target: source, step: step), at: 0) }
                    found = (blocker, links)
                }
                guard let (blocker, links) = found else { break }
                chains.append((holder, blocker, links))
            }
            guard chains.count == width else { continue }
            findings.append(exhaustion(q, chains, analysis))
        }
        return findings
    }

    private func exhaustion(_ q: Int, _ chains: [(waiter: Int, blocker: Int, links: [WaitGraph.Link])], _ analysis: GraphAnalysis) -> Finding {
        let queue = analysis.graph.queues[q]
        var parts = chains.prefix(SchedulingLint.namesShown).map { SchedulingLint.describe($0.links, in: analysis) }.joined(separator: "; ")
        if chains.count > SchedulingLint.namesShown { parts += "; and \(chains.count - SchedulingLint.namesShown) more" }
        var operations = chains.map { analysis.name($0.waiter) }
        for chain in chains.prefix(SchedulingLint.relatedShown) { operations += SchedulingLint.shown(chain.links).map { analysis.name($0.target) } }
        var seen = Set<String>()
        operations = operations.filter { seen.insert($0).inserted }
        let waiters = SchedulingLint.list(chains.map { analysis.name($0.waiter) })
        // What waits behind them: everything that depends on or waits for one of them, except
        // what a cancel may release.
        let involved = Set(chains.flatMap { [$0.waiter] + $0.links.map(\.target) })
        var behind = Set<Int>()
        var search = SchedulingLint.Search(analysis, limit: Self.behindLimit, includeWaits: true)
        let cancellation = analysis.cancellation
        var budget = Self.behindLimit
        for member in involved.sorted() where budget > 0 {
            _ = search.run(from: member, .backward, allow: { !cancellation.mayCancel($0) && !involved.contains($0) }) { other in
                behind.insert(other)
                budget -= 1
                return budget <= 0
            }
        }
        var notes: [String] = []
        if !behind.isEmpty { notes.append("behind them: " + NameList.summary(behind.sorted().map(analysis.name))) }
        return finding(
            "slot exhaustion on \(SchedulingLint.describe(queue: q, in: analysis)): \(waiters) start first and hold all \(queue.maxConcurrentOperationCount) slots while they wait — \(parts) — and what they wait for needs a slot of the same queue",
            at: analysis.location(ofOperation: chains[0].waiter),
            related: chains.prefix(SchedulingLint.relatedShown).flatMap { SchedulingLint.related($0.links, in: analysis) },
            notes: notes,
            fix: Finding.Fix("do not wait inside operations of \(SchedulingLint.quoted(queue.name)), or make \(queue.name) wider than the number of waiters"),
            operations: operations,
            queues: [queue.name])
    }

    /// Operations listed behind a proven exhaustion, at most.
    static let behindLimit = 10_000
}
