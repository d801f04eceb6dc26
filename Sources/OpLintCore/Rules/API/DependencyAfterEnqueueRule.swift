/// OPL301: a dependency or priority change after the operation was enqueued or started.
public struct DependencyAfterEnqueueRule: Rule {
    public static let description = RuleDescription(
        code: "OPL301",
        name: "dependency-after-enqueue",
        severity: .warning,
        summary: "`addDependency`, `removeDependency` or a priority change after the operation was added to a queue.",
        details: """
        Reports a change to an operation's dependencies, `queuePriority` or `qualityOfService` \
        that the code makes after it added the operation to a queue (or started it) earlier in \
        the same straight-line code. Calls in different functions or closures are not compared, \
        since their order at run time is not visible.
        """,
        rationale: """
        Dependencies and priority must be configured before the operation is enqueued (S5): \
        the queue may already have found it ready and started it, so the new dependency is \
        ignored — or, on swift-corelibs-foundation, the operation may never become ready.
        """,
        failingExample: RuleExample(.swift, """
        let queue = OperationQueue()
        let fetch = BlockOperation { }
        let decode = BlockOperation { }
        queue.addOperation(decode)
        ↓decode.addDependency(fetch)
        queue.addOperation(fetch)
        """),
        fixedExample: RuleExample(.swift, """
        let queue = OperationQueue()
        let fetch = BlockOperation { }
        let decode = BlockOperation { }
        decode.addDependency(fetch)
        queue.addOperation(decode)
        queue.addOperation(fetch)
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.graph.sourceFacts.lateChanges.map { change in
            let what = change.other.map { "`\(change.change)(\($0))`" } ?? "the `\(change.change)` change"
            return finding(
                "\(what) on \(change.operation) comes after \(change.operation) was enqueued at \(change.enqueuedAt); it may have no effect",
                at: change.location,
                related: [.init(change.enqueuedAt, "\(change.operation) is enqueued here")],
                fix: Finding.Fix("move it before the enqueue at \(change.enqueuedAt)"),
                operations: [change.operation] + (change.other.map { [$0] } ?? [])
            )
        }
    }
}
