/// OPL105: an operation that is never added to a queue nor started by hand.
public struct NeverStartedRule: Rule {
    public static let description = RuleDescription(
        code: "OPL105",
        name: "never-started",
        severity: .error,
        summary: "An operation is never added to a queue nor started, so whatever waits for it waits forever.",
        details: """
        Reports each operation with no `queue` and no manual `start`. It is an error when \
        an operation that is started depends on it or waits for it — a *must* claim: that \
        operation never finishes, in any schedule — and a warning otherwise (an operation \
        that is built and dropped, with whatever depends on it). In a graph extracted from \
        source, an operation only handed to code oplint does not read is taken as started \
        there, so it is not reported itself, but it makes no error of what it waits for: \
        its start is an assumption. A dependent that a `cancel` \
        or `cancelAll` event may reach before it starts is not counted: cancelled, it ignores \
        its dependencies (S6).
        """,
        rationale: """
        Dependencies work across queues and even on operations in no queue (S3): the \
        dependent then waits until somebody starts that operation. If nobody ever does, the \
        dependent never becomes ready (S2) and its queue never drains.
        """,
        failingExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "main", "main": true }],
          "operations": [
            ↓{ "name": "combine", "dependencies": [] },
            { "name": "show", "queue": "main", "dependencies": ["combine"] }
          ]
        }
        """),
        fixedExample: .json("""
        {
          "version": 1,
          "queues": [{ "name": "work" }, { "name": "main", "main": true }],
          "operations": [
            { "name": "combine", "queue": "work" },
            { "name": "show", "queue": "main", "dependencies": ["combine"] }
          ]
        }
        """)
    )

    public init() {}

    /// - Complexity: O((*operations* + *dependencies* + *waits*) · log) — each operation's
    ///   dependents and waiters are sorted once, in buffers reused from one to the next.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let operations = analysis.graph.operations
        let cancellation = analysis.cancellation
        let waits = analysis.index.operationWaits
        let waitsFor = analysis.index.operationWaitsByTarget()
        var findings: [Finding] = []
        var dependents: [Int32] = []
        var waiting: [Int32] = []
        for i in 0..<operations.count where operations.start(at: i) == .never {
            let name = operations.name(at: i)
            Self.sortedUnique(analysis.index.dependents(of: i), into: &dependents)
            // A cancel that reaches a dependent before it starts makes it ignore its dependencies (S6).
            let stranded = dependents.filter { !cancellation.mayCancel(Int($0)) }
            let released = dependents.filter { cancellation.mayCancel(Int($0)) }
            // Waits by operations that run: one that is never started waits for nothing.
            Self.sortedUnique(waitsFor[i].lazy.map { waits[Int($0)].waiter }, into: &waiting)
            waiting.removeAll { operations.start(at: Int($0)) == .never || cancellation.mayCancel(Int($0)) }
            let waiters = !stranded.isEmpty
                ? written("; \(NameList.count(stranded.count, "operation")) \(stranded.count == 1 ? "waits" : "wait") for it: \(NameList.summary(stranded.lazy.map { analysis.name(Int($0)) }))")
                : waiting.isEmpty ? "" : "; an operation waits for it to finish"
            let release = released.isEmpty ? ""
                : written("; \(NameList.summary(released.lazy.map { analysis.name(Int($0)) })) may be cancelled first, which releases \(released.count == 1 ? "it" : "them"): a cancelled operation no longer waits for its dependencies")
            let message = written("\(name) is never added to a queue nor started\(waiters)\(release)")
            // An error when an operation that runs waits for it; dependents that are never
            // started themselves wait for nothing (a graph built and dropped, as a test may do).
            // Operations only assumed to start (handed to code extraction does not read) are
            // spared the report but prove nothing.
            let strands = waiting.contains { analysis.isSurelyStarted(Int($0)) } || stranded.contains { analysis.isSurelyStarted(Int($0)) }
            // The operation, then its stranded dependents, then the waiters, each name once.
            var named = [name]
            named.reserveCapacity(1 + stranded.count + waiting.count)
            if analysis.index.duplicateOperations.isEmpty {
                for dependent in stranded where Int(dependent) != i { named.append(analysis.name(Int(dependent))) }
                for waiter in waiting where Int(waiter) != i && !Self.contains(stranded, waiter) {
                    named.append(analysis.name(Int(waiter)))
                }
            } else {
                var seen: Set = [name]
                for other in stranded + waiting {
                    let otherName = analysis.name(Int(other))
                    if seen.insert(otherName).inserted { named.append(otherName) }
                }
            }
            findings.append(finding(
                message,
                at: analysis.location(ofOperation: i),
                severity: strands ? .error : .warning,
                fix: Finding.Fix(written("add \(name) to a queue, start it, or remove it and the dependencies on it")),
                operations: named
            ))
        }
        return findings
    }

    /// `values` sorted without repeats, written over `buffer`.
    private static func sortedUnique(_ values: some Collection<Int32>, into buffer: inout [Int32]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: values)
        guard buffer.count > 1 else { return }
        buffer.sort()
        var kept = 1
        for j in 1..<buffer.count where buffer[j] != buffer[kept - 1] {
            buffer[kept] = buffer[j]
            kept += 1
        }
        buffer.removeLast(buffer.count - kept)
    }

    /// Whether the sorted `values` hold `value`.
    private static func contains(_ values: [Int32], _ value: Int32) -> Bool {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < values.count && values[low] == value
    }
}
