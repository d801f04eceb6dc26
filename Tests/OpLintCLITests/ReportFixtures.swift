import OpLintCore

/// Graphs whose names would break HTML, SVG or DOT if they were not escaped.
enum ReportFixtures {
    static let hostileNames = [
        "\"><script>alert(1)</script>",
        "<img src=x onerror=alert(2)>",
        "quote \" and 'single'",
        "back\\slash \\N end\\",
        "line one\nline two",
        "amp & &amp; &lt;",
        "עברית واحد mixed",
        "rlo \u{202E}evil",
        String(repeating: "very-long-name-", count: 12) + "end",
        "tab\there",
    ]

    static let hostileQueue = "<b>queue</b> & \"q\" --> <!--"
    static let otherQueue = "q2 <svg onload=alert(3)>"

    /// The hostile names in a chain that closes into a cycle at its end, on two hostile queues, at hostile source locations.
    static func hostileGraph() -> OperationGraph {
        var operations: [OperationGraph.Operation] = []
        for (i, name) in hostileNames.enumerated() {
            var operation = OperationGraph.Operation(name: name, queue: i % 2 == 0 ? hostileQueue : otherQueue)
            if i > 0 { operation.dependencies = [OperationGraph.Reference(hostileNames[i - 1])] }
            operation.duration = 1
            operation.location = SourceLocation(file: "dir/<x>\"&'.swift", line: i + 1, column: 1)
            operations.append(operation)
        }
        // The last two wait for each other: a cycle to report, named by hostile names.
        let last = hostileNames.count - 1
        operations[last - 1].dependencies.append(OperationGraph.Reference(hostileNames[last]))
        return OperationGraph(queues: [OperationGraph.Queue(name: hostileQueue, maxConcurrentOperationCount: 2), OperationGraph.Queue(name: otherQueue)], operations: operations)
    }
}
