/// OPL204: a queue whose width lets nothing start, or a width Foundation rejects.
public struct ZeroWidthQueueRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        code: "OPL204",
        name: "zero-width-queue",
        severity: .error,
        summary: "A queue with maxConcurrentOperationCount 0 holds operations, or the count is below -1.",
        details: """
            Finds queues whose `maxConcurrentOperationCount` is 0 while operations are added to \
            them, naming the operations that never start; and queues whose count is below -1, \
            whatever they hold. The main queue is always serial and is not checked for 0.

            Its claim is *must*: the operations named never start in any schedule, on Apple \
            platforms and on Linux — cancelled ones neither, since they too need a slot to \
            finish (S6) — an error.
            """,
        rationale: """
            `maxConcurrentOperationCount` bounds how many of a queue's operations execute at \
            once; 0 means nothing ever starts (S13), so every operation added to the queue, and \
            everything that depends on one of them (S2, S3), waits forever — even cancelled \
            ones, which still need a slot to finish (S6). A value below -1 is a programming \
            error: Foundation rejects it, and swift-corelibs-foundation stops the process \
            (linux-operationqueue.md, rule 17).
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [↓{ "name": "uploads", "maxConcurrentOperationCount": 0 }],
              "operations": [
                { "name": "upload", "queue": "uploads" }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "uploads", "maxConcurrentOperationCount": 1 }],
              "operations": [
                { "name": "upload", "queue": "uploads" }
              ]
            }
            """)
    )

    /// - Complexity: O(*q*) when no queue has width 0; else O(*n* + *q*).
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let queues = analysis.graph.queues
        let zero = queues.indices.filter { !queues[$0].isMain && queues[$0].maxConcurrentOperationCount == 0 }
        var findings: [Finding] = []
        if !zero.isEmpty {
            var members: [Int: [Int]] = [:]
            for q in zero { members[q] = [] }
            for (operation, queue) in analysis.index.queueOfOperation.enumerated()
            where queue >= 0 && members[Int(queue)] != nil && analysis.graph.operations.start(at: operation) == .queue {
                members[Int(queue), default: []].append(operation)
            }
            for q in zero {
                guard let operations = members[q], !operations.isEmpty else { continue }
                findings.append(zeroWidth(q, operations, analysis))
            }
        }
        for q in queues.indices where queues[q].maxConcurrentOperationCount < -1 {
            let name = SchedulingLint.quoted(queues[q].name)
            findings.append(finding(
                "queue \(name) has maxConcurrentOperationCount \(queues[q].maxConcurrentOperationCount): only -1 (the system's default), 0 or a positive count is valid, and Foundation rejects the rest",
                at: analysis.location(ofQueue: q),
                fix: Finding.Fix("set maxConcurrentOperationCount of \(name) to -1 (system default) or to the number of operations that may run at once"),
                queues: [queues[q].name]))
        }
        return findings
    }

    private func zeroWidth(_ q: Int, _ operations: [Int], _ analysis: GraphAnalysis) -> Finding {
        let queueName = analysis.graph.queues[q].name
        let names = operations.map(analysis.name)
        let related = operations.prefix(SchedulingLint.namesShown).map { SchedulingLint.created($0, in: analysis) }
        return finding(
            "queue \(SchedulingLint.quoted(queueName)) has maxConcurrentOperationCount 0: its \(SchedulingLint.count(operations.count, "operation")) (\(SchedulingLint.list(names))) never \(operations.count == 1 ? "starts" : "start")",
            at: analysis.location(ofQueue: q),
            related: related,
            fix: Finding.Fix("set maxConcurrentOperationCount of \(SchedulingLint.quoted(queueName)) to 1 for a serial queue, or -1 for the system's default width"),
            operations: names,
            queues: [queueName])
    }
}
