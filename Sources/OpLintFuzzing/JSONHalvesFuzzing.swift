@_spi(Fuzzing) import OpLintCore

/// The graph loader reading the second half of the operations on another thread, as it does
/// for large files, split at any byte: the same graph, or the same error, as reading on one
/// thread; a split it takes (an operation starts there) gives that graph from both halves.
enum JSONHalvesFuzzing {
    static let target = FuzzTarget(
        name: "json-halves",
        summary: "GraphLoader split at any byte (the first two pick it): the graph or error of one thread",
        maximumLength: 16_386,
        repositorySeeds: ["examples"]
    ) { bytes throws(FuzzFailure) in
        guard bytes.count > 2 else { return }
        let body = Array(bytes[2...])
        let offset = (Int(bytes[0]) << 8 | Int(bytes[1])) % body.count
        let path = JSONLoadFuzzing.path
        let one = Result { () throws(LoadError) -> OperationGraph in try GraphLoader.load(bytes: body, path: path) }
        let split = Result { () throws(LoadError) -> OperationGraph in try GraphLoader.load(bytes: body, path: path, splittingAt: offset) }
        switch (one, split) {
        case (.success(let a), .success(let b)):
            try require(a == b, "split at \(offset), the graph differs from the one-thread graph")
        case (.failure(let a), .failure(let b)):
            try require(a == b, "split at \(offset): \(b) instead of \(a)")
        case (.success, .failure(let error)):
            throw FuzzFailure("split at \(offset), the file fails to load: \(error)")
        case (.failure(let error), .success):
            throw FuzzFailure("split at \(offset), the file loads though one thread says: \(error)")
        }
        if let halves = GraphLoader.loadInHalves(bytes: body, path: path, splittingAt: offset) {
            // The halves read the graph before its events are checked: a file refused only for
            // its events reads whole, and gives the same error once they are.
            let expected: OperationGraph
            switch one {
            case .success(let graph): expected = graph
            case .failure(let error):
                let events = Result { () throws(LoadError) in try GraphLoader.checkEvents(halves.graph) }
                guard case .failure(let eventError) = events else {
                    throw FuzzFailure("split at \(offset), the two halves read a file one thread refuses: \(error)")
                }
                try require(eventError == error, "split at \(offset), the halves' events give \(eventError) instead of \(error)")
                return
            }
            // Events are checked after reading, so compare the graphs without that check.
            try require(halves.graph.operations == expected.operations && halves.graph.unknownKeys == expected.unknownKeys,
                        "split at \(offset), the halves differ from the one-thread graph (joined: \(halves.joined))")
        }
    }
}
