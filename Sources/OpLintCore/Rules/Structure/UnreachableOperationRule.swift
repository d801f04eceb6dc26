/// OPL106: operations that can never start, reported once per root cause.
public struct UnreachableOperationRule: Rule {
    public static let description = RuleDescription(
        code: "OPL106",
        name: "unreachable-operation",
        severity: .error,
        summary: "Operations that can never start because something they wait for never finishes: one finding per root cause.",
        details: """
        Follows dependencies back to their root cause — a dependency cycle, an operation that \
        waits for itself, one never added to a queue or added to an undeclared one, a queue of \
        width 0 or suspended and never resumed, an asynchronous operation that never finishes — \
        and reports each root cause once, listing every operation it keeps from starting and \
        the chain from the farthest of them to the root (`upload` waits for `encode`, which \
        waits for `resize`, which is on a dependency cycle). One cycle upstream of ten \
        thousand operations is one finding, not ten thousand. A root cause that itself waits \
        behind another — a never-started operation that depends on another never-started one, \
        a cycle downstream of a cycle — is listed among what that other one blocks rather than \
        reported again, so a chain of never-started operations is one finding too. The root \
        itself is reported by its own rule (OPL101, OPL102, OPL105, OPL108, OPL204, OPL205, \
        OPL206).

        Its claim is *must*: every operation it lists never starts, in any schedule. So it \
        follows nothing through an operation that a `cancel` or `cancelAll` event may reach \
        before it starts — cancelled, that operation ignores its dependencies and finishes \
        (S6) — and a cycle or an operation that never finishes that such a cancel may release \
        is not a root cause here (OPL101 and OPL206 judge those). A root cause that keeps only \
        operations nobody starts from starting is left to OPL105, and so is one that keeps \
        only those an extracted graph takes as started because they are handed to code \
        oplint does not read.
        """,
        rationale: """
        An operation is ready only when every dependency has finished (S2), and dependencies \
        are transitive in effect: if one link of the chain never finishes, nothing after it \
        starts (S3, S4, S8, S13, S15). These operations are silently lost: no error, no crash, \
        a queue that never drains.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "media" }],
          "operations": [
            { "name": "resize", "queue": "media", "dependencies": ["resize2"] },
            { "name": "resize2", "queue": "media", "dependencies": ["resize"] },
            ↓{ "name": "encode", "queue": "media", "dependencies": ["resize"] },
            { "name": "upload", "queue": "media", "dependencies": ["encode"] }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "media" }],
          "operations": [
            { "name": "resize", "queue": "media" },
            { "name": "resize2", "queue": "media", "dependencies": ["resize"] },
            { "name": "encode", "queue": "media", "dependencies": ["resize"] },
            { "name": "upload", "queue": "media", "dependencies": ["encode"] }
          ]
        }
        """),
        limits: """
        The message names five of the blocked operations and the chain shows at most twelve \
        steps (the finding's `operations` lists them all). When many root causes share what \
        waits behind them, each is searched in full while a budget of two visits per \
        operation and dependency, plus a hundred thousand, lasts; after that each further root lists \
        only the operations no earlier root listed, and says so in a note, so the search stays \
        linear in the size of the graph.
        """
    )

    /// The longest chain printed; longer ones are shortened in the middle.
    static let chainLimit = NameList.pathLimit

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let roots = analysis.blocking.roots
        // A root cause that keeps only operations nobody starts from starting loses nothing
        // from a queue (a graph built and never run, as a test may do); OPL105 reports those.
        // Operations only assumed to start (handed to code extraction does not read) count as
        // nobody's.
        var findings = roots.filter { $0.blocked.contains(where: { analysis.isSurelyStarted(Int($0)) }) }
            .map { finding(for: $0, analysis) }
        // Roots the bounded search found nothing new behind are named on the last finding.
        let unlisted = roots.filter { $0.isPartial && $0.blocked.isEmpty && !$0.operations.isEmpty }
        if !unlisted.isEmpty, var last = findings.popLast() {
            let names = unlisted.lazy.map { analysis.name(Int($0.operations[0])) }
            last.notes.append("the search for blocked operations is bounded on very large graphs: "
                + "\(NameList.count(unlisted.count, "more root cause")) may keep operations listed in these findings from starting: \(NameList.summary(names))")
            findings.append(last)
        }
        return findings
    }

    private func finding(for root: BlockingAnalysis.Root, _ analysis: GraphAnalysis) -> Finding {
        let names = root.blocked.map { analysis.name(Int($0)) }
        let cause = analysis.describe(root.cause)
        let message = written("\(NameList.count(names.count, "operation")) can never start because of \(cause): \(NameList.summary(names))")

        // The chain from the farthest blocked operation back to the root, as positions in
        // `blocked`; only the steps shown are described and located.
        var steps: [Int] = []
        var current = root.blocked.count - 1
        while current >= 0 {
            steps.append(current)
            current = root.via[current] < 0 ? -1 : Int(root.viaPosition[current])
        }
        // Each step says what its operation waits for; the last one adds the root statement.
        let last = steps.last ?? 0
        let endsOnRoot = root.via[last] >= 0
        func step(_ k: Int) -> Finding.Related {
            if k == steps.count {
                let op = Int(root.via[last])
                return .init(analysis.location(ofOperation: op), analysis.rootStatement(root.cause, operation: op))
            }
            let op = Int(root.blocked[steps[k]])
            let next = root.via[steps[k]]
            if next < 0 {
                return .init(analysis.location(ofOperation: op), analysis.rootStatement(root.cause, operation: op))
            }
            let location = analysis.index.edge(from: op, to: Int(next)).map { analysis.location(ofEdge: $0, from: op) }
                ?? analysis.location(ofOperation: op)
            return .init(location, written("\(analysis.name(op)) waits for \(analysis.name(Int(next)))"))
        }
        let count = steps.count + (endsOnRoot ? 1 : 0)
        let chain = NameList.shortened(count: count, limit: Self.chainLimit, item: step) { skipped in
            Finding.Related(step(Self.chainLimit / 2 - 1).location, written("… \(skipped) more steps …"))
        }
        var notes: [String] = []
        if root.isPartial {
            notes.append("the search for blocked operations is bounded on very large graphs: this lists only the operations no earlier root cause keeps from starting")
        }
        return self.finding(
            message,
            at: analysis.location(ofOperation: Int(root.blocked[0])),
            related: chain,
            notes: notes,
            operations: names
        )
    }
}
