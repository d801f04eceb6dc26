/// OPL102: an operation that depends on itself.
public struct SelfDependencyRule: Rule {
    public static let description = RuleDescription(
        code: "OPL102",
        name: "self-dependency",
        severity: .error,
        summary: "An operation that waits for itself (`a.addDependency(a)`) never starts.",
        details: """
        Reports every dependency of an operation on itself, at the place it was added.
        """,
        rationale: """
        An operation is ready only when all its dependencies have finished (S2); one that \
        depends on itself can never be finished before it starts, so it never becomes ready \
        and everything that depends on it waits forever (S4). On swift-corelibs-foundation \
        it is a silent hang too.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "work" }],
          "operations": [
            { "name": "resize", "queue": "work", "dependencies": [↓"resize"] }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "work" }],
          "operations": [
            { "name": "resize", "queue": "work" }
          ]
        }
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.index.selfDependencies.map { operation, index in
            let op = Int(operation)
            let name = analysis.name(op)
            let reference = analysis.graph.operations.dependency(Int(index), at: op)
            let location = analysis.graph.location(of: reference) ?? analysis.location(ofOperation: op)
            return finding(
                "\(name) depends on itself, so it can never become ready",
                at: location,
                related: [.init(analysis.location(ofOperation: op), "\(name) is created here")],
                fix: Finding.Fix("remove the dependency \(name) → \(name) (\(location))", removeEdges: [.init(name, name)]),
                operations: [name]
            )
        }
    }
}
