/// OPL304: cancelling an operation does not cancel the operations that depend on it.
public struct CancelledDependencyRule: Rule {
    public static let description = RuleDescription(
        code: "OPL304",
        name: "cancelled-dependency",
        severity: .note,
        summary: "A dependent of a cancelled operation still runs: cancellation does not propagate.",
        details: """
        Reports `a.cancel()` (or `q.cancelAllOperations()`) when other operations depend on \
        the cancelled ones and are not cancelled themselves (for `cancelAllOperations`: \
        dependents on other queues). It names the dependents that will still run.
        """,
        rationale: """
        `cancel()` only sets `isCancelled` (S6). A cancelled operation counts as finished for \
        its dependents, which then become ready and run — often on data the cancelled \
        operation never produced. Cancel the dependents too, or make them check their \
        dependencies' `isCancelled`.
        """,
        failingExample: RuleExample(.swift, """
        let queue = OperationQueue()
        let download = BlockOperation { }
        let unzip = BlockOperation { }
        unzip.addDependency(download)
        queue.addOperations([download, unzip], waitUntilFinished: false)
        ↓download.cancel()
        """),
        fixedExample: RuleExample(.swift, """
        let queue = OperationQueue()
        let download = BlockOperation { }
        let unzip = BlockOperation { }
        unzip.addDependency(download)
        queue.addOperations([download, unzip], waitUntilFinished: false)
        unzip.cancel()
        download.cancel()
        """)
    )

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let facts = analysis.graph.sourceFacts
        let cancelled = Set(facts.cancellations.compactMap(\.operation))
        let cancelledQueues = Set(facts.cancellations.compactMap(\.queue))
        var dependents: [String: [String]] = [:]
        var queueOf: [String: String] = [:]
        for op in analysis.graph.operations {
            if let queue = op.queue { queueOf[op.name] = queue }
            for dependency in op.dependencies { dependents[dependency.name, default: []].append(op.name) }
        }
        var findings: [Finding] = []
        for cancellation in facts.cancellations {
            var sources: [String]
            if let op = cancellation.operation {
                sources = [op]
            } else if let queue = cancellation.queue {
                sources = analysis.graph.operations.filter { $0.queue == queue }.map(\.name)
            } else {
                continue
            }
            var stillRun: [String] = []
            for source in sources {
                for dependent in dependents[source] ?? [] where !cancelled.contains(dependent) && !stillRun.contains(dependent) {
                    if let queue = queueOf[dependent], cancelledQueues.contains(queue) { continue }
                    stillRun.append(dependent)
                }
            }
            guard !stillRun.isEmpty else { continue }
            let what = cancellation.operation ?? "the operations of \(cancellation.queue ?? "the queue")"
            findings.append(finding(
                "cancelling \(what) does not cancel \(NameList.summary(stillRun)), which \(stillRun.count == 1 ? "depends" : "depend") on it and will still run",
                at: cancellation.location,
                fix: Finding.Fix("cancel \(NameList.summary(stillRun)) too, or check the dependencies' isCancelled in them"),
                operations: (cancellation.operation.map { [$0] } ?? []) + stillRun,
                queues: cancellation.queue.map { [$0] } ?? []
            ))
        }
        return findings
    }
}
