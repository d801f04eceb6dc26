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
