import Testing
@testable import OpLintCore

/// `GraphWriter.bytes`: exactly the bytes of the text `write` gives.
@Suite struct GraphWriterBytesTests {
    /// A graph of `size` operations with every kind of member an operation can have in the
    /// file: located dependencies, waits, settings, labels, and names that need escaping.
    static func graph(size: Int, seed: UInt64) -> OperationGraph {
        var generator = SeededGenerator(seed: seed)
        var graph = RandomGraphs.make(size: size, cyclic: true, generator: &generator)
        for i in graph.operations.indices {
            var op = graph.operations[i]
            if i % 7 == 0 { op.location = SourceLocation(file: "Sources/\"quoted\"/<script>.swift", line: i + 1, column: 3) }
            if i % 5 == 0, !op.dependencies.isEmpty {
                op.dependencies[0].location = SourceLocation(file: "Sources/A.swift", line: i, column: 9)
            }
            if i % 11 == 0 { op.priority = .high }
            if i % 13 == 0 { op.duration = 2.5 }
            if i % 17 == 0, i > 0 { op.waitsFor = [OperationGraph.Reference("op\(i - 1)")] }
            if i % 19 == 0 { op.labels = ["ünïcode \u{7F}": "tab\there", "b": "<script>"] }
            graph.operations[i] = op
        }
        graph.source = OperationGraph.SourceInfo(tool: "oplint", version: "1", files: ["Sources/A.swift"])
        return graph
    }

    @Test(arguments: [0, 1, 2, 999, 1_000, 1_001, 1_002, 4_097])
    func bytesAreTheText(size: Int) {
        let graph = Self.graph(size: size, seed: UInt64(size) &+ 7)
        let text = GraphWriter().write(graph)
        #expect(GraphWriter().bytes(graph) == Array(text.utf8))
        // Written in two halves at once (above `halvesAbove` operations): the same bytes.
        #expect(GraphWriter().bytes(graph, inParallel: true) == Array(text.utf8))
        // Lent where they were written, in one piece or in two halves: the same bytes.
        #expect(GraphWriter().withBytes(graph) { Array($0) } == Array(text.utf8))
        #expect(GraphWriter().withBytes(graph, inParallel: true) { Array($0) } == Array(text.utf8))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func aStreamContinuesWhereTheFirstStands() {
        // The continuation of an array that will hold two items writes the third as the
        // first stream would have.
        var first = JSONStream()
        first.beginObject(count: 1, allScalar: false)
        first.key("items")
        first.beginArray(count: 3, allScalar: false)
        var second = first.continuation(written: 2)
        for name in ["a", "b"] {
            first.item()
            first.strings([name], count: 1)
        }
        second.item()
        second.strings(["c"], count: 1)
        first.append(continuation: second)
        first.end()
        first.end()
        #expect(String(decoding: first.bytes(), as: UTF8.self) == "{\n  \"items\": [\n    [\"a\"],\n    [\"b\"],\n    [\"c\"]\n  ]\n}\n")
    }
}
