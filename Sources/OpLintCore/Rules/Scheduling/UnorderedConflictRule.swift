/// OPL211: two operations touch the same resource, one writing, and nothing keeps them apart.
public struct UnorderedConflictRule: Rule {
    public init() {}

    /// Operations each accessor's search for dependency paths may visit.
    static let searchLimit = 10_000
    /// Accessors of one resource that are compared pairwise; later ones are not checked.
    static let accessorLimit = 1_000
    /// Pairs reported per resource; the last reported one counts the rest.
    static let pairLimit = 100

    public static let description = RuleDescription(
        code: "OPL211",
        name: "unordered-conflict",
        severity: .warning,
        summary: "Two operations access the same resource, at least one writing, and may run at the same time.",
        details: """
            Groups the operations that declare `reads` or `writes` by resource and reports each \
            pair that touches one resource, at least one of them writing, when nothing keeps \
            them from executing at the same time: no dependency path leads from one to the \
            other (either way, implicit exclusivity edges included), they are not on the same \
            serial queue, not separated by a barrier of their queue (S18), and share no \
            exclusivity category. An operation created several times (`count`) that writes a \
            resource conflicts with its own copies unless its queue is serial or it has an \
            exclusivity category. One finding per pair, at the operation added later, listing \
            every resource they share; the fix is to order them.

            Its claim is *may*: nothing in the graph orders the two, so some schedule runs them \
            at the same time — a warning. `oplint simulate --explore` names a seed that does \
            when the durations allow it.
            """,
        rationale: """
            Dependencies are the only ordering across queues (S3): without a path between two \
            operations, and without a serial queue (S13, S17), a barrier (S18) or a shared \
            exclusivity category (S21) between them, their executions may overlap and the order \
            can change from run to run (S14 only orders starts within one queue). Unsynchronized \
            access with a writer is a data race.
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "io" }, { "name": "net" }],
              "operations": [
                { "name": "save", "queue": "io", "writes": ["cache"] },
                ↓{ "name": "load", "queue": "net", "reads": ["cache"] }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [{ "name": "io" }, { "name": "net" }],
              "operations": [
                { "name": "save", "queue": "io", "writes": ["cache"] },
                { "name": "load", "queue": "net", "reads": ["cache"], "dependencies": ["save"] }
              ]
            }
            """),
        limits: """
            Each accessor's search for dependency paths stops after 10,000 operations; a pair \
            that neither search can settle is not reported. Only the first 1,000 accessors of a \
            resource are compared, and at most 100 pairs are reported per resource (the last \
            one counts the others).
            """
    )

    /// One operation's use of one resource.
    struct Access {
        var operation: Int
        var writes: Bool
    }

    /// - Complexity: O(1) after the shared feature scan when no operation declares `reads` or `writes`; else
    ///   O(*n* + Σ *k*² + *a* × min(10,000, *n* + *e*)) for *a* accessors and *k* accessors per resource.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let features = analysis.schedulingFeatures
        guard !features.accessors.isEmpty else { return [] }
        let operations = analysis.graph.operations
        var byResource: [String: [Access]] = [:]
        for accessor in features.accessors {
            let i = Int(accessor)
            guard operations.start(at: i) != .never else { continue }
            let writes = Set(operations.writes(at: i))
            for resource in writes.sorted() { byResource[resource, default: []].append(Access(operation: i, writes: true)) }
            for resource in Set(operations.reads(at: i)).subtracting(writes).sorted() {
                byResource[resource, default: []].append(Access(operation: i, writes: false))
            }
        }
        guard !byResource.isEmpty else { return [] }
        var accessors = Set<Int>()
        for accesses in byResource.values { for access in accesses { accessors.insert(access.operation) } }
        var order = ConflictOrder(analysis, accessors: accessors, barriers: features.usesBarriers)
        var pairs = ConflictPairs()
        var findings: [Finding] = []
        for resource in byResource.keys.sorted() {
            guard let accesses = byResource[resource], accesses.contains(where: \.writes) else { continue }
            for access in accesses where access.writes {
                if let finding = selfConflict(access.operation, resource, &order, analysis) { findings.append(finding) }
            }
            let checked = accesses.prefix(Self.accessorLimit)
            var reported = 0
            var lastKey: ConflictPairs.Key?
            for (j, later) in checked.enumerated() {
                for earlier in checked[..<j] where earlier.writes || later.writes {
                    guard earlier.operation != later.operation, order.mayOverlap(earlier.operation, later.operation) else { continue }
                    reported += 1
                    guard reported <= Self.pairLimit else { continue }
                    lastKey = pairs.add(earlier, later, resource)
                }
            }
            if reported > Self.pairLimit, let lastKey {
                pairs.note(lastKey, "\(reported - Self.pairLimit) more unordered pairs of operations use \(SchedulingLint.quoted(resource))")
            }
        }
        findings += pairs.findings(of: self, analysis)
        return findings
    }

    /// A writer created several times (`count`) whose copies may overlap.
    private func selfConflict(_ operation: Int, _ resource: String, _ order: inout ConflictOrder, _ analysis: GraphAnalysis) -> Finding? {
        guard analysis.graph.operations.count(at: operation) > 1 else { return nil }
        let op = analysis.graph.operations[operation]
        guard op.start == .queue, op.exclusive.isEmpty, let queue = SchedulingLint.queue(of: operation, in: analysis),
              !SchedulingLint.isSerial(queue, in: analysis) else { return nil }
        let name = SchedulingLint.quoted(op.name)
        return finding(
            "the \(op.count) copies of \(name) may run at the same time on \(SchedulingLint.describe(queue: queue, in: analysis)) and all write \(SchedulingLint.quoted(resource))",
            at: analysis.location(ofOperation: operation),
            related: SchedulingLint.created(queue: queue, in: analysis),
            fix: Finding.Fix("give \(name) an exclusivity category, or add it to a serial queue"),
            operations: [op.name],
            queues: [analysis.graph.queues[queue].name])
    }
}
