/// OPL205: a queue is suspended and never resumed while it holds operations.
public struct SuspendedForeverRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        code: "OPL205",
        name: "suspended-forever",
        severity: .error,
        summary: "A queue is suspended and never resumed while operations are added to it.",
        details: """
            Follows each queue's suspension through the graph: suspended from the start \
            (`"suspended": true`), then every `suspend` and `resume` event in time order (events \
            at the same time in the order they are written). A queue that ends suspended while \
            operations are added to it is reported at the suspension that is never undone — the \
            `suspend` event, or the queue when it starts suspended — naming the operations added \
            from then on, which never start: a *must* claim, an error. In a graph extracted from \
            source, a queue suspended from the start is reported where the code suspends it. \
            Operations added before a later `suspend` start or not depending on timing: the rule reports, as a *may* claim \
            (a warning), a schedule lint simulates in which some never start, or a note when \
            every simulated schedule starts them in time. The main queue is never a *must*: \
            swift-corelibs-foundation ignores suspending it (linux-operationqueue.md rule 47).
            """,
        rationale: """
            `isSuspended = true` stops the queue from starting operations; running ones go on, \
            but a queue that stays suspended never drains (S15). Its pending operations never \
            start, and everything that depends on them waits too (S2, S3). Cancelling does not \
            help: a cancelled operation in a suspended queue does not finish (S6), and \
            `waitUntilAllOperationsAreFinished()` on it blocks forever (S19).
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [↓{ "name": "sync", "suspended": true }, { "name": "uploads" }],
              "operations": [
                { "name": "push", "queue": "sync" },
                { "name": "send", "queue": "uploads", "addedAt": 3 }
              ],
              "events": [
                ↓{ "at": 2, "suspend": "uploads" }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "sync", "suspended": true }, { "name": "uploads" }],
              "operations": [
                { "name": "push", "queue": "sync" },
                { "name": "send", "queue": "uploads", "addedAt": 3 }
              ],
              "events": [
                { "at": 1, "resume": "sync" },
                { "at": 2, "suspend": "uploads" },
                { "at": 4, "resume": "uploads" }
              ]
            }
            """)
    )

    /// The suspension a queue ends in: from the start (`event` nil) or from a `suspend` event.
    private struct Suspension {
        var at: Double
        var event: Int?
    }

    /// - Complexity: O(*q*) when no queue is suspended; else O(*n* + *q* + *v* log *v*) for *v* events.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let graph = analysis.graph
        var suspension: [Int: Suspension] = [:]
        for q in graph.queues.indices where graph.queues[q].isSuspended {
            suspension[q] = Suspension(at: 0, event: nil)
        }
        let events = graph.events.indices.filter {
            switch graph.events[$0].action {
            case .suspend, .resume: true
            case .cancel, .cancelAll: false
            }
        }.sorted { (graph.events[$0].at, $0) < (graph.events[$1].at, $1) }
        for e in events {
            guard let q = analysis.index.queue(named: graph.events[e].action.target) else { continue }
            switch graph.events[e].action {
            case .suspend:
                if suspension[q] == nil { suspension[q] = Suspension(at: graph.events[e].at, event: e) }
            case .resume:
                suspension[q] = nil
            case .cancel, .cancelAll:
                break
            }
        }
        guard !suspension.isEmpty else { return [] }
        var members: [Int: [Int]] = [:]
        for (operation, queue) in analysis.index.queueOfOperation.enumerated()
        where queue >= 0 && suspension[Int(queue)] != nil && graph.operations.start(at: operation) == .queue {
            members[Int(queue), default: []].append(operation)
        }
        var findings: [Finding] = []
        let schedules = analysis.schedules
        for q in suspension.keys.sorted() {
            guard let operations = members[q], !operations.isEmpty, let held = suspension[q] else { continue }
            // Added once the queue is suspended for good: they never start, in every schedule —
            // except on the main queue, whose suspension swift-corelibs-foundation ignores
            // (linux-operationqueue.md rule 47).
            let never = graph.queues[q].isMain ? [] : operations.filter { graph.operations.addedAt(at: $0) >= held.at }
            if !never.isEmpty {
                findings.append(report(q, held, never, analysis))
                continue
            }
            // Added before: whether they start before the suspension depends on timing.
            let name = graph.queues[q].name
            if let witness = schedules.witnesses(for: Self.description.id.code).first(where: { $0.cause.queue == name }) {
                findings.append(SchedulingLint.finding(
                    self, "queue \(SchedulingLint.quoted(name)) is suspended \(held.event == nil ? "from the start" : "at \(SchedulingLint.seconds(held.at)) s") and never resumed: some of its operations never start",
                    witness: witness, schedules, analysis,
                    at: held.event.map { SchedulingLint.location(ofEvent: $0, in: analysis) } ?? analysis.location(ofQueue: q)))
            } else {
                let when = held.event == nil ? "from the start" : "at \(SchedulingLint.seconds(held.at)) s"
                let names = SchedulingLint.list(operations.map(analysis.name))
                let verdict = schedules.schedules == 0
                    ? "its operations (\(names)) never start unless they started before; no schedule was simulated"
                    : "in every simulated schedule its operations (\(names)) start before that"
                findings.append(finding(
                    "queue \(SchedulingLint.quoted(name)) is suspended \(when) and never resumed; \(verdict)",
                    at: held.event.map { SchedulingLint.location(ofEvent: $0, in: analysis) } ?? analysis.location(ofQueue: q),
                    severity: .note,
                    notes: graph.queues[q].isMain ? ["swift-corelibs-foundation ignores suspending the main queue (linux-operationqueue.md rule 47)"] : [],
                    operations: operations.map(analysis.name),
                    queues: [name]))
            }
        }
        return findings
    }

    private func report(_ q: Int, _ held: Suspension, _ operations: [Int], _ analysis: GraphAnalysis) -> Finding {
        let queueName = analysis.graph.queues[q].name
        let quotedQueue = SchedulingLint.quoted(queueName)
        let after = operations.filter { analysis.graph.operations.addedAt(at: $0) >= held.at }
        // In a graph extracted from source, the code that suspends the queue.
        let suspendedBy = held.event == nil ? analysis.graph.sourceFacts.settings.first {
            $0.isQueue && $0.key == "suspended" && $0.value == "true" && $0.target == queueName
        } : nil
        let when = held.event != nil ? "at \(SchedulingLint.seconds(held.at)) s" : suspendedBy.map { _ in "here" } ?? "from the start"
        let stranded: String
        let shown: [Int]
        if after.isEmpty {
            shown = operations
            stranded = "its operations that have not started by then (\(SchedulingLint.list(operations.map(analysis.name)))) never start"
        } else {
            shown = after
            let what = held.event == nil
                ? "its \(SchedulingLint.count(after.count, "operation"))"
                : "\(SchedulingLint.count(after.count, "operation")) added from then on"
            stranded = "\(what) (\(SchedulingLint.list(after.map(analysis.name)))) never \(after.count == 1 ? "starts" : "start")"
        }
        var related: [Finding.Related] = []
        let location: SourceLocation
        if let event = held.event {
            location = SchedulingLint.location(ofEvent: event, in: analysis)
            related += SchedulingLint.created(queue: q, in: analysis)
        } else if let suspendedBy {
            location = suspendedBy.location
            related += SchedulingLint.created(queue: q, in: analysis)
        } else {
            location = analysis.location(ofQueue: q)
        }
        related += shown.prefix(SchedulingLint.namesShown).map { SchedulingLint.created($0, in: analysis) }
        let resumeAt = SchedulingLint.seconds(held.at + 1)
        return finding(
            "queue \(quotedQueue) is suspended \(when) and never resumed: \(stranded)",
            at: location,
            related: related,
            fix: Finding.Fix("resume \(quotedQueue) (isSuspended = false) once its operations may run, e.g. an event {\"at\": \(resumeAt), \"resume\": \"\(queueName)\"}"),
            operations: shown.map(analysis.name),
            queues: [queueName])
    }
}
