/// OPL105: an operation that is never added to a queue nor started by hand.
public struct NeverStartedRule: Rule {
    public static let description = RuleDescription(
        code: "OPL105",
        name: "never-started",
        severity: .error,
        summary: "An operation is never added to a queue nor started, so whatever waits for it waits forever.",
        details: """
        Reports each operation with no `queue` and no manual `start`. It is an error when \
        an operation that is started depends on it or waits for it — a *must* claim: that \
        operation never finishes, in any schedule — and a warning otherwise (an operation \
        that is built and dropped, with whatever depends on it). A dependent that a `cancel` \
        or `cancelAll` event may reach before it starts is not counted: cancelled, it ignores \
        its dependencies (S6).
        """,
        rationale: """
        Dependencies work across queues and even on operations in no queue (S3): the \
        dependent then waits until somebody starts that operation. If nobody ever does, the \
        dependent never becomes ready (S2) and its queue never drains.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "main", "main": true }],
          "operations": [
            ↓{ "name": "combine", "dependencies": [] },
            { "name": "show", "queue": "main", "dependencies": ["combine"] }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "work" }, { "name": "main", "main": true }],
          "operations": [
            { "name": "combine", "queue": "work" },
            { "name": "show", "queue": "main", "dependencies": ["combine"] }
          ]
        }
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        var waiters: [Int32: [Int32]] = [:]
        for wait in analysis.index.operationWaits { waiters[wait.target, default: []].append(wait.waiter) }
        var findings: [Finding] = []
        let operations = analysis.graph.operations
        let cancellation = analysis.cancellation
        for i in operations.indices where operations.start(at: i) == .never {
            let operation = operations[i]
            let dependents = Array(Set(analysis.index.dependents(of: i))).sorted()
            // A cancel that reaches a dependent before it starts makes it ignore its dependencies (S6).
            let strandedIndices = dependents.filter { !cancellation.mayCancel(Int($0)) }
            let stranded = strandedIndices.map { analysis.name(Int($0)) }
            let released = dependents.filter { cancellation.mayCancel(Int($0)) }.map { analysis.name(Int($0)) }
            // Waits by operations that run: one that is never started waits for nothing.
            let waiting = Array(Set(waiters[Int32(i)] ?? [])).sorted()
                .filter { operations.start(at: Int($0)) != .never && !cancellation.mayCancel(Int($0)) }.map { analysis.name(Int($0)) }
            var message = "\(operation.name) is never added to a queue nor started"
            if !stranded.isEmpty {
                message += "; \(NameList.count(stranded.count, "operation")) \(stranded.count == 1 ? "waits" : "wait") for it: \(NameList.summary(stranded))"
            } else if !waiting.isEmpty {
                message += "; an operation waits for it to finish"
            }
            if !released.isEmpty {
                message += "; \(NameList.summary(released)) may be cancelled first, which releases \(released.count == 1 ? "it" : "them") (S6)"
            }
            // An error when an operation that runs waits for it; dependents that are never
            // started themselves wait for nothing (a graph built and dropped, as a test may do).
            let strands = !waiting.isEmpty || strandedIndices.contains { operations.start(at: Int($0)) != .never }
            let severity: Severity = strands ? .error : .warning
            var seen = Set<String>()
            findings.append(finding(
                message,
                at: analysis.location(ofOperation: i),
                severity: severity,
                fix: Finding.Fix("add \(operation.name) to a queue, start it, or remove it and the dependencies on it"),
                operations: ([operation.name] + stranded + waiting).filter { seen.insert($0).inserted }
            ))
        }
        return findings
    }
}
