extension MainThreadWaitRule {
    /// OPL203 findings for waits that source extraction saw made on the main thread by code
    /// that is not an operation (a `viewDidLoad`, `@MainActor` code, a `DispatchQueue.main` block).
    ///
    /// - Complexity: O(*w*) for *w* such waits.
    func sourceCodeFindings(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.graph.sourceFacts.mainThreadWaits.map { wait in
            let target = wait.operation ?? "every operation of \(wait.queue ?? "the queue")"
            return finding(
                "`\(wait.call)` waits for \(target) and blocks the main thread (\(wait.reason))",
                at: wait.location,
                fix: Finding.Fix("make the work that needs the result depend on it (addDependency, or an operation on OperationQueue.main) instead of waiting"),
                operations: wait.operation.map { [$0] } ?? [],
                queues: wait.queue.map { [$0] } ?? []
            )
        }
    }
}
