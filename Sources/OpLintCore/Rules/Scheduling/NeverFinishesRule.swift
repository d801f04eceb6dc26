/// OPL206: an asynchronous operation never marks itself finished.
public struct NeverFinishesRule: Rule {
    public init() {}

    /// Dependents counted per operation before the count is given as "at least".
    static let strandedLimit = 100_000

    public static let description = RuleDescription(
        code: "OPL206",
        name: "never-finishes",
        severity: .error,
        summary: "An asynchronous operation never marks itself finished, stranding its dependents and its queue slot.",
        details: """
            Finds operations with `"finishes": false` — asynchronous operations whose code \
            never sets `isFinished` — that are started. The message counts the operations \
            stranded behind it (everything that depends on it or waits for it, directly or \
            through others, except those a cancel may release; the first few by name) and the \
            queue slot it holds: on a serial queue the only one, so the queue starts nothing \
            after it; on a queue of width n, n such operations stall the queue.

            Its claim is *must*: the operation never finishes in any schedule, and neither \
            does anything stranded behind it — an error. When a `cancel` or `cancelAll` event \
            may reach the operation, it finishes if the cancel comes before it starts (a \
            cancelled operation that has not started finishes without running, S6) and never \
            if it comes later: the rule then reports, as a *may* claim (a warning), the \
            schedule lint simulates that reaches it (see OPL201 wait-deadlock for which), or a \
            note when none does.
            """,
        rationale: """
            An asynchronous operation finishes only when its own code sets `isFinished` (S8). \
            Until then it keeps its queue slot and its dependents never become ready (S2, S3); \
            `waitUntilFinished()` on it never returns (S19). With `maxConcurrentOperationCount` \
            2, two such operations stall the whole queue (S8, S13).
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "net", "maxConcurrentOperationCount": 1 }],
              "operations": [
                ↓{ "name": "upload", "queue": "net", "kind": "custom", "asynchronous": true, "finishes": false },
                { "name": "notify", "queue": "net", "dependencies": ["upload"] }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "net", "maxConcurrentOperationCount": 1 }],
              "operations": [
                { "name": "upload", "queue": "net", "kind": "custom", "asynchronous": true },
                { "name": "notify", "queue": "net", "dependencies": ["upload"] }
              ]
            }
            """),
        limits: "Stranded operations are counted up to 100,000 per operation; beyond that the message says \"at least\"."
    )

    /// Stranded operations counted for all of them together before counts are given as "at least".
    static let strandedBudget = 4_000_000

    /// - Complexity: O(1) after the shared feature scan when every operation finishes; else
    ///   O(*n* + min(4,000,000, *k* × (*n* + *e*))) for *k* operations that never finish.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let neverFinishing = analysis.schedulingFeatures.neverFinishing.map(Int.init)
        guard !neverFinishing.isEmpty else { return [] }
        let operations = analysis.graph.operations
        let cancellation = analysis.cancellation
        // A cancel that reaches it before it starts makes it finish without running (S6):
        // whether it comes first is a matter of timing, for the simulated schedules to judge.
        let certain = neverFinishing.filter { !cancellation.mayCancel($0) }
        let doubtful = neverFinishing.filter { cancellation.mayCancel($0) }

        // The members of each queue that holds one of them, in the order they are added.
        var members: [Int: [Int]] = [:]
        for i in neverFinishing where operations.start(at: i) == .queue {
            if let q = SchedulingLint.queue(of: i, in: analysis) { members[q] = [] }
        }
        if !members.isEmpty {
            for (i, queue) in analysis.index.queueOfOperation.enumerated()
            where queue >= 0 && members[Int(queue)] != nil && operations.start(at: i) == .queue {
                members[Int(queue), default: []].append(i)
            }
        }
        var search = SchedulingLint.Search(analysis, limit: Self.strandedLimit, includeWaits: true)
        var budget = Self.strandedBudget
        var findings: [Finding] = certain.map { operation in
            var stranded: [Int] = []
            // Everything that depends on it or waits for it, except what a cancel may release.
            let outcome = search.run(from: operation, .backward, allow: { !cancellation.mayCancel($0) }) { other in
                stranded.append(other)
                budget -= 1
                return budget <= 0
            }
            stranded.sort()
            return report(operation, stranded: stranded.map(analysis.name), capped: outcome != .exhausted, members: members, certain, analysis)
        }
        let schedules = analysis.schedules
        let reached = schedules.witnesses(for: Self.description.id.code)
        for operation in doubtful {
            let name = analysis.name(operation)
            let cancel = cancellation.cancelEvent(of: operation).map { analysis.graph.events[$0] }
            let when = cancel.map { " at \(SchedulingLint.seconds($0.at)) s" } ?? ""
            if let witness = reached.first(where: { $0.cause.members.contains { $0.operation == name } }) {
                findings.append(SchedulingLint.finding(
                    self, "\(SchedulingLint.quoted(name)) never marks itself finished, and the cancel\(when) comes after it started",
                    witness: witness, schedules, analysis))
            } else {
                findings.append(finding(
                    "\(SchedulingLint.quoted(name)) never marks itself finished; only the cancel\(when), if it comes before it starts, lets it finish (S6), as in every simulated schedule",
                    at: analysis.location(ofOperation: operation),
                    severity: .note,
                    fix: Finding.Fix("set isExecuting to false and isFinished to true (with KVO notifications) on every path of \(SchedulingLint.quoted(name)), cancellation included"),
                    operations: [name]))
            }
        }
        return findings
    }

    private func report(
        _ operation: Int, stranded: [String], capped: Bool, members: [Int: [Int]], _ neverFinishing: [Int],
        _ analysis: GraphAnalysis
    ) -> Finding {
        let op = analysis.graph.operations[operation]
        let name = SchedulingLint.quoted(op.name)
        var parts: [String] = []
        if !stranded.isEmpty {
            let count = (capped ? "at least " : "") + SchedulingLint.count(stranded.count, "dependent")
            parts.append("it strands \(count) (\(SchedulingLint.list(stranded)))")
        }
        var queues: [String] = []
        var related: [Finding.Related] = []
        // From source: the class whose `start` never marks it finished.
        if let origin = analysis.graph.sourceFacts.unfinishedClasses.first(where: { $0.operation == op.name }) {
            related.append(Finding.Related(origin.location, "\(origin.className) replaces start() without calling super and never marks the operation finished"))
        }
        if op.start == .queue, let q = SchedulingLint.queue(of: operation, in: analysis), let onQueue = members[q] {
            queues.append(analysis.graph.queues[q].name)
            parts.append(slotText(operation, q, onQueue, neverFinishing, analysis))
            related += SchedulingLint.created(queue: q, in: analysis)
        }
        if parts.isEmpty { parts.append("nothing waits for it, but it never completes") }
        for dependent in analysis.index.dependents(of: operation).prefix(SchedulingLint.namesShown) {
            let dependentIndex = Int(dependent)
            if let edge = analysis.index.edge(from: dependentIndex, to: operation) {
                related.append(Finding.Related(
                    analysis.location(ofEdge: edge, from: dependentIndex),
                    "\(SchedulingLint.quoted(analysis.name(dependentIndex))) depends on \(name) here"))
            }
        }
        let kind = op.isAsynchronous ? "asynchronous " : ""
        return finding(
            "\(kind)\(name) never marks itself finished: " + parts.joined(separator: ", and "),
            at: analysis.location(ofOperation: operation),
            related: related,
            fix: Finding.Fix("set isExecuting to false and isFinished to true (with KVO notifications) on every path of \(name), cancellation included"),
            operations: [op.name] + stranded.prefix(SchedulingLint.namesShown),
            queues: queues)
    }

    /// What holding a slot of `queue` forever does.
    private func slotText(_ operation: Int, _ queue: Int, _ onQueue: [Int], _ neverFinishing: [Int], _ analysis: GraphAnalysis) -> String {
        let description = SchedulingLint.describe(queue: queue, in: analysis)
        if SchedulingLint.isSerial(queue, in: analysis) {
            // Several that never finish on one serial queue: the first to start holds the slot.
            let rivals = neverFinishing.filter {
                $0 != operation && SchedulingLint.queue(of: $0, in: analysis) == queue && analysis.graph.operations.start(at: $0) == .queue
            }
            if !rivals.isEmpty {
                let others = rivals.count == 1 ? "the other never starts" : "the others never start"
                return "with \(SchedulingLint.list(rivals.map(analysis.name))), which never finish\(rivals.count == 1 ? "es" : "") either, "
                    + "whichever starts first holds the only slot of \(description) forever, and \(others)"
            }
            let tail = onQueue.count > 1 ? ": no other operation of the queue starts after it" : ""
            return "it holds the only slot of \(description) forever\(tail)"
        }
        let width = analysis.graph.queues[queue].maxConcurrentOperationCount
        guard width > 1 else { return "it holds a slot of \(description) and its thread forever" }
        // Slots are held by copies: an operation with `count` n is n operations on the queue.
        let operations = analysis.graph.operations
        let copies = { (ops: [Int]) in ops.reduce(0) { $0 + max(1, operations.count(at: $1)) } }
        let stuck = neverFinishing.filter { SchedulingLint.queue(of: $0, in: analysis) == queue && operations.start(at: $0) == .queue }
        let own = max(1, operations.count(at: operation))
        guard copies(stuck) >= width else {
            return own > 1
                ? "its \(own) copies hold \(own) of the \(width) slots of \(description) forever"
                : "it holds one of the \(width) slots of \(description) forever"
        }
        let others = copies(onQueue) - copies(stuck)
        let partners = stuck.filter { $0 != operation }.map(analysis.name)
        let tail = others == 0 ? "" : ": no other operation of the queue starts once they all run"
        if partners.isEmpty {
            guard own > width else { return "its \(own) copies hold all \(width) slots of \(description) forever\(tail)" }
            return "\(width) of its \(own) copies hold all \(width) slots of \(description) forever and the other \(own - width) never start\(tail)"
        }
        let subject = own > 1 ? "its \(own) copies take" : "it holds"
        return "with \(SchedulingLint.list(partners)) \(subject) all \(width) slots of \(description) forever\(tail)"
    }
}
