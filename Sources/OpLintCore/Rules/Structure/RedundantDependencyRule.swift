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
        Every dependency is judged exactly, in time that grows with the graph: labels computed \
        in a few passes over it (exact reachability among operations close in topological \
        order, spans and landmarks for the others) settle most pairs of dependencies at once, \
        and the rest are settled by searches from both ends. The benchmark's workloads take 1 \
        to 2 steps per operation and dependency. Graphs whose pairs need long searches — many \
        long independent chains joined far apart — take more, so the work is bounded to 32 \
        steps per operation and dependency (at least 4,000,000): past it the remaining \
        operations are not judged, and a note names them. It runs on graphs of up to 200,000 \
        operations by default (`--redundant-limit N` changes the bound, 0 removes it) and says \
        so in a note when it is skipped. When several other dependencies imply the same one, \
        the message names the first of them in declaration order (implicit exclusivity edges \
        last).
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
        let redundant = RedundantDependencies(analysis.index, analysis.components, budget: options.redundantDependencyBudget)
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
        if !redundant.unjudged.isEmpty {
            findings.append(unjudgedNote(redundant, budget: options.redundantDependencyBudget ?? RedundantDependencies.defaultBudget(analysis.index), analysis))
        }
        return findings
    }

    /// The note saying which operations were left unjudged when the budget ran out.
    private func unjudgedNote(_ redundant: RedundantDependencies, budget: Int, _ analysis: GraphAnalysis) -> Finding {
        let names = redundant.unjudged.lazy.map { analysis.name(Int($0)) }
        return finding(
            "redundant-dependency check stopped after \(budget) steps: the dependencies of \(NameList.count(names.count, "operation")) were not judged: \(NameList.summary(names))",
            at: analysis.graph.fallbackLocation,
            operations: Array(names)
        )
    }
}
