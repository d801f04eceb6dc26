/// OPL104: two operations or two queues with the same name.
public struct DuplicateNameRule: Rule {
    public static let description = RuleDescription(
        code: "OPL104",
        name: "duplicate-name",
        severity: .error,
        summary: "Two operations, or two queues, share a name.",
        details: """
        Reports each later declaration of a name already used by an operation (or by a \
        queue). References to the name resolve to the first declaration; the later one is \
        still analysed under its position.
        """,
        rationale: """
        Names are how the graph refers to operations and queues (S3): with two of the same \
        name, a dependency on it is ambiguous and one of them is not waited for as intended.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "io" }],
          "operations": [
            { "name": "fetch", "queue": "io" },
            ↓{ "name": "fetch", "queue": "io" }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "io" }],
          "operations": [
            { "name": "fetchProfile", "queue": "io" },
            { "name": "fetchAvatar", "queue": "io" }
          ]
        }
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        var findings: [Finding] = []
        for duplicate in analysis.index.duplicateOperations {
            let name = analysis.name(duplicate.duplicate)
            findings.append(finding(
                "operation name \(name) is declared twice; references resolve to the first",
                at: analysis.location(ofOperation: duplicate.duplicate),
                related: [.init(analysis.location(ofOperation: duplicate.first), "first declaration of \(name)")],
                fix: Finding.Fix("rename one of the two operations"),
                operations: [name]
            ))
        }
        for duplicate in analysis.index.duplicateQueues {
            let name = analysis.graph.queues[duplicate.duplicate].name
            findings.append(finding(
                "queue name \(name) is declared twice; operations are assigned to the first",
                at: analysis.location(ofQueue: duplicate.duplicate),
                related: [.init(analysis.location(ofQueue: duplicate.first), "first declaration of \(name)")],
                fix: Finding.Fix("rename one of the two queues"),
                queues: [name]
            ))
        }
        return findings
    }
}
