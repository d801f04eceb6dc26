/// OPL105: an operation that is never added to a queue nor started by hand.
public struct NeverStartedRule: Rule {
    public static let description = RuleDescription(
        code: "OPL105",
        name: "never-started",
        severity: .error,
        summary: "An operation is never added to a queue nor started, so whatever waits for it waits forever.",
        details: """
        Reports each operation with no `queue` and no manual `start`. It is an error when \
        an operation that is started depends on it or waits for it, and a warning otherwise \
        (an operation that is built and dropped, with whatever depends on it).
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
        let operations = analysis.graph.operations
        // Waits by operations that run: one that is never started waits for nothing.
        var waitedOn = Set<Int32>()
        for wait in analysis.index.operationWaits where operations[Int(wait.waiter)].start != .never { waitedOn.insert(wait.target) }
        var findings: [Finding] = []
        for i in operations.indices where operations[i].start == .never {
            let operation = operations[i]
            let dependentIndices = Array(Set(analysis.index.dependents(of: i))).sorted()
            let dependents = dependentIndices.map { analysis.name(Int($0)) }
            let isWaitedOn = waitedOn.contains(Int32(i))
            var message = "\(operation.name) is never added to a queue nor started"
            if !dependents.isEmpty {
                message += "; \(NameList.count(dependents.count, "operation")) \(dependents.count == 1 ? "waits" : "wait") for it: \(NameList.summary(dependents))"
            } else if isWaitedOn {
                message += "; an operation waits for it to finish"
            }
            // An error when an operation that runs waits for it; dependents that are never
            // started themselves wait for nothing (a graph built and dropped, as a test may do).
            let strands = isWaitedOn || dependentIndices.contains { operations[Int($0)].start != .never }
            let severity: Severity = strands ? .error : .warning
            findings.append(finding(
                message,
                at: analysis.location(ofOperation: i),
                severity: severity,
                fix: Finding.Fix("add \(operation.name) to a queue, start it, or remove it and the dependencies on it"),
                operations: [operation.name] + dependents
            ))
        }
        return findings
    }
}
