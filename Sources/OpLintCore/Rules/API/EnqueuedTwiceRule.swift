/// OPL302: the same operation added to a queue twice, or to two queues.
public struct EnqueuedTwiceRule: Rule {
    public static let description = RuleDescription(
        code: "OPL302",
        name: "enqueued-twice",
        severity: .error,
        summary: "The same operation added to a queue (or started) a second time.",
        details: """
        Reports an `addOperation`, `addOperations` or `start()` of an operation that the same \
        straight-line code has already added to a queue — this one or another — or started.
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

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        analysis.graph.sourceFacts.enqueues.compactMap { enqueue in
            guard let previous = enqueue.previous else { return nil }
            let verb = enqueue.queue.map { "added to \($0)" } ?? enqueue.receiver.map { "added to `\($0)`" } ?? "started"
            return finding(
                "\(enqueue.operation) is \(verb) again; it was already enqueued or started at \(previous), which throws",
                at: enqueue.location,
                related: [.init(previous, "first enqueued or started here")],
                fix: Finding.Fix("enqueue a new operation instead of reusing \(enqueue.operation)"),
                operations: [enqueue.operation],
                queues: enqueue.queue.map { [$0] } ?? []
            )
        }
    }
}
