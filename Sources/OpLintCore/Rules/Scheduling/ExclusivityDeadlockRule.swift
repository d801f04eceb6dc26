/// OPL207: the implicit order of an exclusivity category contradicts an explicit dependency.
public struct ExclusivityDeadlockRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        code: "OPL207",
        name: "exclusivity-deadlock",
        severity: .error,
        summary: "An exclusivity category's implicit order contradicts an explicit dependency.",
        details: """
            Operations that share an exclusivity category (`exclusive`) run one at a time in \
            the order they are added: each waits for the one of its category added before it. \
            This rule finds an operation that, through an explicit dependency (directly or \
            through other operations), waits for one of its category added after it — the \
            implicit chain then leads back to it and closes a cycle. One finding per category \
            and cycle, at the operation whose explicit dependency points the wrong way; the \
            message gives the explicit edge (or path) and the implicit chain, and related \
            locations show every edge. OPL101 dependency-cycle reports the same cycle in \
            general terms; this rule says which category and which edge contradict each other.

            Its claim is *must* — none of the operations of the cycle ever starts, in any \
            schedule — an error, unless a `cancel` or `cancelAll` event may reach one of them \
            before it starts: a cancelled operation ignores its dependencies (S6), which \
            breaks the cycle. Then the claim is *may*: a warning when a schedule lint simulates \
            stays stuck all the same (naming it), else a note.
            """,
        rationale: """
            The mutual-exclusivity pattern (S21) makes each operation of a category depend on \
            the one added before it. An explicit dependency that points the other way closes a \
            dependency cycle, and no operation of a cycle, nor anything depending on one, ever \
            becomes ready (S4). Nothing reports it at run time: the queue just never drains.
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "ui" }],
              "operations": [
                ↓{ "name": "welcome", "queue": "ui", "exclusive": ["Alert"], "dependencies": ["rating"] },
                { "name": "rating", "queue": "ui", "exclusive": ["Alert"] }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "ui" }],
              "operations": [
                { "name": "rating", "queue": "ui", "exclusive": ["Alert"] },
                { "name": "welcome", "queue": "ui", "exclusive": ["Alert"] }
              ]
            }
            """)
    )

    private struct Group: Hashable {
        var component: Int32
        var category: String
    }

    /// - Complexity: O(1) without exclusivity categories; else O(*n* + *e*) for the shared strongly
    ///   connected components, plus one search inside each reported cycle.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let index = analysis.index
        guard !index.exclusivityCategories.isEmpty else { return [] }
        let operations = analysis.graph.operations
        let roots = operations.indices.filter { !operations.exclusive(at: $0).isEmpty }
        let components = analysis.components
        var groups: [Group] = []
        var members: [Group: [Int]] = [:]
        for u in roots {
            for edge in index.dependencyEdges(of: u) {
                guard case .exclusivity(let category) = index.origin(ofEdge: edge) else { continue }
                let v = Int(index.dependencyTargets[edge])
                let component = components.component[u]
                guard component >= 0, components.component[v] == component else { continue }
                let group = Group(component: component, category: category)
                if members[group] == nil {
                    members[group] = []
                    groups.append(group)
                }
            }
        }
        guard !groups.isEmpty else { return [] }
        for u in roots {
            for category in Set(operations.exclusive(at: u)) {
                let group = Group(component: components.component[u], category: category)
                if members[group] != nil { members[group, default: []].append(u) }
            }
        }
        var search = SchedulingLint.Search(analysis, limit: Int.max, includeWaits: false)
        var cycleOf: [Int32: [Int32]] = [:]
        let cancellation = analysis.cancellation
        for cycle in components.cycles { cycleOf[components.component[Int(cycle[0])]] = cycle }
        return groups.compactMap { group in
            guard let chain = members[group], let first = chain.first, let last = chain.last,
                  var finding = report(group, chain: chain, first: first, last: last, components, analysis, &search) else { return nil }
            SchedulingLint.judgeCancellation(of: &finding, members: cycleOf[group.component] ?? chain.map(Int32.init), analysis, cancellation)
            return finding
        }
    }

    private func report(
        _ group: Group, chain: [Int], first: Int, last: Int, _ components: StronglyConnectedComponents,
        _ analysis: GraphAnalysis, _ search: inout SchedulingLint.Search
    ) -> Finding? {
        let index = analysis.index
        // The explicit side: a direct dependency from an earlier member on a later one, else a path.
        var explicit: [SchedulingLint.Search.Link] = []
        let position = Dictionary(uniqueKeysWithValues: chain.enumerated().map { ($1, $0) })
        outer: for a in chain {
            for edge in index.dependencyEdges(of: a) {
                guard case .dependency = index.origin(ofEdge: edge) else { continue }
                let b = Int(index.dependencyTargets[edge])
                if let pb = position[b], let pa = position[a], pb > pa {
                    explicit = [.init(waiter: a, target: b, step: .dependency(edge: edge))]
                    break outer
                }
            }
        }
        if explicit.isEmpty {
            let component = group.component
            let outcome = search.run(from: first, .forward, allow: { components.component[$0] == component }) { $0 == last }
            guard case .found = outcome else { return nil }
            explicit = search.path(to: last)
        }
        guard let earlier = explicit.first?.waiter, let later = explicit.last?.target else { return nil }
        let implicit = implicitChain(from: later, to: earlier, category: group.category, analysis)
        let q = SchedulingLint.quoted
        let earlierName = q(analysis.name(earlier))
        let laterName = q(analysis.name(later))
        let explicitText: String
        var fix: Finding.Fix?
        if explicit.count == 1 {
            explicitText = "\(earlierName) depends on \(laterName)"
            fix = Finding.Fix(
                "remove the dependency \(earlierName) → \(laterName), or add \(laterName) before \(earlierName)",
                removeEdges: [Finding.Edge(analysis.name(earlier), analysis.name(later))])
        } else {
            explicitText = "\(earlierName) cannot start before \(laterName) (\(search.describe(explicit)))"
        }
        let chainText = implicit.count > 1 ? " (\(search.describe(implicit)))" : ""
        let names = ([earlier] + explicit.map(\.target) + implicit.map(\.target)).map(analysis.name)
        var seen = Set<String>()
        return finding(
            "\(explicitText), but exclusivity category \(q(group.category)) makes \(laterName) wait for \(earlierName), added before it\(chainText): neither ever starts",
            at: analysis.location(ofOperation: earlier),
            related: search.related(explicit) + search.related(implicit) + [SchedulingLint.created(later, in: analysis)],
            fix: fix,
            operations: names.filter { seen.insert($0).inserted })
    }

    /// The implicit edges of `category` from `later` back to `earlier`.
    private func implicitChain(from later: Int, to earlier: Int, category: String, _ analysis: GraphAnalysis) -> [SchedulingLint.Search.Link] {
        let index = analysis.index
        var links: [SchedulingLint.Search.Link] = []
        var current = later
        while current != earlier {
            let edge = index.dependencyEdges(of: current).first {
                if case .exclusivity(let c) = index.origin(ofEdge: $0) { return c == category }
                return false
            }
            guard let edge else { break }
            let previous = Int(index.dependencyTargets[edge])
            guard previous < current else { break }  // A category listed twice adds a self-edge.
            links.append(.init(waiter: current, target: previous, step: .dependency(edge: edge)))
            current = previous
        }
        return links
    }
}
