/// OPL201: an operation waits for something that cannot finish while it waits.
public struct WaitDeadlockRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        code: "OPL201",
        name: "wait-deadlock",
        severity: .error,
        summary: "An operation waits for something that cannot finish while it waits.",
        details: """
            Finds `waitUntilFinished()` (`waitsFor`) and `waitUntilAllOperationsAreFinished()` \
            (`waitsForQueues`) calls made by an executing operation that never return.

            **Must** (an error): the wait deadlocks in every schedule, whatever the durations and \
            the order of ties, on Apple platforms and on Linux:

            - the operation waits for itself, or for all operations of its own queue;
            - it waits for an operation that cannot finish before the waiter does — one that \
            depends on the waiter or waits for it, directly or through other dependencies and \
            waits (a cycle of "cannot finish before");
            - code on the main thread (in graphs extracted from source) adds operations to the \
            main queue and waits for them, or for the whole main queue, in the same code: the \
            main queue runs them on the main thread, which the wait blocks;
            - it runs on a serial queue (width 1, or the main queue) and waits for an operation \
            that needs a slot of that queue — or for one that cannot finish before such an \
            operation — which the queue starts after the waiter in every schedule: the waiter \
            has no dependencies, is added no later and comes first by priority and order of \
            addition (S9, S14), so the queue starts it first whenever both could start.

            A wait for an operation that must finish before the waiter can start — one it \
            depends on, directly or through others, or one its serial queue always starts \
            first — is harmless and not reported: the wait returns at once.

            **May** (a warning): every other wait that can deadlock depends on timing — which \
            operation a serial queue starts first, or whether a `cancel` comes before the \
            operation starts (a cancelled operation that has not started finishes without \
            running, S6, so it neither waits nor blocks what waits for it). For these the rule \
            reports the deadlocks the schedules lint simulates reach, each with the timing that \
            reaches it (the file's durations, durations scaled by 0.5 or 1.5, a seed of \
            `oplint simulate --explore`, or the dependencies of the operation the waiter needs \
            made slow) and on which platform; a wait that could deadlock in some order but that \
            no simulated schedule deadlocks on is a note.

            The message names the waiter, what it waits for and the chain of dependencies and \
            waits that closes the deadlock; related locations show the wait and the links of \
            the chain. Waits on names that are not declared are left to OPL103 \
            unknown-dependency; waits of operations that never start are ignored.
            """,
        rationale: """
            A wait blocks the calling thread and the waiter keeps its queue slot while it waits \
            (S19). On a serial queue the slot is the only one, so an operation of that queue that \
            has not started by then never starts (S13, S17). An operation that depends on the \
            waiter only becomes ready once the waiter has finished (S2, S3), which it never does. \
            Nothing reports either at run time: the thread just blocks forever, holding its slot. \
            A wait for an operation that has already finished returns at once — which is why a \
            wait for a dependency is harmless (S2).
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "main", "main": true }],
              "operations": [
                ↓{ "name": "render", "queue": "main", "waitsFor": ["decode"] },
                { "name": "decode", "queue": "main" }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "main", "main": true }],
              "operations": [
                { "name": "decode", "queue": "main" },
                { "name": "render", "queue": "main", "dependencies": ["decode"] }
              ]
            }
            """),
        moreFixedExamples: [.json("""
            {
              "version": 1,
              "queues": [{ "name": "serial", "maxConcurrentOperationCount": 1 }],
              "operations": [
                { "name": "parse", "queue": "serial", "dependencies": ["fetch"], "waitsFor": ["fetch"], "duration": 0.5 },
                { "name": "fetch", "queue": "serial", "duration": 2 }
              ]
            }
            """, caption: "a wait for an operation that must finish first: parse depends on fetch, so the queue runs fetch first and the wait returns at once (S2, S13)")],
        limits: """
            The searches for the chain behind a serial queue's deadlock visit at most 200,000 \
            operations each and 4,000,000 in all; waits left when that budget is spent are not \
            judged, and a note on the last finding says how many. Waiting for a queue counts \
            the operations added to it no later than the waiter, for a *must* claim. Deadlocks \
            that depend on timing are searched only in the schedules lint simulates (see \
            docs/rules.md, "How the deadlock rules judge timing"): none above 1,000,000 \
            operations, only the file's durations above 2,000. Several operations that together \
            exhaust the slots of a wider queue are OPL202 slot-exhaustion's.
            """
    )

    /// Nodes one search may visit, and all searches together, before waits are left unjudged.
    static let searchLimit = 200_000
    static let searchBudget = 4_000_000

    /// - Complexity: O(1) without waits; else O((*n* + *e* + *w*) log *n*) for the graph and its
    ///   cycles, plus searches bounded by `searchBudget` in all, plus the simulated schedules.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let index = analysis.index
        let mainThread = mainThreadDeadlocks(analysis)
        guard !index.operationWaits.isEmpty || !index.queueWaits.isEmpty else { return mainThread }
        var judge = Judge(self, analysis)
        var findings: [Finding] = mainThread
        var proven = Set<String>()
        var doubts: [(waiter: Int, phrase: String)] = []
        func take(_ verdict: Verdict) {
            switch verdict {
            case .deadlock(let finding):
                findings.append(finding)
                if let waiter = finding.operations.first { proven.insert(waiter) }
            case .doubtful(let waiter, _, let phrase):
                doubts.append((waiter, phrase))
            case .harmless:
                break
            }
        }
        for w in index.operationWaits.indices { take(judge.judge(wait: w)) }
        for w in index.queueWaits.indices { take(judge.judge(queueWait: w)) }

        // Deadlocks that only some timings reach: the simulated schedules decide.
        let schedules = analysis.schedules
        var reached = Set<String>()
        for witness in schedules.witnesses(for: Self.description.id.code) {
            let members = witness.cause.members.map(\.operation)
            reached.formUnion(members)
            guard !members.contains(where: proven.contains) else { continue }
            let what = witness.cause.kind == .waitCycle
                ? "cycle of waits"
                : "wait on \(witness.cause.queue.map { "serial queue \(SchedulingLint.quoted($0))" } ?? "a serial queue") for an operation that needs its only slot"
            findings.append(SchedulingLint.finding(self, what, witness: witness, schedules, analysis))
        }
        var noted = Set<Int>()
        for doubt in doubts where !reached.contains(analysis.name(doubt.waiter)) && noted.insert(doubt.waiter).inserted {
            let searched = schedules.schedules == 0 ? "no schedule was simulated" : "none of the \(schedules.schedules) simulated schedules reaches it"
            findings.append(finding(
                "\(doubt.phrase); \(searched)",
                at: analysis.location(ofOperation: doubt.waiter),
                severity: .note,
                notes: SchedulingLint.limitationNote(schedules).map { [$0] } ?? [],
                fix: Finding.Fix("make \(SchedulingLint.quoted(analysis.name(doubt.waiter))) depend on what it waits for instead of waiting"),
                operations: [analysis.name(doubt.waiter)]))
        }
        if judge.unjudged > 0, var last = findings.popLast() ?? Optional(finding(
            "\(judge.unjudged) waits were not judged", at: analysis.graph.fallbackLocation, severity: .note)) {
            last.notes.append("the search for deadlocked waits stopped after \(Self.searchBudget) visited operations on this large graph: \(judge.unjudged) waits of serial queues were not judged")
            findings.append(last)
        }
        return findings
    }
}
