/// OPL305: a malformed `// oplint:` annotation.
public struct AnnotationSyntaxRule: Rule {
    public static let description = RuleDescription(
        code: "OPL305",
        name: "annotation-syntax",
        severity: .error,
        summary: "A `// oplint:` annotation that cannot be read.",
        details: """
        Reports an annotation with an unknown directive or key, a value of the wrong kind \
        (`priority=urgent`, `max=two`, `duration=fast`), a `depends` without `on`, or an \
        unnamed `operation`/`queue` that is not directly above a declaration. The annotation \
        is ignored; the rest of the file is still read.
        """,
        rationale: """
        Annotations state facts that win over inference (source.md §1); one that is silently \
        dropped leaves the graph wrong without anyone knowing — a lost `after=` hides a \
        dependency (S3), a lost `max=1` hides a serial queue (S13).
        """,
        failingExample: RuleExample(.swift, """
        // oplint:queue uploads max=1
        ↓// oplint:operation upload queue=uploads priority=urgent
        """),
        fixedExample: RuleExample(.swift, """
        // oplint:queue uploads max=1
        // oplint:operation upload queue=uploads priority=high
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.graph.sourceFacts.annotationErrors.map { error in
            finding("malformed oplint annotation: \(error.message)", at: error.location)
        }
    }
}
