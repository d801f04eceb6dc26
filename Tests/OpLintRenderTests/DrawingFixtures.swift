import OpLintCore

/// Graphs and findings the drawing tests share.
enum DrawingFixtures {
    /// A feed loader with every kind of mark: a cycle, unreachable operations, an operation
    /// never added to a queue, an exclusivity category, a wait, warnings and a critical path.
    static func feedLoader() -> (graph: OperationGraph, findings: [Finding], criticalPath: [String]) {
        var network = OperationGraph.Queue(name: "network", maxConcurrentOperationCount: 2, qualityOfService: .userInitiated)
        network.location = SourceLocation(file: "Sources/Feed/Network.swift", line: 12, column: 5)
        let processing = OperationGraph.Queue(name: "processing", maxConcurrentOperationCount: 1, qualityOfService: .utility)
        let main = OperationGraph.Queue(name: "main", isMain: true)

        func op(_ name: String, _ queue: String?, _ dependencies: [String] = [], line: Int) -> OperationGraph.Operation {
            var operation = OperationGraph.Operation(name: name, queue: queue)
            operation.dependencies = dependencies.map {
                OperationGraph.Reference($0, location: SourceLocation(file: "Sources/Feed/FeedLoader.swift", line: line + 1, column: 9))
            }
            operation.location = SourceLocation(file: "Sources/Feed/FeedLoader.swift", line: line, column: 9)
            return operation
        }
        var download1 = op("download1", "network", line: 10)
        download1.duration = 2
        var download2 = op("download2", "network", line: 20)
        download2.duration = 2
        download2.priority = .veryHigh
        var combine = op("combine", "processing", ["download1", "download2"], line: 30)
        combine.duration = 0.5
        var thumbnail = op("thumbnail", "processing", ["combine"], line: 40)
        thumbnail.exclusive = ["disk"]
        var save = op("save", "processing", ["combine"], line: 50)
        save.exclusive = ["disk"]
        var show = op("show", "main", ["thumbnail"], line: 60)
        show.qualityOfService = .userInteractive
        show.waitsFor = [OperationGraph.Reference("save", location: SourceLocation(file: "Sources/Feed/FeedLoader.swift", line: 62, column: 13))]
        let auth = op("auth", "network", ["refresh"], line: 70)
        let refresh = op("refresh", "network", ["auth"], line: 80)
        let upload = op("upload", "network", ["auth"], line: 90)
        let cleanup = op("cleanup", nil, line: 100)
        let report = op("report", "processing", ["cleanup"], line: 110)

        let graph = OperationGraph(
            queues: [network, processing, main],
            operations: [download1, download2, combine, thumbnail, save, show, auth, refresh, upload, cleanup, report])
        let at = SourceLocation(file: "Sources/Feed/FeedLoader.swift", line: 70, column: 9)
        let findings = [
            Finding(rule: RuleID(code: "OPL101", name: "dependency-cycle"), severity: .error,
                    message: "dependency cycle: auth → refresh → auth", location: at, operations: ["auth", "refresh"]),
            Finding(rule: RuleID(code: "OPL106", name: "unreachable-operation"), severity: .error,
                    message: "upload can never start: it waits for auth, which is on a dependency cycle",
                    location: at, operations: ["upload"]),
            Finding(rule: RuleID(code: "OPL105", name: "never-started"), severity: .error,
                    message: "cleanup is never added to a queue nor started, and report depends on it",
                    location: at, operations: ["cleanup"]),
            Finding(rule: RuleID(code: "OPL106", name: "unreachable-operation"), severity: .error,
                    message: "report can never start: it waits for cleanup, which is never started",
                    location: at, operations: ["report"]),
            Finding(rule: RuleID(code: "OPL203", name: "main-thread-wait"), severity: .warning,
                    message: "show waits for save on the main queue", location: at, operations: ["show"]),
            Finding(rule: RuleID(code: "OPL209", name: "priority-inversion"), severity: .warning,
                    message: "show (userInteractive) waits for save (utility)", location: at, operations: ["show", "save"]),
        ]
        return (graph, findings, ["download2", "combine", "thumbnail", "show"])
    }

    /// Names that would break DOT, HTML or SVG if they were not escaped.
    static let hostileNames = [
        "\"><script>alert(1)</script>",
        "quote \" and 'single'",
        "back\\slash \\N \\G end\\",
        "line one\nline two",
        "amp & &amp; &lt;",
        "עברית واحد mixed",
        "rlo \u{202E}evil",
        String(repeating: "very-long-name-", count: 12) + "end",
        "tab\there",
    ]

    /// A chain of operations named `hostileNames`, on a queue with a hostile name too.
    static func hostileGraph() -> OperationGraph {
        let queueName = "<b>queue</b> & \"q\""
        var operations: [OperationGraph.Operation] = []
        for (i, name) in hostileNames.enumerated() {
            var operation = OperationGraph.Operation(name: name, queue: i % 2 == 0 ? queueName : nil)
            if i > 0 { operation.dependencies = [OperationGraph.Reference(hostileNames[i - 1])] }
            operation.location = SourceLocation(file: "dir/<x>\"&'.swift", line: i + 1, column: 1)
            operations.append(operation)
        }
        return OperationGraph(queues: [OperationGraph.Queue(name: queueName)], operations: operations)
    }

    /// A deterministic generated graph of `count` operations: about two dependencies each on
    /// earlier operations (mostly near, some far), spread over `queues` queues.
    static func generated(count: Int, queues: Int = 8, seed: UInt64 = 42) -> OperationGraph {
        var random = SplitMix64(seed: seed)
        let queueList = (0..<queues).map { q in
            OperationGraph.Queue(name: "queue\(q)", maxConcurrentOperationCount: [1, 2, 4, -1][q % 4])
        }
        var operations: [OperationGraph.Operation] = []
        operations.reserveCapacity(count)
        for i in 0..<count {
            var operation = OperationGraph.Operation(name: "op\(i)", queue: "queue\(Int(random.next() % UInt64(queues)))")
            if i > 0 {
                for _ in 0..<2 {
                    let far = random.next() % 10 == 0
                    let span = far ? i : min(i, 20)
                    let target = i - 1 - Int(random.next() % UInt64(span))
                    operation.dependencies.append(OperationGraph.Reference("op\(target)"))
                }
            }
            operation.duration = Double(1 + random.next() % 20) / 4
            operations.append(operation)
        }
        return OperationGraph(queues: queueList, operations: operations)
    }
}

/// Generated graphs are the same on every run: the simulator's seeded SplitMix64 generator.
typealias SplitMix64 = SimulationRandom
