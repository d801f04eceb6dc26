/// Reads one format-v1 document from the token stream into an `OperationGraph`.
///
/// Strict about types and ranges (a wrong value is a `LoadError` pointing at it), lenient
/// about unknown keys (recorded in `graph.unknownKeys`, their values skipped) and about
/// names (dangling and duplicate names are left to the rules).
struct GraphDecoder {
    let tokenizer: JSONTokenizer
    let document: Document
    /// Unknown keys found so far, in document order.
    let unknownKeys = UnknownKeyList()

    /// The size of the document in bytes, to size the operations array once.
    let byteCount: Int
    /// The second half of the operations, read on another thread, if the file is large.
    let chunk: OperationChunk?

    init(tokenizer: JSONTokenizer, document: Document, byteCount: Int, chunk: OperationChunk? = nil) {
        self.tokenizer = tokenizer
        self.document = document
        self.byteCount = byteCount
        self.chunk = chunk
    }

    /// A position in this document (always document 0 of the graph being read).
    @inline(__always) func position(_ offset: UInt32) -> DocumentPosition {
        DocumentPosition(document: 0, offset: offset)
    }

    /// An error at a byte offset of this document.
    func error(at offset: UInt32, _ message: String) -> LoadError {
        LoadError(at: document.location(ofOffset: Int(offset)), message)
    }

    /// The next token; a JSON syntax error becomes a `LoadError`.
    @inline(__always) func next(acceptingPause: Bool = false) throws(LoadError) -> JSONToken {
        let token = tokenizer.next(acceptingPause: acceptingPause)
        if token.kind == .error { throw syntaxError() }
        return token
    }

    /// The error that stopped the tokenizer.
    func syntaxError() -> LoadError {
        let failure = tokenizer.failure
        return LoadError(at: document.location(ofOffset: failure.offset), failure.message)
    }

    /// Records an unknown key; the caller then skips its value.
    func recordUnknownKey(_ token: JSONToken, context: String, allowed: [String]) {
        unknownKeys.keys.append(OperationGraph.UnknownKey(
            key: token.text, context: context, allowedKeys: allowed, position: position(token.offset)))
    }

    /// Reads the whole document.
    ///
    /// - Complexity: O(*n*) in the size of the document.
    func decode() throws(LoadError) -> OperationGraph {
        var graph = OperationGraph(documents: [document])
        let start = try next()
        guard start.kind == .objectStart else {
            throw error(at: start.offset, "expected a JSON object at the top level, found \(describe(start))")
        }
        var version: Int?
        while true {
            let key = try next()
            if key.kind == .objectEnd { break }
            guard let known = TopLevelKey.table.key(key.bytes) else {
                recordUnknownKey(key, context: "top level", allowed: TopLevelKey.table.names)
                try skipValue(try next())
                continue
            }
            switch known {
            case .version:
                let value = try next()
                guard let number = value.integer else {
                    throw error(at: value.offset, "\"version\" must be the integer 1, found \(describe(value))")
                }
                guard number == 1 else {
                    throw error(at: value.offset, "unsupported format version \(number); this oplint reads version 1")
                }
                version = number
            case .queues: try decodeQueues(into: &graph.queues)
            case .operations: try decodeOperations(into: &graph.operations)
            case .events: try decodeEvents(into: &graph.events)
            case .simulation: graph.simulation = try decodeSimulation()
            case .source: graph.source = try decodeSourceInfo()
            }
        }
        guard version != nil else {
            throw error(at: start.offset, "the graph has no \"version\" (format version 1 is \"version\": 1)")
        }
        let end = try next()
        if end.kind != .end { throw error(at: end.offset, "unexpected content after the JSON value") }
        graph.unknownKeys = unknownKeys.keys
        return graph
    }
}

/// Unknown keys collected while decoding (a reference, so decoding methods need not mutate).
final class UnknownKeyList {
    var keys: [OperationGraph.UnknownKey] = []
}
