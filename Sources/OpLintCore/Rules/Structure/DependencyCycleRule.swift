/// OPL101: each strongly connected component of the dependency graph.
public struct DependencyCycleRule: Rule {
    public static let description = RuleDescription(
        code: "OPL101",
        name: "dependency-cycle",
        severity: .error,
        summary: "Operations that wait for each other in a cycle: none of them ever starts.",
        details: """
        Each strongly connected component of the dependency graph is reported once: a shortest \
        cycle through it as a path `a → b → c → a` (read `→` as "waits for"), the place every \
        edge of that cycle was made, the size of the component when it is larger than the \
        cycle, what waits behind it, and a small set of dependencies whose removal makes the \
        whole component acyclic (a greedy feedback-arc-set heuristic). Implicit edges of \
        mutual-exclusivity categories (S21) take part and are marked as such. A dependency of \
        an operation on itself is OPL102.

        Its claim is *must* — no operation of the component ever starts, in any schedule — \
        an error, unless a `cancel` or `cancelAll` event may reach one of them before it \
        starts: a cancelled operation ignores its dependencies (S6), which breaks the cycle. \
        Then the claim is *may*: a warning when a schedule lint simulates stays stuck all the \
        same (naming it; see "How the deadlock rules judge timing"), else a note.
        """,
        rationale: """
        An operation becomes ready only when all its dependencies have finished (S2). On a \
        cycle each operation waits for another that waits, through the others, for it: none \
        is ever ready, and neither is anything that depends on them (S4). Nothing reports it \
        at run time — the queue simply never drains, and `waitUntilAllOperationsAreFinished` \
        blocks forever.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "feed" }],
          "operations": [
            { "name": "parse", "queue": "feed", "dependencies": [↓"download"] },
            { "name": "download", "queue": "feed", "dependencies": ["auth"] },
            { "name": "auth", "queue": "feed", "dependencies": ["parse"] }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "feed" }],
          "operations": [
            { "name": "parse", "queue": "feed", "dependencies": ["download"] },
            { "name": "download", "queue": "feed", "dependencies": ["auth"] },
            { "name": "auth", "queue": "feed" }
          ]
        }
        """),
        limits: """
        The shortest cycle is searched from the component's operations in declaration order \
        within a budget of visited edges (at most four million, about three searches on a \
        huge component), so on a huge component it is the \
        shortest cycle through the operations examined. The suggested removals are small, \
        not always minimum (finding a minimum set is NP-hard). A cycle longer than twelve \
        steps is shown by its two ends around `… N more …`, in the message and in the related \
        locations; the fix names eight removals and `removeEdges` lists them all.
        """
    )

    /// The most suggested removals the fix names; `removeEdges` holds them all.
    static let fixListLimit = 8

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        // What every cycle asks of the analysis, fetched once: each fetch takes a lock.
        let cancellation = analysis.cancellation
        let blocking = analysis.blocking
        let cycles = analysis.cycles
        return Parallel.map(cycles.count, threshold: GraphAnalysis.parallelCycles) { number in
            var finding = finding(for: cycles[number], number: number, analysis, cancellation, blocking)
            SchedulingLint.judgeCancellation(of: &finding, members: cycles[number].members, analysis, cancellation)
            return finding
        }
    }

    private func finding(
        for cycle: DependencyCycle, number: Int, _ analysis: GraphAnalysis, _ cancellation: CancellationReach, _ blocking: BlockingAnalysis
    ) -> Finding {
        let path = cycle.path
        let among = cycle.members.count > path.count
            ? written(" (one of the cycles among \(cycle.members.count) operations that wait for each other)") : ""
        let message = written("dependency cycle: \(analysis.cyclePath(cycle))\(among)")
        let related = NameList.shortened(count: cycle.pathEdges.count, limit: NameList.pathLimit, item: { step in
            let waiter = Int(path[step])
            let edge = cycle.pathEdges[step]
            return Finding.Related(analysis.location(ofEdge: edge, from: waiter), analysis.describeEdge(edge, from: waiter))
        }, skipped: { count in
            let step = NameList.pathLimit / 2
            return Finding.Related(
                analysis.location(ofEdge: cycle.pathEdges[step], from: Int(path[step])),
                written("… \(count) more edges of the cycle …"))
        })
        var notes: [String] = []
        let names = cycle.members.lazy.map { analysis.name(Int($0)) }
        let releasable = cycle.members.contains { cancellation.mayCancel(Int($0)) }
        var behind = ""
        if let root = blocking.root(for: .cycle(index: number)), !root.blocked.isEmpty {
            let blocked = root.blocked.lazy.map { analysis.name(Int($0)) }
            behind = written("; \(blocked.count) more wait behind them: \(NameList.summary(blocked)) (OPL106)")
        }
        notes.append(written("\(NameList.count(names.count, "operation")) \(releasable ? "wait for each other" : "never start"): \(NameList.summary(names))\(behind)"))

        let removals = cycle.feedbackEdges.map { position in
            Finding.Edge(analysis.name(analysis.index.waiter(ofEdge: position)), analysis.name(Int(analysis.index.dependencyTargets[position])))
        }
        // Only the removals the message shows are located.
        let described = cycle.feedbackEdges.prefix(Self.fixListLimit).enumerated().map { k, position in
            written("\(removals[k].waiter) → \(removals[k].dependency) (\(analysis.location(ofEdge: position, from: analysis.index.waiter(ofEdge: position))))")
        }
        let fixMessage: String
        if removals.count == 1 {
            fixMessage = written("remove the dependency \(described[0])")
        } else {
            let more = removals.count > described.count ? written(" and \(removals.count - described.count) more") : ""
            fixMessage = written("remove these \(removals.count) dependencies to break every cycle of the group: \(described.joined(separator: ", "))\(more)")
        }
        return self.finding(
            message,
            at: related.first?.location ?? analysis.location(ofOperation: Int(path[0])),
            related: related,
            notes: notes,
            fix: Finding.Fix(fixMessage, removeEdges: removals),
            operations: Self.pathFirst(path, members: cycle.members).map { analysis.name(Int($0)) }
        )
    }

    /// The cycle's path, then the other members of its component in declaration order.
    private static func pathFirst(_ path: [Int32], members: [Int32]) -> [Int32] {
        guard members.count > path.count else { return path }
        let onPath = Set(path)
        return path + members.filter { !onPath.contains($0) }
    }
}
