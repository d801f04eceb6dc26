/// OPL103: a dependency or a wait on a name that is not an operation.
public struct UnknownDependencyRule: Rule {
    public static let description = RuleDescription(
        code: "OPL103",
        name: "unknown-dependency",
        severity: .error,
        summary: "A dependency or wait names an operation that does not exist.",
        details: """
        Reports each entry of `dependencies` or `waitsFor` that names no operation of the \
        graph, with the closest existing name when one is a likely typo. The rest of the graph \
        is still analysed; the dangling edge is left out.
        """,
        rationale: """
        A dependency is an edge to a real operation (S3). A name that matches none is a typo \
        or a leftover from a rename: the operation you meant to wait for is not waited for, \
        and the graph oplint analyses is not the one you intended.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "images" }],
          "operations": [
            { "name": "download", "queue": "images" },
            { "name": "thumbnail", "queue": "images", "dependencies": [↓"downlaod"] }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "images" }],
          "operations": [
            { "name": "download", "queue": "images" },
            { "name": "thumbnail", "queue": "images", "dependencies": ["download"] }
          ]
        }
        """),
        limits: """
        Suggestions are computed for the first 100 unknown names; on graphs of more than \
        200,000 operations, candidates are limited to names of similar length.
        """
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let graph = analysis.graph
        var suggestionsLeft = 100
        var findings: [Finding] = []
        for unknown in analysis.index.unknownReferences {
            let op = unknown.operation
            let operation = graph.operations[op]
            let reference: OperationGraph.Reference
            let verb: String
            switch unknown.kind {
            case .dependency:
                reference = operation.dependencies[unknown.index]
                verb = "depends on"
            case .waitsFor:
                reference = operation.waitsFor[unknown.index]
                verb = "waits for"
            case .waitsForQueues, .queue:
                continue
            }
            var message = "\(operation.name) \(verb) \(reference.name), which is not an operation of the graph"
            var fix: Finding.Fix?
            if suggestionsLeft > 0 {
                suggestionsLeft -= 1
                if let suggestion = Self.suggestion(for: reference.name, in: graph.operations) {
                    message += " (did you mean \(suggestion)?)"
                    fix = Finding.Fix("change \(reference.name) to \(suggestion)")
                }
            }
            let location = graph.location(of: reference) ?? analysis.location(ofOperation: op)
            findings.append(finding(
                message,
                at: location,
                related: [.init(analysis.location(ofOperation: op), "\(operation.name) is created here")],
                fix: fix,
                operations: [operation.name]
            ))
        }
        return findings
    }

    static func suggestion(for name: String, in operations: OperationGraph.OperationList) -> String? {
        let candidates = operations.indices.lazy.map(operations.name(at:)).filter {
            operations.count <= 200_000 || abs($0.utf8.count - name.utf8.count) <= 2
        }
        return EditDistance.closest(to: name, among: candidates)
    }
}
