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
        is not reported: Foundation's `start`, which throws, never runs.
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
            var previous: SourceLocation
            var queue: String?
            var receiver: String?
        }
        var calls: [Call] = []
        var operations: [Call: [String]] = [:]
        for enqueue in analysis.graph.sourceFacts.enqueues {
            guard let previous = enqueue.previous else { continue }
            let call = Call(location: enqueue.location, previous: previous, queue: enqueue.queue, receiver: enqueue.receiver)
            if operations[call] == nil { calls.append(call) }
            if operations[call, default: []].contains(enqueue.operation) { continue }
            operations[call, default: []].append(enqueue.operation)
        }
        return calls.map { call in
            let names = operations[call] ?? []
            let verb = call.queue.map { "added to \($0)" } ?? call.receiver.map { "added to `\($0)`" } ?? "started"
            let subject = names.count == 1 ? "\(names[0]) is" : "\(Self.list(names)) are"
            let pronoun = names.count == 1 ? "it was" : "each was"
            let reused = names.count == 1 ? names[0] : "them"
            return finding(
                "\(subject) \(verb) again; \(pronoun) already enqueued or started at \(call.previous), which throws",
                at: call.location,
                related: [.init(call.previous, "first enqueued or started here")],
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
