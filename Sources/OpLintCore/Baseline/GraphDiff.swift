/// What changed between two versions of a graph: findings that are new or fixed (matched by
/// rule and fingerprint, so moved lines are not changes), operations and dependencies added
/// or removed.
public struct GraphDiff: Sendable, Equatable {
    /// Findings of the new graph that the old one did not have, in report order.
    public var newFindings: [Finding]
    /// Findings of the old graph that the new one no longer has, in report order.
    public var fixedFindings: [Finding]
    /// Dependencies (`waiter` waits for `dependency`) only in the new graph, sorted.
    public var addedEdges: [Finding.Edge]
    /// Dependencies only in the old graph, sorted.
    public var removedEdges: [Finding.Edge]
    /// Operation names only in the new graph, sorted.
    public var addedOperations: [String]
    /// Operation names only in the old graph, sorted.
    public var removedOperations: [String]

    /// Compares two graphs and their lint results (suppressed findings are left out).
    ///
    /// - Complexity: O(*n* log *n*) in the number of operations, dependencies and findings.
    public init(old: OperationGraph, new: OperationGraph, oldResult: LintResult, newResult: LintResult) {
        (newFindings, fixedFindings) = Self.difference(oldResult.reported, newResult.reported)
        let oldEdges = Self.edges(old)
        let newEdges = Self.edges(new)
        addedEdges = newEdges.subtracting(oldEdges).sorted(by: Self.edgeOrder)
        removedEdges = oldEdges.subtracting(newEdges).sorted(by: Self.edgeOrder)
        let oldNames = Set(old.operations.map(\.name))
        let newNames = Set(new.operations.map(\.name))
        addedOperations = newNames.subtracting(oldNames).sorted()
        removedOperations = oldNames.subtracting(newNames).sorted()
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        newFindings.isEmpty && fixedFindings.isEmpty && addedEdges.isEmpty && removedEdges.isEmpty
            && addedOperations.isEmpty && removedOperations.isEmpty
    }

    /// Findings only in `new` and only in `old`, each matched at most once by (rule, fingerprint).
    static func difference(_ old: [Finding], _ new: [Finding]) -> (new: [Finding], fixed: [Finding]) {
        func key(_ finding: Finding) -> String { finding.rule.code + "/" + finding.fingerprint }
        var oldCounts: [String: Int] = [:]
        for finding in old { oldCounts[key(finding), default: 0] += 1 }
        var newCounts: [String: Int] = [:]
        for finding in new { newCounts[key(finding), default: 0] += 1 }
        var added: [Finding] = []
        var seen: [String: Int] = [:]
        for finding in new {
            let k = key(finding)
            seen[k, default: 0] += 1
            if seen[k, default: 0] > oldCounts[k, default: 0] { added.append(finding) }
        }
        var fixed: [Finding] = []
        seen = [:]
        for finding in old {
            let k = key(finding)
            seen[k, default: 0] += 1
            if seen[k, default: 0] > newCounts[k, default: 0] { fixed.append(finding) }
        }
        return (added.sorted(by: Finding.reportOrder), fixed.sorted(by: Finding.reportOrder))
    }

    static func edges(_ graph: OperationGraph) -> Set<Finding.Edge> {
        var edges: Set<Finding.Edge> = []
        for operation in graph.operations {
            for dependency in operation.dependencies { edges.insert(Finding.Edge(operation.name, dependency.name)) }
        }
        return edges
    }

    static func edgeOrder(_ lhs: Finding.Edge, _ rhs: Finding.Edge) -> Bool {
        (lhs.waiter, lhs.dependency) < (rhs.waiter, rhs.dependency)
    }
}
