/// OPL304: cancelling an operation does not cancel the operations that depend on it.
public struct CancelledDependencyRule: Rule {
    public static let description = RuleDescription(
        code: "OPL304",
        name: "cancelled-dependency",
        severity: .note,
        summary: "A dependent of a cancelled operation still runs: cancellation does not propagate.",
        details: """
        Reports `a.cancel()` (or `q.cancelAllOperations()`, or a call to a method of the \
        operation's own class that cancels it, such as a timeout helper) when other operations \
        depend on the cancelled ones and are not cancelled themselves (for \
        `cancelAllOperations`: dependents on other queues). It names the dependents that will \
        still run. A cancelled operation that is never started never finishes, so its \
        dependents never run: OPL105 and OPL106 report those, not this rule.
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

    /// - Complexity: O(*n* + *e* + *c* · *d*) for *c* cancellations and the dependents *d* of
    ///   what they cancel; nothing when the code cancels nothing.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let facts = analysis.graph.sourceFacts
        guard !facts.cancellations.isEmpty else { return [] }
        let index = analysis.index
        let cancelled = Set(facts.cancellations.compactMap(\.operation))
        let cancelledQueues = Set(facts.cancellations.compactMap(\.queue))
        // The operations of each queue, and the explicit dependents of each operation (the
        // implicit edges of exclusivity are not the user's), once for all cancellations.
        var queueMembers = [[Int]](repeating: [], count: analysis.graph.queues.count)
        if facts.cancellations.contains(where: { $0.operation == nil }) {
            for op in 0..<index.operationCount where index.queueOfOperation[op] >= 0 {
                queueMembers[Int(index.queueOfOperation[op])].append(op)
            }
        }
        var explicitDependents = [[Int32]](repeating: [], count: index.operationCount)
        for waiter in 0..<index.operationCount {
            for edge in index.dependencyEdges(of: waiter) {
                guard case .dependency = index.origin(ofEdge: edge) else { continue }
                explicitDependents[Int(index.dependencyTargets[edge])].append(Int32(waiter))
            }
        }
        let operations = analysis.graph.operations
        var findings: [Finding] = []
        for cancellation in facts.cancellations {
            var sources: [Int] = []
            if let op = cancellation.operation {
                sources = index.operation(named: op).map { [$0] } ?? []
            } else if let queue = cancellation.queue, let q = index.queue(named: queue) {
                sources = queueMembers[q]
            }
            var stillRun: [String] = []
            var seen = Set<Int32>()
            // A cancelled operation that is never started never finishes (S6): its dependents
            // wait for ever (OPL105, OPL106) rather than run, and so does a dependent never started.
            for source in sources where operations.start(at: source) != .never {
                for dependent in explicitDependents[source] where seen.insert(dependent).inserted && operations.start(at: Int(dependent)) != .never {
                    let operation = operations[Int(dependent)]
                    if cancelled.contains(operation.name) { continue }
                    if let queue = operation.queue, cancelledQueues.contains(queue) { continue }
                    stillRun.append(operation.name)
                }
            }
            guard !stillRun.isEmpty else { continue }
            let what = cancellation.operation ?? "the operations of \(cancellation.queue ?? "the queue")"
            let cancelling = cancellation.method.map { "\(what) may be cancelled by its method `\($0)`, and that" } ?? "cancelling \(what)"
            findings.append(finding(
                "\(cancelling) does not cancel \(NameList.summary(stillRun)), which \(stillRun.count == 1 ? "depends" : "depend") on it and will still run",
                at: cancellation.location,
                fix: Finding.Fix("cancel \(NameList.summary(stillRun)) too, or check the dependencies' isCancelled in them"),
                operations: (cancellation.operation.map { [$0] } ?? []) + stillRun,
                queues: cancellation.queue.map { [$0] } ?? []
            ))
        }
        return findings
    }
}
