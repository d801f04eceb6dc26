/// OPL109: a key in a graph file that format v1 does not define.
public struct UnknownKeyRule: Rule {
    public static let description = RuleDescription(
        code: "OPL109",
        name: "unknown-key",
        severity: .warning,
        summary: "A graph file has a key that format v1 does not define, such as a misspelt `dependecies`.",
        details: """
        Reports each unknown key with the object it appears in and the closest key that is \
        allowed there. The key is ignored; the rest of the object is read.
        """,
        rationale: """
        A misspelt key is silently a different graph: `"dependecies": ["download"]` declares \
        no dependency at all, so the operation may start before the one it needs (S2).
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "work" }],
          "operations": [
            { "name": "download", "queue": "work" },
            { "name": "decode", "queue": "work", ↓"dependecies": ["download"] }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "work" }],
          "operations": [
            { "name": "download", "queue": "work" },
            { "name": "decode", "queue": "work", "dependencies": ["download"] }
          ]
        }
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.graph.unknownKeys.map { unknown in
            var message = "unknown key \"\(unknown.key)\" in \(unknown.context)"
            var fix: Finding.Fix?
            if let suggestion = EditDistance.closest(to: unknown.key, among: unknown.allowedKeys) {
                message += " (did you mean \"\(suggestion)\"?)"
                fix = Finding.Fix("rename \"\(unknown.key)\" to \"\(suggestion)\"")
            } else {
                fix = Finding.Fix("remove \"\(unknown.key)\"; allowed keys: \(unknown.allowedKeys.joined(separator: ", "))")
            }
            let location = analysis.graph.location(nil, unknown.position) ?? analysis.graph.fallbackLocation
            return finding(message, at: location, fix: fix)
        }
    }
}
