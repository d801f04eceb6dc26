/// `oplint: laying out 350 nodes with dot…` on standard error while Graphviz works, when
/// standard error is a terminal and the graph is large enough for the wait to be noticed;
/// the line is erased when the layout ends.
struct LayoutProgress {
    /// Smaller graphs are laid out in well under a second.
    static let threshold = 200

    private let context: CommandContext
    private let shown: Bool

    init(nodes: Int, engine: String, context: CommandContext) {
        self.context = context
        shown = context.showsProgress && nodes >= Self.threshold
        if shown { context.standardError.write("oplint: laying out \(nodes) nodes with \(engine)…") }
    }

    func end() {
        if shown { context.standardError.write("\r\u{1B}[K") }
    }
}
