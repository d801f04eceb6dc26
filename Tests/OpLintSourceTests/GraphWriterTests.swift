import Foundation
import Testing
@testable import OpLintCore

@Suite("Graph writer")
struct GraphWriterTests {
    @Test("Names with quotes, control characters and line separators survive a round trip")
    func escaping() throws {
        let names = ["plain", "quote \" and \\ backslash", "new\nline\ttab\r", "bell \u{07} nul \u{0}", "sep \u{2028} \u{2029}", "é ü 漢字 🎉", "<script>&amp;"]
        var graph = OperationGraph(queues: [OperationGraph.Queue(name: "q \"1\"")])
        graph.operations = OperationGraph.OperationList(names.map { OperationGraph.Operation(name: $0, queue: "q \"1\"") })
        let text = GraphWriter().write(graph)
        #expect(!text.contains("\u{2028}"))
        let top = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let operations = try #require(top["operations"] as? [[String: Any]])
        #expect(operations.compactMap { $0["name"] as? String } == names)
        #expect(operations.allSatisfy { $0["queue"] as? String == "q \"1\"" })
    }

    @Test("Defaults are left out, settings and locations written, output is stable")
    func settings() throws {
        var op = OperationGraph.Operation(name: "a", queue: "q", priority: .high, qualityOfService: .utility, duration: 0.5)
        op.dependencies = [OperationGraph.Reference("b", location: SourceLocation(file: "A.swift", line: 3, column: 9))]
        op.count = 3
        op.isAsynchronous = true
        op.finishes = false
        op.location = SourceLocation(file: "A.swift", line: 2, column: 5)
        var q = OperationGraph.Queue(name: "q", maxConcurrentOperationCount: 2)
        q.isSuspended = true
        let graph = OperationGraph(queues: [q], operations: [op, OperationGraph.Operation(name: "b")])
        let text = GraphWriter().write(graph)
        #expect(text == GraphWriter().write(graph))
        let top = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let a = try #require((top["operations"] as? [[String: Any]])?.first)
        #expect(a["priority"] as? String == "high")
        #expect(a["qualityOfService"] as? String == "utility")
        #expect(a["duration"] as? Double == 0.5)
        #expect(a["count"] as? Int == 3)
        #expect(a["asynchronous"] as? Bool == true)
        #expect(a["finishes"] as? Bool == false)
        #expect(a["start"] == nil)
        let dependency = try #require((a["dependencies"] as? [[String: Any]])?.first)
        #expect((dependency["location"] as? [String: Any])?["line"] as? Int == 3)
        let b = try #require((top["operations"] as? [[String: Any]])?.last)
        #expect(Set(b.keys) == ["name"])
        let queue = try #require((top["queues"] as? [[String: Any]])?.first)
        #expect(queue["maxConcurrentOperationCount"] as? Int == 2)
        #expect(queue["suspended"] as? Bool == true)
        #expect(top["version"] as? Int == 1)
    }
}

@Suite("Extracted graphs load back")
struct RoundTripTests {
    @Test("Every corpus graph, written as JSON, loads with the format-v1 loader unchanged", arguments: Corpus.cases())
    func roundTrip(name: String) throws {
        let graph = try Corpus.extract(name)
        let text = GraphWriter().write(graph)
        let loaded = try GraphLoader.load(bytes: Array(text.utf8), path: "extracted.json")
        #expect(loaded.unknownKeys.isEmpty)
        #expect(loaded.operations.map(\.name) == graph.operations.map(\.name))
        #expect(loaded.operations.map { $0.dependencies.map(\.name) } == graph.operations.map { $0.dependencies.map(\.name) })
        #expect(loaded.operations.map(\.queue) == graph.operations.map(\.queue))
        #expect(loaded.operations.map(\.start) == graph.operations.map(\.start))
        #expect(loaded.queues.map(\.name) == graph.queues.map(\.name))
        #expect(GraphWriter().write(loaded).count > 0)
    }
}

/// `GraphWriter.write` writes its bytes straight; `GraphWriter.json(_:)` builds the same
/// document as a `JSONText` value. They must agree byte for byte on every graph.
@Suite("Graph writer bytes")
struct GraphWriterBytesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func agree(_ graph: OperationGraph, _ name: String) {
        let written = GraphWriter().write(graph)
        let rendered = GraphWriter().json(graph).rendered() + "\n"
        #expect(written == rendered, "\(name)")
    }

    @Test("Every example graph and every extracted corpus graph: the same text as the JSON value")
    func examplesAndCorpus() throws {
        let examples = Self.root.appendingPathComponent("examples")
        let walker = try #require(FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil))
        var loaded = 0
        for case let url as URL in walker where url.pathExtension == "json" && !url.lastPathComponent.hasPrefix(".") {
            guard let graph = try? GraphLoader.load(bytes: Array(try Data(contentsOf: url)), path: url.path) else { continue }
            Self.agree(graph, url.path)
            loaded += 1
        }
        #expect(loaded >= 50)
        for name in Corpus.cases() { Self.agree(try Corpus.extract(name), name) }
    }

    @Test("Every member, one-line and indented objects, empty and mixed arrays, events, settings, labels")
    func everyShape() {
        let here = SourceLocation(file: "A \"quoted\".swift", line: 3, column: 9)
        var full = OperationGraph.Operation(name: "full\n<script>", queue: "q", priority: .veryHigh, qualityOfService: .userInitiated, duration: 2.5)
        full.start = .manual
        full.dependencies = [OperationGraph.Reference("b", location: here), OperationGraph.Reference("c")]
        full.addedAt = 0.25
        full.kind = .invocation
        full.isAsynchronous = true
        full.finishes = false
        full.checksCancellation = false
        full.waitsFor = [OperationGraph.Reference("b")]
        full.waitsForQueues = [OperationGraph.Reference("q")]
        full.exclusive = ["lock"]
        full.isBarrier = true
        full.reads = ["r1", "r2"]
        full.writes = ["w"]
        full.count = 4
        full.location = here
        full.labels = ["z": "last", "a": "first \u{2028}", "m": "", "k": "4th"]
        var unlocatedDependencies = OperationGraph.Operation(name: "u")
        unlocatedDependencies.dependencies = [OperationGraph.Reference("b"), OperationGraph.Reference("c")]
        var threeScalars = OperationGraph.Operation(name: "three", queue: "q", priority: .low)
        threeScalars.count = 1
        var fourScalars = OperationGraph.Operation(name: "four", queue: "q", priority: .low)
        fourScalars.count = 2
        var fewLabels = OperationGraph.Operation(name: "labels")
        fewLabels.labels = ["one": "1"]
        var numericPriority = OperationGraph.Operation(name: "numeric")
        numericPriority.priority = QueuePriority(rawValue: 3)
        var mainQueue = OperationGraph.Queue(name: "main", maxConcurrentOperationCount: 1)
        mainQueue.isMain = true
        mainQueue.isSuspended = true
        var locatedQueue = OperationGraph.Queue(name: "q")
        locatedQueue.location = here
        let small = OperationGraph.Queue(name: "small", maxConcurrentOperationCount: 2)
        var graph = OperationGraph(queues: [mainQueue, locatedQueue, small],
                                   operations: [full, unlocatedDependencies, threeScalars, fourScalars, fewLabels, numericPriority,
                                                OperationGraph.Operation(name: "b"), OperationGraph.Operation(name: "c")])
        Self.agree(graph, "operations and queues")
        graph.events = [OperationGraph.Event(at: 1.5, .cancel(operation: "b"), location: here),
                        OperationGraph.Event(at: 2, .cancel(operation: "c"))]
        graph.simulation.defaultWidth = 3
        graph.simulation.cpus = 2
        graph.source = OperationGraph.SourceInfo(tool: "oplint", version: "1", files: ["A.swift", "B \"b\".m"])
        Self.agree(graph, "events, settings and source")
        graph.source = OperationGraph.SourceInfo(tool: nil, version: nil, files: [])
        Self.agree(graph, "a source with no files")
        Self.agree(OperationGraph(queues: [], operations: []), "the empty graph")
    }
}
