/// OPL107: dependencies implied by others (transitive reduction), one finding per operation.
public struct RedundantDependencyRule: Rule {
    public static let description = RuleDescription(
        code: "OPL107",
        name: "redundant-dependency",
        severity: .note,
        summary: "Dependencies already implied by another path (`c → a` when `c → b → a`), one finding per operation.",
        details: """
        Reports the explicit dependencies that the transitive reduction of the graph removes, \
        as Graphviz `tred` computes it: one finding per operation that has any, at its first \
        redundant dependency, naming each one with the dependency through which it is implied. \
        When an operation has several, each is also a related location, and the fix removes \
        them all. Dependencies inside cycles are left to OPL101.
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
            { "name": "cache", "queue": "images" },
            { "name": "decode", "queue": "images", "dependencies": ["download", "cache"] },
            { "name": "show", "queue": "images", "dependencies": ["decode", ↓"download", "cache"] },
            { "name": "log", "queue": "images", "dependencies": ["show", ↓"decode"] }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "images" }],
          "operations": [
            { "name": "download", "queue": "images" },
            { "name": "cache", "queue": "images" },
            { "name": "decode", "queue": "images", "dependencies": ["download", "cache"] },
            { "name": "show", "queue": "images", "dependencies": ["decode"] },
            { "name": "log", "queue": "images", "dependencies": ["show"] }
          ]
        }
        """),
        limits: """
        Every dependency is judged exactly, in time that grows with the graph: labels computed \
        in a few passes over it (exact reachability among operations close in topological \
        order, spans, and landmarks near and far) settle most pairs of dependencies at once, \
        and the rest are settled by searches from both ends. The benchmark's workloads take \
        about one step per operation and dependency, grids and chains with long shortcuts two. \
        Graphs whose pairs need long searches — many long independent chains joined far apart \
        — take more, so the work is bounded to 16 steps per operation and dependency (at least \
        4,000,000): past it the remaining operations are not judged, and a note names them. It \
        runs on graphs of up to 200,000 operations by default (`--redundant-limit N` changes \
        the bound, 0 removes it) and says so in a note when it is skipped. When several other \
        dependencies imply the same one, the message names the first of them in declaration \
        order (implicit exclusivity edges last). A message names five redundant dependencies \
        and the fix eight; the related locations list up to 100 and `removeEdges` lists them \
        all.
        """
    )

    /// The most removals the fix names; `removeEdges` holds them all.
    static let fixListLimit = 8

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
        let edges = redundant.edges
        // The findings of the first half of the operations and of the second half are written
        // on two threads when there are many: each is a handful of strings to build.
        var middle = edges.count / 2
        while middle > 0 && middle < edges.count && edges[middle].waiter == edges[middle - 1].waiter { middle += 1 }
        var findings: [Finding] = []
        var later: [Finding] = []
        Parallel.both({ findings = grouped(edges[..<middle], analysis) },
                      { later = grouped(edges[middle...], analysis) },
                      inParallel: edges.count >= Self.parallelFindings)
        findings += later
        if !redundant.unjudged.isEmpty {
            findings.append(unjudgedNote(redundant, budget: options.redundantDependencyBudget ?? RedundantDependencies.defaultBudget(analysis.index), analysis))
        }
        return findings
    }

    /// Redundant dependencies above which their findings are written on two threads.
    static let parallelFindings = 4_000

    /// One finding per operation of `edges`, which are grouped by operation.
    private func grouped(_ edges: ArraySlice<RedundantDependencies.Edge>, _ analysis: GraphAnalysis) -> [Finding] {
        var findings: [Finding] = []
        var first = edges.startIndex
        while first < edges.endIndex {
            var end = first + 1
            while end < edges.endIndex && edges[end].waiter == edges[first].waiter { end += 1 }
            findings.append(finding(for: edges[first..<end], analysis))
            first = end
        }
        return findings
    }

    /// The finding for one operation's redundant dependencies, in the order of its edges.
    private func finding(for edges: ArraySlice<RedundantDependencies.Edge>, _ analysis: GraphAnalysis) -> Finding {
        let waiter = Int(edges[edges.startIndex].waiter)
        let name = analysis.name(waiter)
        let index = analysis.index
        func dependency(_ edge: RedundantDependencies.Edge) -> String { analysis.name(Int(index.dependencyTargets[edge.position])) }
        func location(_ edge: RedundantDependencies.Edge) -> SourceLocation { analysis.location(ofEdge: edge.position, from: waiter) }
        let primary = location(edges[edges.startIndex])

        if edges.count == 1, let edge = edges.first {
            let target = dependency(edge)
            return finding(
                written("\(name)'s dependency on \(target) is redundant: it already waits for \(target) through \(analysis.name(Int(edge.via)))"),
                at: primary,
                fix: Finding.Fix(written("remove the dependency \(name) → \(target) (\(primary))"), removeEdges: [.init(name, target)]),
                operations: [name, target, analysis.name(Int(edge.via))]
            )
        }

        let implied = edges.lazy.map { written("\(dependency($0)) through \(analysis.name(Int($0.via)))") }
        let message = written("\(name) has \(edges.count) redundant dependencies: it already waits for \(NameList.summary(implied))")

        // Each redundant dependency is a related location, the last one saying how many more there are.
        let shown = edges.prefix(Finding.relatedLimit - (edges.count > Finding.relatedLimit ? 1 : 0))
        var related = shown.enumerated().map { k, edge in
            Finding.Related(k == 0 ? primary : location(edge),
                            written("\(name) waits for \(dependency(edge)), which it already waits for through \(analysis.name(Int(edge.via)))"))
        }
        if edges.count > shown.count, let last = related.last {
            related.append(Finding.Related(last.location, written("… and \(edges.count - shown.count) more redundant dependencies")))
        }

        let removals = edges.map { Finding.Edge(name, dependency($0)) }
        let described = edges.prefix(Self.fixListLimit).enumerated().map { k, edge in
            written("\(name) → \(removals[k].dependency) (\(k < related.count ? related[k].location : location(edge)))")
        }
        var list = described.joined(separator: ", ")
        if edges.count > described.count { list += " and \(edges.count - described.count) more" }

        // The operations in the order the message names them: the waiter, then each dependency
        // and the one it is implied through.
        var operations = [name]
        var named: Set<Int32> = [Int32(waiter)]
        for edge in edges {
            for operation in [index.dependencyTargets[edge.position], edge.via] where named.insert(operation).inserted {
                operations.append(analysis.name(Int(operation)))
            }
        }
        return finding(
            message,
            at: primary,
            related: related,
            fix: Finding.Fix(written("remove these \(edges.count) dependencies: \(list)"), removeEdges: removals),
            operations: operations
        )
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
