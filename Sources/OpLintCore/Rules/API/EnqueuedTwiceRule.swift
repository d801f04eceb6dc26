/// OPL302: the same operation added to a queue twice, or to two queues.
public struct EnqueuedTwiceRule: Rule {
    public static let description = RuleDescription(
        code: "OPL302",
        name: "enqueued-twice",
        severity: .error,
        summary: "The same operation added to a queue (or started) a second time.",
        details: """
        Reports an `addOperation`, `addOperations` or `start()` of an operation that the same \
        straight-line code has already added to a queue — this one or another — or started. \
        One finding per call: a call on a list, or on a variable that may hold any of several \
        operations (assigned in several blocks), lists every operation it may repeat. A \
        second `start()` of an operation whose class replaces `start` without calling `super` \
        is not reported: Foundation's `start`, which throws, never runs. Nor is a `start()` \
        after one that may throw because the operation's dependencies may not have finished \
        (OPL303): the one that throws starts nothing.

        An operation made before a loop and added (or started) inside it is added again by \
        every iteration after the first: an error when the loop runs a literal number of times, \
        two or more (`for _ in 0..<3`, `for (int i = 0; i < 3; i++)`, `(0..<3).forEach`); a \
        warning for a `for` loop whose count is not a literal (a loop over a list). Only a \
        call in the loop's own body (or in a `do { }` or `@autoreleasepool { }` block in it), on a local variable the loop neither binds nor assigns, \
        is reported: not one under an `if` or a `case` (a flag that lets it run once), not in \
        a loop with a `where` clause, a `while` or `repeat` loop (its condition may stop it \
        after one pass), a loop whose body may leave it (a `break` of that loop, a `return` or a `throw` not caught inside it: a search; a `break` of an inner loop or a `switch`, or a `return` in a closure, leaves nothing), \
        a loop variable, a list, or a property another method may replace.
        """,
        rationale: """
        An operation belongs to one queue once added and runs at most once (S1, S16): adding \
        it again throws `NSInvalidArgumentException` ("operation is already enqueued on a \
        queue"), and starting a finished one throws too (S7).
        """,
        failingExample: RuleExample(.objectiveC, """
        void saveAll(void) {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *save = [NSBlockOperation blockOperationWithBlock:^{}];
            [queue addOperation:save];
            ↓[queue addOperation:save];
        }
        """),
        fixedExample: RuleExample(.objectiveC, """
        void saveAll(void) {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *save = [NSBlockOperation blockOperationWithBlock:^{}];
            [queue addOperation:save];
        }
        """)
    )

    public init() {}

    /// One finding per call: a call on a variable that may hold any of several operations
    /// (assigned in several blocks) or on a list of them is one mistake, listed once with
    /// every operation it may repeat.
    ///
    /// - Complexity: O(*e*) expected for *e* enqueues.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        struct Call: Hashable {
            var location: SourceLocation
            var previous: SourceLocation?
            var queue: String?
            var receiver: String?
            var loop: SourceLocation?
            var iterations: Int?
        }
        var calls: [Call] = []
        var operations: [Call: [String]] = [:]
        for enqueue in analysis.graph.sourceFacts.enqueues {
            guard enqueue.previous != nil || enqueue.loop != nil else { continue }
            let call = Call(location: enqueue.location, previous: enqueue.previous, queue: enqueue.queue, receiver: enqueue.receiver,
                            loop: enqueue.previous == nil ? enqueue.loop : nil, iterations: enqueue.previous == nil ? enqueue.iterations : nil)
            if operations[call] == nil { calls.append(call) }
            if operations[call, default: []].contains(enqueue.operation) { continue }
            operations[call, default: []].append(enqueue.operation)
        }
        return calls.map { call in
            let names = operations[call] ?? []
            let isStart = call.queue == nil && call.receiver == nil
            let verb = call.queue.map { "added to \($0)" } ?? call.receiver.map { "added to `\($0)`" } ?? "started"
            let subject = names.count == 1 ? "\(names[0]) is" : "\(Self.list(names)) are"
            let pronoun = names.count == 1 ? "it was" : "each was"
            let reused = names.count == 1 ? names[0] : "them"
            guard let previous = call.previous else {
                // Made before a loop, enqueued in it: the second iteration adds it again.
                let loop = call.loop.map { " at \($0)" } ?? ""
                let times = call.iterations.map { "each of the \($0) iterations of the loop\(loop); the second one throws" }
                    ?? "each iteration of the loop\(loop); if it runs more than once, the second one throws"
                return finding(
                    "\(subject) \(verb) in \(times)",
                    at: call.location,
                    severity: call.iterations == nil ? .warning : .error,
                    related: call.loop.map { [.init($0, "the loop starts here")] } ?? [],
                    fix: Finding.Fix("make a new operation in each iteration, or \(isStart ? "start" : "add") \(reused) once, after the loop"),
                    operations: names,
                    queues: call.queue.map { [$0] } ?? [])
            }
            if previous == call.location {
                // `addOperations([op, op], …)`: one call, the same operation twice in its list.
                return finding(
                    "\(subject) in this call's list twice; \(verb) once, then again, which throws",
                    at: call.location,
                    fix: Finding.Fix("list \(reused) once"),
                    operations: names,
                    queues: call.queue.map { [$0] } ?? [])
            }
            return finding(
                "\(subject) \(verb) again; \(pronoun) already enqueued or started at \(previous), which throws",
                at: call.location,
                related: [.init(previous, "first enqueued or started here")],
                fix: Finding.Fix("enqueue a new operation instead of reusing \(reused)"),
                operations: names,
                queues: call.queue.map { [$0] } ?? []
            )
        }
    }

    /// `a`, `a and b`, `a, b and c`: names as the other messages of this rule write them.
    private static func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}
