/// OPL203: a wait on the main thread.
public struct MainThreadWaitRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        code: "OPL203",
        name: "main-thread-wait",
        severity: .warning,
        summary: "A wait blocks the main thread.",
        details: """
            Finds `waitUntilFinished()` (`waitsFor`) and `waitUntilAllOperationsAreFinished()` \
            (`waitsForQueues`) called on the main thread: by an operation of the main queue \
            (`"main": true`), or — in graphs extracted from source — by code that runs on the \
            main thread (`@MainActor` code, view controller life-cycle methods, blocks sent to \
            the main queue). One finding per wait, at the waiting operation, or where the wait \
            is made when the code is not an operation; a call that waits for several operations \
            (`addOperations([a, b], waitUntilFinished: true)`) is one finding.

            Its claim is *must*, about blocking rather than deadlock: the wait blocks the main \
            thread in every schedule in which it is made. Whether it also never returns is \
            OPL201 wait-deadlock's to judge.
            """,
        rationale: """
            A wait blocks the calling thread until what it waits for has finished (S19). The \
            main queue runs its operations on the main thread, one at a time (S17), so a wait \
            there freezes the user interface for as long as the other work takes, and \
            deadlocks outright when that work needs the main queue or the main thread itself. \
            semantics.md S19: never wait on the main thread.
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "main", "main": true }, { "name": "io" }],
              "operations": [
                { "name": "load", "queue": "io", "duration": 2 },
                ↓{ "name": "show", "queue": "main", "waitsFor": ["load"] }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "main", "main": true }, { "name": "io" }],
              "operations": [
                { "name": "load", "queue": "io", "duration": 2 },
                { "name": "show", "queue": "main", "dependencies": ["load"] }
              ]
            }
            """)
    )

    /// One wait made on the main thread.
    struct MainThreadWait {
        /// The waiting operation; nil for code that is not an operation (from source extraction).
        var waiter: Int?
        /// Why the code runs on the main thread, for waits that are not made by an operation.
        var reason: String
        /// What it waits for, as the message shows it: `“load”`, `all operations of queue “io”`.
        var target: String
        /// Where the wait is made.
        var location: SourceLocation
        /// The operation or queue waited for, by name.
        var operations: [String]
        var queues: [String]
    }

    /// - Complexity: O(*f*) without waits by operations; else O(*w* log *w*) for *w* waits, plus
    ///   O(*f*) for *f* main-thread waits found in source code.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        mainThreadWaits(in: analysis).map { wait in
            let fix = Finding.Fix("make the work that needs the result depend on it (addDependency) instead of waiting on the main thread")
            guard let waiterIndex = wait.waiter else {
                return finding(
                    "code on the main thread (\(wait.reason)) waits for \(wait.target): the main thread is blocked until it finishes",
                    at: wait.location,
                    fix: fix,
                    operations: wait.operations,
                    queues: wait.queues)
            }
            let waiter = SchedulingLint.quoted(analysis.name(waiterIndex))
            let queue = analysis.index.queueOfOperation[waiterIndex]
            let queueName = queue >= 0 ? analysis.graph.queues[Int(queue)].name : ""
            return finding(
                "\(waiter) on main queue \(SchedulingLint.quoted(queueName)) waits for \(wait.target): the main thread is blocked until it finishes",
                at: analysis.location(ofOperation: waiterIndex),
                related: [Finding.Related(wait.location, "\(waiter) waits for \(wait.target) here")],
                fix: fix,
                operations: [analysis.name(waiterIndex)] + wait.operations,
                queues: [queueName] + wait.queues)
        }
    }

    /// The waits made on the main thread: by operations of a main queue, in operation order,
    /// then those the source scanner found in code that runs on the main thread.
    ///
    /// - Complexity: O(*w* log *w* + *f*).
    func mainThreadWaits(in analysis: GraphAnalysis) -> [MainThreadWait] {
        var waits = operationWaits(in: analysis)
        for call in analysis.graph.sourceFacts.mainThreadWaitCalls {
            let first = call[0]
            let names = call.compactMap(\.operation)
            if names.isEmpty {
                let name = first.queue ?? ""
                waits.append(MainThreadWait(waiter: nil, reason: first.reason, target: "all operations of queue \(SchedulingLint.quoted(name))",
                                            location: first.location, operations: [], queues: [name]))
            } else {
                waits.append(MainThreadWait(waiter: nil, reason: first.reason, target: NameList.summary(names.map(SchedulingLint.quoted)),
                                            location: first.location, operations: names, queues: []))
            }
        }
        return waits
    }

    /// The waits of operations that execute on a main queue, in operation order.
    private func operationWaits(in analysis: GraphAnalysis) -> [MainThreadWait] {
        let index = analysis.index
        guard !index.operationWaits.isEmpty || !index.queueWaits.isEmpty else { return [] }
        guard analysis.graph.queues.contains(where: \.isMain) else { return [] }
        func onMainQueue(_ operation: Int32) -> Bool {
            let queue = index.queueOfOperation[Int(operation)]
            return queue >= 0 && analysis.graph.queues[Int(queue)].isMain
                && analysis.graph.operations.start(at: Int(operation)) == .queue
        }
        var waits: [(order: (Int32, Int32, Int32), wait: MainThreadWait)] = []
        for wait in index.operationWaits where onMainQueue(wait.waiter) {
            let name = analysis.name(Int(wait.target))
            waits.append(((wait.waiter, 0, wait.index), MainThreadWait(
                waiter: Int(wait.waiter), reason: "", target: SchedulingLint.quoted(name),
                location: SchedulingLint.location(ofWait: Int(wait.index), by: Int(wait.waiter), in: analysis),
                operations: [name], queues: [])))
        }
        for wait in index.queueWaits where onMainQueue(wait.waiter) {
            let name = analysis.graph.queues[Int(wait.queue)].name
            waits.append(((wait.waiter, 1, wait.index), MainThreadWait(
                waiter: Int(wait.waiter), reason: "", target: "all operations of queue \(SchedulingLint.quoted(name))",
                location: SchedulingLint.location(ofQueueWait: Int(wait.index), by: Int(wait.waiter), in: analysis),
                operations: [], queues: [name])))
        }
        return waits.sorted { $0.order < $1.order }.map(\.wait)
    }
}
