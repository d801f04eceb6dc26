/// OPL107: a dependency implied by others (transitive reduction).
public struct RedundantDependencyRule: Rule {
    public static let description = RuleDescription(
        code: "OPL107",
        name: "redundant-dependency",
        severity: .note,
        summary: "A dependency already implied by another path (`c → a` when `c → b → a`).",
        details: """
        Reports each explicit dependency that the transitive reduction of the graph removes, \
        as Graphviz `tred` computes it, naming the operation through which it is implied. \
        Dependencies inside cycles are left to OPL101.
        """,
        rationale: """
        Dependencies are transitive in effect (S2, S3): if `c` waits for `b` and `b` waits for \
        `a`, `c` cannot start before `a` finishes anyway. The extra edge changes nothing at run \
        time, but it hides the real structure in drawings and reviews, and it stays behind \
        when the path through `b` is later removed on purpose.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "images" }],
          "operations": [
            { "name": "download", "queue": "images" },
            { "name": "decode", "queue": "images", "dependencies": ["download"] },
            { "name": "show", "queue": "images", "dependencies": ["decode", ↓"download"] }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "images" }],
          "operations": [
            { "name": "download", "queue": "images" },
            { "name": "decode", "queue": "images", "dependencies": ["download"] },
            { "name": "show", "queue": "images", "dependencies": ["decode"] }
          ]
        }
        """),
        limits: """
        Superlinear by nature. It runs on graphs of up to 200,000 operations by default \
        (`--redundant-limit N` changes the bound, 0 removes it) and says so in a note when it \
        is skipped. Each operation's search is capped at 200,000 visited edges; operations \
        whose search hits the cap are left unjudged and counted in a note, never guessed.
        """
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let n = analysis.index.operationCount
        let options = analysis.options
        if n > options.redundantDependencyLimit && !options.forceRedundantDependency {
            return [finding(
                "redundant-dependency check skipped: \(n) operations exceed the limit of \(options.redundantDependencyLimit) (use --redundant-limit 0 to run it)",
                at: analysis.graph.fallbackLocation
            )]
        }
        let redundant = RedundantDependencies(analysis.index, analysis.components)
        var findings = redundant.edges.map { edge -> Finding in
            let waiter = Int(edge.waiter)
            let dependency = analysis.name(Int(analysis.index.dependencyTargets[edge.position]))
            let via = analysis.name(Int(edge.via))
            let name = analysis.name(waiter)
            let location = analysis.location(ofEdge: edge.position, from: waiter)
            return finding(
                "\(name)'s dependency on \(dependency) is redundant: it already waits for \(dependency) through \(via)",
                at: location,
                fix: Finding.Fix("remove the dependency \(name) → \(dependency) (\(location))", removeEdges: [.init(name, dependency)]),
                operations: [name, dependency, via]
            )
        }
        if redundant.undecided > 0 {
            findings.append(finding(
                "redundant-dependency check left \(redundant.undecided) operations unjudged: their searches exceeded the per-operation budget",
                at: analysis.graph.fallbackLocation
            ))
        }
        return findings
    }
}
