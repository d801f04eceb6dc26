/// OPL306: an operation API call the source scanner could not tie to an operation or queue.
public struct UnresolvedReferenceRule: Rule {
    public static let description = RuleDescription(
        code: "OPL306",
        name: "unresolved-reference",
        severity: .note,
        summary: "An operation API call whose operation or queue the source scanner could not follow.",
        details: """
        Reports calls such as `operations[1].addDependency(operations[0])`, where the receiver \
        or argument is an expression the scanner does not follow (a subscript, a function \
        result, a parameter), with the reason; operations added to a queue it cannot follow \
        (they count as enqueued, on a queue of unknown settings); operations created in loops \
        of unknown length; operations handed to code the scanner does not see (noted where \
        they are passed on) or made by it (a call's result, the initializer of a class it does \
        not see: noted where they come from). Nothing is \
        guessed: the fact is left out of the graph, and this note says where. An annotation \
        (`// oplint:depends a on b`) states it. Off by default — one note per call is noise on \
        a whole app; every lint of source ends with a coverage line that counts these calls, \
        and `oplint lint --unfollowed` (or `--rule OPL306=note`) lists them.
        """,
        rationale: """
        An extractor that invents edges makes a linter that cries wolf (source.md §3); one \
        that silently drops them hides real problems — a missing dependency (S3) can hide a \
        cycle (S4). The note keeps the gap visible.
        """,
        failingExample: RuleExample(.swift, """
        func chain(_ operations: [Operation]) {
            operations[1].↓addDependency(operations[0])
        }
        """),
        fixedExample: RuleExample(.swift, """
        func chain() {
            let first = BlockOperation { }
            let second = BlockOperation { }
            second.addDependency(first)
        }
        """),
        isEnabledByDefault: false
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.graph.sourceFacts.unresolved.map { issue in
            finding(issue.message, at: issue.location)
        }
    }
}
