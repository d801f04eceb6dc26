/// OPL202: every slot of a queue held by operations that wait for operations of the same
/// queue that have no slot to start on.
public struct SlotExhaustionRule: Rule {
    public static let description = RuleDescription(
        code: "OPL202",
        name: "slot-exhaustion",
        severity: .error,
        summary: "Every slot of a queue is held by operations that wait for operations queued behind them.",
        details: """
        Finds queues of width n ≥ 2 whose every slot is held by operations that call \
        `waitUntilFinished()` (or `waitUntilAllOperationsAreFinished()`) on work that needs \
        a slot of the same queue — directly, or through dependencies and other waits.

        **Must** (an error): the n operations first in the queue's choice order (priority, \
        then order of addition, S9, S14 — in both platform models, which order a wider queue \
        by quality of service too on Linux) have no dependencies, are added no later than \
        any other operation of the queue and no cancel reaches them, so they take every slot \
        first in every schedule; and each waits for something that needs another operation \
        of the queue. The finding points at the first of them and gives each one's chain.

        **May** (a warning): whether n waiters hold the slots at once depends on timing in \
        every other case. The rule reports each slot exhaustion (and each exhaustion of the \
        thread limit) that the schedules lint simulates reach, with the stuck report's \
        wait-for chain — each waiter with the place of its wait, each starved operation with \
        the slots' holders, what waits behind them — and the timing and platform that reach \
        it. A cycle of waits on a serial queue is OPL201 wait-deadlock's.
        """,
        rationale: """
        A waiting operation keeps its queue slot (S19). With `maxConcurrentOperationCount` n \
        (S13), n operations that wait for later operations of the same queue hold every slot, \
        and the operations they wait for never start: the queue deadlocks silently, and \
        everything that depends on these operations (S2) waits forever.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "io", "maxConcurrentOperationCount": 2 }],
          "operations": [
            ↓{ "name": "fetchA", "queue": "io", "waitsFor": ["fetchB"] },
            { "name": "fetchC", "queue": "io", "waitsFor": ["fetchD"] },
            { "name": "fetchB", "queue": "io" },
            { "name": "fetchD", "queue": "io" }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "io", "maxConcurrentOperationCount": 2 }],
          "operations": [
            { "name": "fetchB", "queue": "io" },
            { "name": "fetchD", "queue": "io" },
            { "name": "fetchA", "queue": "io", "dependencies": ["fetchB"] },
            { "name": "fetchC", "queue": "io", "dependencies": ["fetchD"] }
          ]
        }
        """),
        limits: """
        Deadlocks that depend on timing are searched only in the schedules lint simulates \
        (docs/rules.md, "How the deadlock rules judge timing"): `oplint simulate --explore` \
        searches more. The searches for the chains of a *must* claim share OPL201's budget of \
        visited operations. Graphs without any `waitsFor` or `waitsForQueues` are not \
        checked: they cannot exhaust slots this way.
        """
    )

    public init() {}

}
