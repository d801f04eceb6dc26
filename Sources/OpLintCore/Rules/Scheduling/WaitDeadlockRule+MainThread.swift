extension WaitDeadlockRule {
    /// Code on the main thread that adds operations to the main queue and then waits for them
    /// (`OperationQueue.main.addOperations([reload], waitUntilFinished: true)` in
    /// `viewWillAppear`): the main queue runs them on the main thread, which the wait blocks, so
    /// they never start and the wait never returns. Found in graphs extracted from source,
    /// where the waiting code is not an operation.
    ///
    /// - Complexity: O(*f*) hash lookups for *f* main-thread waits found in source code.
    func mainThreadDeadlocks(_ analysis: GraphAnalysis) -> [Finding] {
        let index = analysis.index
        let graph = analysis.graph
        var calls: [(wait: SourceFacts.MainThreadWait, queue: String, operations: [String])] = []
        for call in graph.sourceFacts.mainThreadWaitCalls {
            let first = call[0]
            if first.operation == nil {
                guard first.addedByTheWaitingCode, let name = first.queue, let q = index.queue(named: name), graph.queues[q].isMain else { continue }
                calls.append((first, name, []))
                continue
            }
            var queue: String?
            var names: [String] = []
            for wait in call where wait.addedByTheWaitingCode {
                guard let name = wait.operation, let op = index.operation(named: name), graph.operations.start(at: op) == .queue else { continue }
                let q = index.queueOfOperation[op]
                guard q >= 0, graph.queues[Int(q)].isMain else { continue }
                queue = graph.queues[Int(q)].name
                names.append(name)
            }
            if let queue { calls.append((first, queue, names)) }
        }
        return calls.map { call in
            let target = call.operations.isEmpty
                ? "operations to main queue \(SchedulingLint.quoted(call.queue)) and waits for all of them"
                : "\(NameList.summary(call.operations.map(SchedulingLint.quoted))) to main queue \(SchedulingLint.quoted(call.queue)) and waits"
            return finding(
                "code on the main thread (\(call.wait.reason)) adds \(target): the main queue runs its operations on "
                    + "the main thread, which the wait blocks, so the wait never returns",
                at: call.wait.location,
                fix: Finding.Fix("do not wait on the main thread: make the work that needs the result depend on it, or add it with waitUntilFinished: false"),
                operations: call.operations,
                queues: [call.queue])
        }
    }
}
