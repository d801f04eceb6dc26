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
        thousand operations is one finding, not ten thousand; a root cause that blocks only \
        operations nobody starts is left to OPL105. The root itself is reported by \
        its own rule (OPL101, OPL102, OPL105, OPL108, OPL204, OPL205, OPL206).

        Its claim is *must*: every operation it lists never starts, in any schedule. So it \
        follows nothing through an operation that a `cancel` or `cancelAll` event may reach \
        before it starts — cancelled, that operation ignores its dependencies and finishes \
        (S6) — and a cycle or an operation that never finishes that such a cancel may release \
        is not a root cause here (OPL101 and OPL206 judge those).
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
        When very many root causes sit upstream of very many operations, the search stops \
        after fifty million visited edges and says so in a note.
        """
    )

    /// The longest chain printed; longer ones are shortened in the middle.
    static let chainLimit = 12

    public init() {}

    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        var findings: [Finding] = []
        let blocking = analysis.blocking
        let operations = analysis.graph.operations
        // A root cause that keeps only operations nobody starts from starting loses nothing
        // from a queue (a graph built and never run, as a test may do); OPL105 reports those.
        for root in blocking.roots where root.blocked.contains(where: { operations[Int($0)].start != .never }) {
            findings.append(finding(for: root, analysis))
        }
        if blocking.isTruncated, var last = findings.popLast() {
            last.notes.append("the search for blocked operations stopped early on this very large graph; counts may be incomplete")
            findings.append(last)
        }
        return findings
    }

    private func finding(for root: BlockingAnalysis.Root, _ analysis: GraphAnalysis) -> Finding {
        let names = root.blocked.map { analysis.name(Int($0)) }
        let cause = analysis.describe(root.cause)
        let message = "\(NameList.count(names.count, "operation")) can never start because of \(cause): \(NameList.summary(names))"

        // The chain from the farthest blocked operation back to the root.
        var chain: [Finding.Related] = []
        var current = root.blocked.count - 1
        while current >= 0 {
            let op = Int(root.blocked[current])
            let next = root.via[current]
            if next < 0 {
                chain.append(.init(analysis.location(ofOperation: op), analysis.rootStatement(root.cause, operation: op)))
                break
            }
            let location = analysis.index.edge(from: op, to: Int(next)).map { analysis.location(ofEdge: $0, from: op) }
                ?? analysis.location(ofOperation: op)
            chain.append(.init(location, "\(analysis.name(op)) waits for \(analysis.name(Int(next)))"))
            let parent = Int(root.viaPosition[current])
            if parent < 0 {
                chain.append(.init(analysis.location(ofOperation: Int(next)), analysis.rootStatement(root.cause, operation: Int(next))))
                break
            }
            current = parent
        }
        if chain.count > Self.chainLimit {
            let head = chain.prefix(Self.chainLimit / 2)
            let tail = chain.suffix(Self.chainLimit / 2)
            let skipped = chain.count - head.count - tail.count
            chain = Array(head) + [.init(head.last?.location ?? analysis.graph.fallbackLocation, "… \(skipped) more steps …")] + Array(tail)
        }
        return self.finding(
            message,
            at: analysis.location(ofOperation: Int(root.blocked[0])),
            related: chain,
            operations: names
        )
    }
}
