/// OPL308: `removeDependency` of a dependency that has not finished (swift-corelibs-foundation).
public struct LinuxRemoveDependencyRule: Rule {
    public static let description = RuleDescription(
        code: "OPL308",
        name: "linux-remove-dependency",
        severity: .warning,
        summary: "`removeDependency` of an unfinished dependency leaves the operation never ready on Linux.",
        details: """
        Reports `a.removeDependency(b)` when the code has not waited for `b` to finish before \
        the call (no `b.waitUntilFinished()`, no wait on `b`'s queue, in the same \
        straight-line code). A removal of a dependency the file never adds (`a.addDependency(b)` \
        nowhere in it) changes nothing and is not reported, nor is one in Objective-C (`.m`, \
        `.mm`, `.h`): swift-corelibs-foundation serves Swift code only.
        """,
        rationale: """
        On Apple platforms removing a dependency re-evaluates readiness. On \
        swift-corelibs-foundation the count of unfinished dependencies is not decremented \
        when an unfinished dependency is removed, so the operation never becomes ready \
        (linux-operationqueue.md rule 33) and its queue never drains (S2).
        """,
        failingExample: RuleExample(.swift, """
        let queue = OperationQueue()
        let load = BlockOperation { }
        let render = BlockOperation { }
        render.addDependency(load)
        ↓render.removeDependency(load)
        queue.addOperations([load, render], waitUntilFinished: false)
        """),
        fixedExample: RuleExample(.swift, """
        let queue = OperationQueue()
        let load = BlockOperation { }
        let render = BlockOperation { }
        render.addDependency(load)
        queue.addOperation(load)
        load.waitUntilFinished()
        render.removeDependency(load)
        queue.addOperation(render)
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.graph.sourceFacts.removedDependencies.compactMap { removal in
            guard !removal.dependencyKnownFinished, !removal.isObjectiveC else { return nil }
            return finding(
                "\(removal.operation).removeDependency(\(removal.dependency)) before \(removal.dependency) has finished: on Linux \(removal.operation) then never becomes ready",
                at: removal.location,
                fix: Finding.Fix("do not add the dependency in the first place, or remove it only after \(removal.dependency) has finished"),
                operations: [removal.operation, removal.dependency]
            )
        }
    }
}
