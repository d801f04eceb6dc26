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
        Superlinear by nature: in the worst case the time grows with the number of operations \
        times the number of dependencies, divided by 256. It runs on graphs of up to 200,000 \
        operations by default (`--redundant-limit N` changes the bound, 0 removes it) and says \
        so in a note when it is skipped. Whenever it runs, every dependency is judged exactly, \
        with no search budget. When several other dependencies imply the same one, the message \
        names the first of them in declaration order (implicit exclusivity edges last).
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
        return redundant.edges.map { edge -> Finding in
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
    }
}
