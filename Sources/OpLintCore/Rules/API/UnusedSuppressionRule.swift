/// OPL307: an inline suppression comment that suppressed no finding.
///
/// Its findings are made by `InlineSuppression` after every other rule has run, since only
/// then is it known what each comment suppressed; `check` itself finds nothing.
public struct UnusedSuppressionRule: Rule {
    public static let description = RuleDescription(
        code: "OPL307",
        name: "unused-suppression",
        severity: .warning,
        summary: "An `// oplint:disable…` comment that suppresses nothing.",
        details: """
        Reports each `oplint:disable`, `disable-next-line` and `disable-file` comment that \
        suppressed no finding of the rules it names in this run, so stale suppressions do \
        not pile up. A comment naming a rule that is turned off is not reported.
        """,
        rationale: """
        A suppression outlives the problem it hid; left in place it will hide the next, real \
        one on that line — a dependency added after enqueueing (S5), a wait on the main \
        thread (S19) (cli.md, suppression).
        """,
        failingExample: RuleExample(.swift, """
        let queue = OperationQueue()
        ↓// oplint:disable-next-line OPL301
        let fetch = BlockOperation { }
        queue.addOperation(fetch)
        """),
        fixedExample: RuleExample(.swift, """
        let queue = OperationQueue()
        let fetch = BlockOperation { }
        let decode = BlockOperation { }
        queue.addOperation(decode)
        // oplint:disable-next-line OPL301
        decode.addDependency(fetch)
        queue.addOperation(fetch)
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] { [] }
}
