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

    /// Parses one file; events are checked by the caller once every file is merged.
    static func decode(_ file: GraphFile) throws(LoadError) -> OperationGraph {
        if file.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw LoadError(file: file.path, "the file is empty; expected a JSON graph (format version 1)")
        }
        guard file.count < Int(UInt32.max) else {
            throw LoadError(file: file.path, "the file is larger than 4 GiB, which the JSON reader cannot handle")
        }
        let document = Document(path: file.path, bytes: file.bytes)
        return try file.bytes.withUnsafeBufferPointer { buffer throws(LoadError) -> OperationGraph in
            guard let base = buffer.baseAddress,
                  let tokenizer = JSONTokenizer(bytes: base, length: file.count, capacity: file.capacity)
            else { throw LoadError(file: file.path, "out of memory while reading the file") }
            return try GraphDecoder(tokenizer: tokenizer, document: document, byteCount: file.count).decode()
        }
    }
}
