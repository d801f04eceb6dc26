import OpLintCore

/// The graph loader on any bytes: it either reads a graph or says where and why not, in one
/// line; a graph it reads, written back by `GraphWriter`, reads again to the same text.
enum JSONLoadFuzzing {
    static let path = "fuzz.json"

    static let target = FuzzTarget(
        name: "json-load",
        summary: "GraphLoader.load(bytes:): a graph or a one-line error; write → load → write is stable",
        maximumLength: 16_384,
        repositorySeeds: ["examples"]
    ) { bytes throws(FuzzFailure) in
        let graph: OperationGraph
        do throws(LoadError) {
            graph = try GraphLoader.load(bytes: bytes, path: path)
        } catch {
            try checkError(error, in: bytes)
            return
        }
        try checkRoundTrip(graph, name: "the loaded graph")
    }

    /// A load error names the file, points inside it and fits on one line.
    static func checkError(_ error: LoadError, in bytes: [UInt8]) throws(FuzzFailure) {
        let text = error.description
        try require(text.hasPrefix(path + ":"), "the error does not start with the file name: \(text)")
        try require(!text.contains("\n") && !text.contains("\r"), "the error is not one line: \(text)")
        try require(!error.message.isEmpty, "an empty error message")
        if let line = error.line, let column = error.column {
            let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            try require(line >= 1 && line <= lines, "error line \(line) outside the file's \(lines) lines: \(text)")
            try require(column >= 1 && column <= bytes.count + 1, "error column \(column) outside the file: \(text)")
        }
    }

    /// `graph` written as JSON loads again with the same content; where the first graph had
    /// no location the loaded one has its place in the written file, and from then on
    /// writing and reading changes nothing.
    static func checkRoundTrip(_ graph: OperationGraph, name: String) throws(FuzzFailure) {
        let written = GraphWriter().write(graph)
        let again = try load(written, name)
        try require(again.operations.count == graph.operations.count, "\(name) lost operations when written and read")
        try require(again.queues.count == graph.queues.count, "\(name) lost queues when written and read")
        let content = GraphWriter().write(withoutPlaces(graph))
        let contentAgain = GraphWriter().write(withoutPlaces(again))
        try require(contentAgain == content, "\(name) reads back differently:\n\(content)\n---\n\(contentAgain)")
        let rewritten = GraphWriter().write(again)
        let third = GraphWriter().write(try load(rewritten, name))
        try require(third == rewritten, "\(name) does not write the same twice:\n\(rewritten)\n---\n\(third)")
    }

    private static func load(_ text: String, _ name: String) throws(FuzzFailure) -> OperationGraph {
        do {
            return try GraphLoader.load(bytes: Array(text.utf8), path: path)
        } catch {
            throw FuzzFailure("\(name), written as JSON, does not load: \(error)\n\(text)")
        }
    }

    /// The graph without source locations and file positions.
    static func withoutPlaces(_ graph: OperationGraph) -> OperationGraph {
        func bare(_ references: [OperationGraph.Reference]) -> [OperationGraph.Reference] {
            references.map { OperationGraph.Reference($0.name) }
        }
        var graph = graph
        graph.documents = []
        for index in graph.queues.indices {
            graph.queues[index].location = nil
            graph.queues[index].position = nil
        }
        for index in graph.operations.indices {
            graph.operations[index].location = nil
            graph.operations[index].position = nil
            graph.operations[index].queuePosition = nil
            graph.operations[index].dependencies = bare(graph.operations[index].dependencies)
            graph.operations[index].waitsFor = bare(graph.operations[index].waitsFor)
            graph.operations[index].waitsForQueues = bare(graph.operations[index].waitsForQueues)
        }
        for index in graph.events.indices {
            graph.events[index].location = nil
            graph.events[index].position = nil
        }
        return graph
    }
}
