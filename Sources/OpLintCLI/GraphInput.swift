import OpLintCore

/// Loads the paths given on the command line into one graph.
enum GraphInput {
    /// Reads every path (`-` = standard input) and merges them in order.
    ///
    /// - Throws: `CommandError.input` with the loader's one-line `file:line:column: error: …` message.
    static func load(_ paths: [String], context: CommandContext) throws -> OperationGraph {
        do {
            return try GraphLoader.load(paths: paths)
        } catch {
            throw CommandError.input(error.description)
        }
    }
}
