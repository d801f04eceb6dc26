/// OPL108: an operation names a queue that is not declared.
public struct UnknownQueueRule: Rule {
    public static let description = RuleDescription(
        code: "OPL108",
        name: "unknown-queue",
        severity: .error,
        summary: "An operation is added to, or waits for, a queue that is not declared.",
        details: """
        Reports each operation whose `queue`, or an entry of whose `waitsForQueues`, names no \
        declared queue, with the closest declared name when one is a likely typo. The \
        operation is treated as never started; what depends on it is reported by OPL106.
        """,
        rationale: """
        An operation runs only once it is added to a queue (S3, S16). A queue name that \
        matches no declared queue means the graph does not say where, or whether, it runs.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "downloads", "maxConcurrentOperationCount": 2 }],
          "operations": [
            ↓{ "name": "download", "queue": "download" }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "downloads", "maxConcurrentOperationCount": 2 }],
          "operations": [
            { "name": "download", "queue": "downloads" }
          ]
        }
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let graph = analysis.graph
        let queueNames = graph.queues.map(\.name)
        var findings: [Finding] = []
        for unknown in analysis.index.unknownReferences {
            let operation = graph.operations[unknown.operation]
            let name: String
            let message: String
            let location: SourceLocation
            switch unknown.kind {
            case .queue:
                name = operation.queue ?? ""
                message = "\(operation.name) is added to queue \(name), which is not declared"
                location = analysis.location(ofOperation: unknown.operation)
            case .waitsForQueues:
                let reference = operation.waitsForQueues[unknown.index]
                name = reference.name
                message = "\(operation.name) waits for queue \(name), which is not declared"
                location = graph.location(of: reference) ?? analysis.location(ofOperation: unknown.operation)
            case .dependency, .waitsFor:
                continue
            }
            var fix: Finding.Fix?
            var text = message
            if let suggestion = EditDistance.closest(to: name, among: queueNames) {
                text += " (did you mean \(suggestion)?)"
                fix = Finding.Fix("change \(name) to \(suggestion)")
            } else {
                fix = Finding.Fix("declare queue \(name) in \"queues\"")
            }
            findings.append(finding(text, at: location, fix: fix, operations: [operation.name], queues: [name]))
        }
        return findings
    }
}
