/// OPL303: `start()` by hand on an operation whose dependencies are not finished.
public struct StartNotReadyRule: Rule {
    public static let description = RuleDescription(
        code: "OPL303",
        name: "start-not-ready",
        severity: .error,
        summary: "`start()` called by hand on an operation whose dependencies have not finished.",
        details: """
        Reports a manual `start()` when the same straight-line code added dependencies to the \
        operation and neither started those by hand (synchronously), nor waited for them, \
        before the call. When the operation's class has its own `start` that never calls \
        `super`'s, that code runs instead of Foundation's: it is a warning then, since what \
        the early start does (throw, run before the dependencies, or nothing) is up to that \
        code.
        """,
        rationale: """
        `start()` on an operation that is not ready throws `NSInvalidArgumentException` (S7); \
        an operation is ready only when all its dependencies have finished (S2).
        """,
        failingExample: RuleExample(.swift, """
        let queue = OperationQueue()
        let fetch = BlockOperation { }
        let parse = BlockOperation { }
        parse.addDependency(fetch)
        queue.addOperation(fetch)
        ↓parse.start()
        """),
        fixedExample: RuleExample(.swift, """
        let queue = OperationQueue()
        let fetch = BlockOperation { }
        let parse = BlockOperation { }
        parse.addDependency(fetch)
        queue.addOperation(fetch)
        fetch.waitUntilFinished()
        parse.start()
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.graph.sourceFacts.manualStarts.compactMap { start in
            guard !start.unfinishedDependencies.isEmpty else { return nil }
            let names = NameList.summary(start.unfinishedDependencies)
            // A class with its own `start` decides what an early start does: throw as Foundation's
            // does, run at once, ignoring the dependencies, or do nothing.
            let consequence = start.classWithOwnStart.map {
                "\($0)'s own start runs instead of Foundation's: whether it throws, runs before them or does nothing is up to that code"
            } ?? "it throws when not ready"
            return finding(
                "\(start.operation) is started by hand while its dependencies \(names) may not have finished; \(consequence)",
                at: start.location,
                severity: start.classWithOwnStart == nil ? nil : .warning,
                fix: Finding.Fix("add \(start.operation) to a queue instead, or wait for \(names) before starting it"),
                operations: [start.operation] + start.unfinishedDependencies
            )
        }
    }
}
