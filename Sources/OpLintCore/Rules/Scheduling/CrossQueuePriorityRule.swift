/// OPL210: a queue priority that cannot change the order anything runs in.
public struct CrossQueuePriorityRule: Rule {
    public init() {}

    /// Queues with more operations than this (besides the one with a priority) are not checked.
    static let queueMateLimit = 64
    /// Operations each search for dependency paths may visit.
    static let searchLimit = 10_000
    /// Operations all the searches of one lint may visit together; past it, the priorities
    /// not yet checked are assumed to matter, so that many small queues on long paths stay linear.
    static let totalSearchLimit = 2_000_000

    public static let description = RuleDescription(
        code: "OPL210",
        name: "cross-queue-priority",
        severity: .note,
        summary: "A queue priority is set where it cannot affect the order operations run in.",
        details: """
            Finds operations with a `priority` other than `normal` whose relative order that \
            priority cannot change: operations on no queue (never added, or started by hand), \
            operations alone on their queue, and operations whose every queue-mate is already \
            ordered with them by a dependency path, one way or the other (operations on a \
            dependency cycle are left to OPL101). Priority does not \
            reach across queues; to favour work across queues, set its quality of service.

            Its claim is *must*: in no schedule does the priority change the order — a note, \
            since nothing goes wrong because of it.

            In a graph extracted from source (one with a `source` object), an operation stands \
            for every instance its code makes — one per call of the method that creates it — \
            and those instances share its queue without any order between them: there only \
            operations on no queue or started by hand are reported.
            """,
        rationale: """
            `queuePriority` orders only the *ready* operations of the *same* queue; it never \
            overrides dependencies and has no effect across queues (S9, S14). A priority that \
            orders nothing misleads the reader into thinking the operation is favoured. \
            Quality of service is what orders work across queues (S10).
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "net" }, { "name": "disk" }],
              "operations": [
                { "name": "fetch", "queue": "net" },
                ↓{ "name": "store", "queue": "disk", "priority": "veryHigh", "dependencies": ["fetch"] }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "net" }, { "name": "disk" }],
              "operations": [
                { "name": "fetch", "queue": "net" },
                { "name": "store", "queue": "disk", "qualityOfService": "userInitiated", "dependencies": ["fetch"] }
              ]
            }
            """),
        limits: """
            Operations on queues with more than 64 other operations are not checked, a \
            search for dependency paths stops after 10,000 operations (the priority is then \
            assumed to matter), and once the searches of one lint have visited 2,000,000 \
            operations in all, the priorities left are assumed to matter.
            """
    )

    /// - Complexity: O(1) after the shared feature scan when no operation has a priority; else
    ///   O(*n* + *p* + min(*s* × min(10,000, *n* + *e*), 2,000,000)) for *p* prioritized operations,
    ///   *s* of them on small queues.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let features = analysis.schedulingFeatures
        guard !features.prioritized.isEmpty else { return [] }
        let operations = analysis.graph.operations
        let index = analysis.index
        let sizes = features.queuedCount
        // Only operations on no queue, alone, or with few queue-mates can be reported.
        var candidates: [Int] = []
        var wanted = Set<Int32>()
        for (i, isQueued) in zip(features.prioritized, features.prioritizedIsQueued) {
            let queue = index.queueOfOperation[Int(i)]
            if isQueued && queue >= 0 {
                let size = Int(sizes[Int(queue)])
                guard size <= Self.queueMateLimit + 1 else { continue }
                if size > 1 { wanted.insert(queue) }
            }
            candidates.append(Int(i))
        }
        var members: [Int: [Int]] = [:]
        if !wanted.isEmpty {
            for (i, queue) in index.queueOfOperation.enumerated() where wanted.contains(queue) && operations.start(at: i) == .queue {
                members[Int(queue), default: []].append(i)
            }
        }
        var search = SchedulingLint.Search(analysis, limit: Self.searchLimit, includeWaits: false)
        var marks = OperationMarks(operationCount: members.isEmpty ? 0 : index.operationCount)
        var findings: [Finding] = []
        var visited = 0
        for operation in candidates {
            if let finding = check(operation, sizes: sizes, members: members, analysis, &search, &marks, visited: &visited) { findings.append(finding) }
        }
        return findings
    }

    private func check(
        _ operation: Int, sizes: [Int32], members: [Int: [Int]], _ analysis: GraphAnalysis, _ search: inout SchedulingLint.Search,
        _ marks: inout OperationMarks, visited: inout Int
    ) -> Finding? {
        // Read from the columns: the whole value would copy its dependencies for each candidate.
        let operations = analysis.graph.operations
        let opName = operations.name(at: operation)
        let start = operations.start(at: operation)
        let q = SchedulingLint.quoted
        let name = q(opName)
        let level = operations.priority(at: operation).level.description
        let reason: String
        var related: [Finding.Related] = []
        var queues: [String] = []
        var others: [String] = []
        let queue = start == .queue ? SchedulingLint.queue(of: operation, in: analysis) : nil
        // An undeclared queue is OPL108's; a queue the source does not name (`addOperation` on a
        // receiver extraction cannot follow) may hold other operations: nothing can be judged.
        if start == .queue, queue == nil { return nil }
        if let queue {
            // Extracted from source, an operation stands for every instance its code makes (one
            // per call of the method): those instances share the queue, unordered.
            if analysis.graph.source != nil { return nil }
            queues = [analysis.graph.queues[queue].name]
            if sizes[queue] == 1 {
                reason = "it is alone on \(SchedulingLint.describe(queue: queue, in: analysis))"
            } else {
                // On a dependency cycle it never runs at all: OPL101 reports that.
                guard !analysis.components.isOnCycle(operation, in: analysis.index) else { return nil }
                guard let mates = members[queue]?.filter({ $0 != operation }) else { return nil }
                guard visited < Self.totalSearchLimit, let links = orderingLinks(operation, mates, analysis, &search, &marks, visited: &visited) else { return nil }
                others = mates.map(analysis.name)
                reason = "every other operation of \(SchedulingLint.describe(queue: queue, in: analysis)) (\(SchedulingLint.list(others))) is ordered with it by dependencies"
                related = links
            }
            related.insert(contentsOf: SchedulingLint.created(queue: queue, in: analysis), at: 0)
        } else {
            reason = start == .manual ? "it is started by hand, not by a queue" : "it is on no queue"
        }
        return finding(
            "priority \(level) of \(name) has no effect: \(reason); priority only orders ready operations of one queue",
            at: analysis.location(ofOperation: operation),
            related: related,
            fix: Finding.Fix("remove the queuePriority of \(name); to favour it across queues, set its qualityOfService"),
            operations: [opName] + others,
            queues: queues)
    }

    /// Related locations for the paths that order `operation` with each of `mates`, or nil when
    /// some mate is not ordered with it (or the searches stop at their limit first).
    private func orderingLinks(
        _ operation: Int, _ mates: [Int], _ analysis: GraphAnalysis, _ search: inout SchedulingLint.Search,
        _ remaining: inout OperationMarks, visited: inout Int
    ) -> [Finding.Related]? {
        remaining.reset(to: mates)
        var related: [Finding.Related] = []
        for direction in [SchedulingLint.Search.Direction.forward, .backward] {
            var found: [Int] = []
            let outcome = search.run(from: operation, direction) { other in
                if remaining.contains(other) { found.append(other) }
                return false
            }
            visited += search.visited
            if outcome == .limited { return nil }
            for mate in found {
                remaining.remove(mate)
                let links = search.path(to: mate)
                if let first = links.first {
                    let text = direction == .forward ? "after" : "before"
                    let location = search.related([first]).first?.location ?? analysis.location(ofOperation: first.waiter)
                    related.append(Finding.Related(location, "\(SchedulingLint.quoted(analysis.name(operation))) runs \(text) \(SchedulingLint.quoted(analysis.name(mate))) by dependencies"))
                }
            }
            if remaining.isEmpty { return related }
        }
        return nil
    }
}
