/// Reads format-v1 JSON graphs (`docs/format.md`) from files, standard input or bytes.
public enum GraphLoader {
    /// The display name of standard input.
    public static let standardInputName = "<stdin>"

    /// Reads the graph at `path`; `-` reads standard input.
    ///
    /// - Complexity: O(*n*) in the size of the file.
    public static func load(path: String) throws(LoadError) -> OperationGraph {
        let file = try GraphFile.read(path: path)
        let graph = try decode(file)
        try checkEvents(graph)
        return graph
    }

    /// Reads a graph from `bytes`, calling it `path` in messages.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func load(bytes: [UInt8], path: String) throws(LoadError) -> OperationGraph {
        let graph = try decode(GraphFile(path: path, paddedBytes: bytes))
        try checkEvents(graph)
        return graph
    }

    /// Reads several graphs and merges them in order into one (`OperationGraph.merge`).
    ///
    /// - Complexity: O(*n*) in the total size of the files.
    public static func load(paths: [String]) throws(LoadError) -> OperationGraph {
        var merged = OperationGraph()
        for (index, path) in paths.enumerated() {
            let graph = try decode(try GraphFile.read(path: path))
            if index == 0 { merged = graph } else { merged.merge(graph) }
        }
        try checkEvents(merged)
        return merged
    }

    /// Parses one file; events are checked by the caller once every file is merged. With
    /// `offset`, the second thread starts there instead of where the file's size puts it.
    static func decode(_ file: GraphFile, splittingAt offset: Int? = nil) throws(LoadError) -> OperationGraph {
        let bytes = file.bytes
        if bytes.buffer.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw LoadError(file: file.path, "the file is empty; expected a JSON graph (format version 1)")
        }
        guard file.count < Int(UInt32.max) else {
            throw LoadError(file: file.path, "the file is larger than 4 GiB, which the JSON reader cannot handle")
        }
        let document = Document(path: file.path, file: bytes)
        return try decode(file, document: document, splitAt: offset ?? OperationChunk.split(bytes.base, length: bytes.count))
    }

    /// `load(bytes:path:)` with the operations from byte `offset` on read on a second thread
    /// when an operation starts there (as a large file's are): the same graph, or the same error.
    @_spi(Fuzzing)
    public static func load(bytes: [UInt8], path: String, splittingAt offset: Int) throws(LoadError) -> OperationGraph {
        let graph = try decode(GraphFile(path: path, paddedBytes: bytes), splittingAt: offset)
        try checkEvents(graph)
        return graph
    }

    /// The two-thread reading alone: the graph and whether the second thread's operations
    /// were used, or nil after any error.
    @_spi(Fuzzing)
    public static func loadInHalves(bytes: [UInt8], path: String, splittingAt offset: Int) -> (graph: OperationGraph, joined: Bool)? {
        let file = GraphFile(path: path, paddedBytes: bytes)
        return decodeInHalves(file, document: Document(path: file.path, file: file.bytes), start: offset)
    }

    /// Parses one file; with `splitAt`, the operations from that offset on are read on another
    /// thread (`OperationChunk`), with the same result and the same errors as without.
    static func decode(_ file: GraphFile, document: Document, splitAt start: Int?) throws(LoadError) -> OperationGraph {
        if let start, let halves = decodeInHalves(file, document: document, start: start) { return halves.graph }
        let bytes = file.bytes
        guard let tokenizer = JSONTokenizer(bytes: bytes.base, length: bytes.count, capacity: bytes.capacity)
        else { throw LoadError(file: file.path, "out of memory while reading the file") }
        return try GraphDecoder(tokenizer: tokenizer, document: document, byteCount: bytes.count).decode()
    }

    /// The graph read with the operations from `start` on read on another thread, and whether
    /// that thread's operations were used (else this thread read them too); nil after any error,
    /// which the one-thread reader then reports as it does.
    static func decodeInHalves(_ file: GraphFile, document: Document, start: Int) -> (graph: OperationGraph, joined: Bool)? {
        let bytes = file.bytes
        let chunk = OperationChunk.read(bytes.base, length: bytes.count, capacity: bytes.capacity, start: start, document: document)
        defer { _ = chunk.wait() }
        guard let tokenizer = JSONTokenizer(bytes: bytes.base, length: bytes.count, capacity: bytes.capacity) else { return nil }
        tokenizer.limitValidation(to: start)
        tokenizer.pause(at: start)
        guard let graph = try? GraphDecoder(tokenizer: tokenizer, document: document, byteCount: bytes.count, chunk: chunk).decode()
        else { return nil }
        return (graph, chunk.joined)
    }
}
