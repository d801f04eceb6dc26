/// OPL201: an operation waits for something that cannot finish while it waits.
public struct WaitDeadlockRule: Rule {
    public init() {}

    /// Operations one wait's search may visit before it gives up without a finding.
    static let searchLimit = 200_000

    public static let description = RuleDescription(
        code: "OPL201",
        name: "wait-deadlock",
        severity: .error,
        summary: "An operation waits for something that cannot finish while it waits.",
        details: """
            Finds `waitUntilFinished()` (`waitsFor`) and `waitUntilAllOperationsAreFinished()` \
            (`waitsForQueues`) calls made by an executing operation that can never return:

            - the operation waits for itself;
            - it runs on a serial queue (width 1, or the main queue) and waits for an operation \
            added after it to the same queue — or for one that cannot finish before such an operation;
            - it waits for an operation that cannot finish before the waiter does: one that \
            depends on the waiter, directly or through other dependencies and waits;
            - it waits for all operations of a queue that contains the waiter itself, or an \
            operation that cannot finish before the waiter does.

            The message names the waiter, what it waits for and the chain of dependencies and \
            waits that closes the deadlock; related locations show the wait and every link of \
            the chain. Waits on names that are not declared are left to OPL103 unknown-dependency; \
            waits of operations that never start are ignored. When a `cancel` or `cancelAll` event \
            cancels the operation waited for while it is still pending on a queue other than the \
            waiter's serial queue, the cancellation releases the wait (S6) and nothing is reported.
            """,
        rationale: """
            A wait blocks the calling thread and the waiter keeps its queue slot while it waits \
            (S19). On a serial queue the slot is the only one, so a later operation of that queue \
            never starts (S13, S17). An operation that depends on the waiter only becomes ready \
            once the waiter has finished (S2, S3), which it never does. Nothing reports either at \
            run time: the thread just blocks forever, holding its slot.
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "main", "main": true }],
              "operations": [
                ↓{ "name": "render", "queue": "main", "waitsFor": ["decode"] },
                { "name": "decode", "queue": "main" }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "main", "main": true }],
              "operations": [
                { "name": "decode", "queue": "main" },
                { "name": "render", "queue": "main", "dependencies": ["decode"] }
              ]
            }
            """),
        limits: """
            Each wait's search for the chain that closes a deadlock visits at most 200,000 \
            operations; a wait whose search stops at that cap is not reported. Waiting for a \
            queue counts the queue's operations, not operations that those wait for in turn. \
            Several operations that together exhaust the slots of a wider queue are OPL202 \
            slot-exhaustion's.
            """
    )

    /// - Complexity: O(1) without waits; else O(*w* × min(200,000, *n* + *e*)) for *w* waits.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let index = analysis.index
        guard !index.operationWaits.isEmpty || !index.queueWaits.isEmpty else { return [] }
        let cancelled = SchedulingLint.cancelledOperations(in: analysis)
        var search = SchedulingLint.Search(analysis, limit: Self.searchLimit, includeWaits: true)
        var findings: [Finding] = []
        for (w, wait) in index.operationWaits.enumerated() {
            if let finding = check(wait: w, wait.waiter, wait.target, Int(wait.index), analysis, &search, cancelled) {
                findings.append(finding)
            }
        }
        for wait in index.queueWaits {
            if let finding = check(queueWait: Int(wait.waiter), Int(wait.queue), Int(wait.index), analysis, &search) {
                findings.append(finding)
            }
        }
        return findings
    }

    /// The queue an operation executes on: nil when it is started by hand or never.
    private func runningQueue(of operation: Int, _ analysis: GraphAnalysis) -> Int? {
        analysis.graph.operations[operation].start == .queue ? SchedulingLint.queue(of: operation, in: analysis) : nil
    }

    private func check(
        wait w: Int, _ waiter32: Int32, _ target32: Int32, _ waitIndex: Int,
        _ analysis: GraphAnalysis, _ search: inout SchedulingLint.Search, _ cancelled: Set<Int>
    ) -> Finding? {
        let waiter = Int(waiter32)
        let target = Int(target32)
        guard analysis.graph.operations[waiter].start != .never else { return nil }
        let q = SchedulingLint.quoted
        let waiterName = q(analysis.name(waiter))
        let targetName = q(analysis.name(target))
        let waitSite = Finding.Related(
            SchedulingLint.location(ofWait: waitIndex, by: waiter, in: analysis), "\(waiterName) waits for \(targetName) here")
        if waiter == target {
            return finding(
                "\(waiterName) waits for itself: waitUntilFinished() on the running operation never returns",
                at: analysis.location(ofOperation: waiter),
                related: [waitSite],
                fix: Finding.Fix("remove \(waiterName) from its own waitsFor"),
                operations: [analysis.name(waiter)])
        }
        let serialQueue = runningQueue(of: waiter, analysis).flatMap { SchedulingLint.isSerial($0, in: analysis) ? $0 : nil }
        let isLaterOnSerialQueue = { (operation: Int) -> Bool in
            guard let serialQueue, operation > waiter else { return false }
            return runningQueue(of: operation, analysis) == serialQueue
        }
        if isLaterOnSerialQueue(target), let serialQueue {
            let queueText = SchedulingLint.describe(queue: serialQueue, in: analysis)
            return finding(
                "\(waiterName) on \(queueText) waits for \(targetName), added after it to the same queue: \(targetName) cannot start while \(waiterName) holds the queue's only slot",
                at: analysis.location(ofOperation: waiter),
                related: [waitSite, SchedulingLint.created(target, in: analysis)],
                fix: Finding.Fix("make \(waiterName) depend on \(targetName) instead of waiting for it, or add \(targetName) to another queue"),
                operations: [analysis.name(waiter), analysis.name(target)],
                queues: [analysis.graph.queues[serialQueue].name])
        }
        if cancelled.contains(target), let targetQueue = runningQueue(of: target, analysis), targetQueue != serialQueue {
            return nil  // The cancel makes the target ready and it finishes without running (S6).
        }
        let outcome = search.run(from: target, .forward) { $0 == waiter || isLaterOnSerialQueue($0) }
        guard case .found(let blocker) = outcome else { return nil }
        let links = search.path(to: blocker)
        let chain = search.describe(links)
        var operations = [analysis.name(waiter), analysis.name(target)]
        operations += links.map { analysis.name($0.target) }.filter { $0 != analysis.name(waiter) }
        var related = [waitSite] + search.related(links) + [SchedulingLint.created(target, in: analysis)]
        if blocker == waiter {
            return finding(
                "\(waiterName) waits for \(targetName), which cannot finish before \(waiterName) does: \(chain)",
                at: analysis.location(ofOperation: waiter),
                related: related,
                fix: Finding.Fix("remove the wait for \(targetName) from \(waiterName): \(targetName) can only finish after \(waiterName)"),
                operations: operations,
                queues: runningQueue(of: waiter, analysis).map { [analysis.graph.queues[$0].name] } ?? [])
        }
        guard let serialQueue else { return nil }
        let blockerName = q(analysis.name(blocker))
        related.append(SchedulingLint.created(blocker, in: analysis))
        return finding(
            "\(waiterName) on \(SchedulingLint.describe(queue: serialQueue, in: analysis)) waits for \(targetName), which cannot finish before \(blockerName), added after \(waiterName) to the same queue: \(chain)",
            at: analysis.location(ofOperation: waiter),
            related: related,
            fix: Finding.Fix("make \(waiterName) depend on \(targetName) instead of waiting for it, or add \(blockerName) to another queue"),
            operations: operations,
            queues: [analysis.graph.queues[serialQueue].name])
    }

    private func check(
        queueWait waiter: Int, _ queue: Int, _ waitIndex: Int,
        _ analysis: GraphAnalysis, _ search: inout SchedulingLint.Search
    ) -> Finding? {
        guard analysis.graph.operations[waiter].start != .never else { return nil }
        let q = SchedulingLint.quoted
        let waiterName = q(analysis.name(waiter))
        let queueName = analysis.graph.queues[queue].name
        let waitSite = Finding.Related(
            SchedulingLint.location(ofQueueWait: waitIndex, by: waiter, in: analysis),
            "\(waiterName) waits for all operations of \(q(queueName)) here")
        if runningQueue(of: waiter, analysis) == queue {
            return finding(
                "\(waiterName) on \(SchedulingLint.describe(queue: queue, in: analysis)) waits for all operations of its own queue, itself included: waitUntilAllOperationsAreFinished() never returns",
                at: analysis.location(ofOperation: waiter),
                related: [waitSite, SchedulingLint.created(queue: queue, in: analysis)],
                fix: Finding.Fix("wait for \(q(queueName)) from outside its operations, or make \(waiterName)'s successors depend on the operations instead"),
                operations: [analysis.name(waiter)],
                queues: [queueName])
        }
        let outcome = search.run(from: waiter, .backward) { runningQueue(of: $0, analysis) == queue }
        guard case .found(let blocker) = outcome else { return nil }
        let links = search.path(to: blocker).reversed().map { $0 }
        let blockerName = q(analysis.name(blocker))
        return finding(
            "\(waiterName) waits for all operations of \(SchedulingLint.describe(queue: queue, in: analysis)), but \(blockerName) on it cannot finish before \(waiterName) does: \(search.describe(links))",
            at: analysis.location(ofOperation: waiter),
            related: [waitSite] + search.related(links) + [SchedulingLint.created(blocker, in: analysis)],
            fix: Finding.Fix("remove the wait for \(q(queueName)) from \(waiterName): \(blockerName) on it can only finish after \(waiterName)"),
            operations: [analysis.name(waiter), analysis.name(blocker)] + links.dropFirst().map { analysis.name($0.waiter) },
            queues: [queueName])
    }
}
