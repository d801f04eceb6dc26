/// Graphviz could not read, lay out or render a drawing; carries Graphviz's own message.
public struct GraphvizError: Error, Equatable, CustomStringConvertible {
    /// The step that failed.
    public enum Stage: String, Sendable {
        case read = "read the DOT source"
        case layout = "lay out the graph"
        case render = "render the drawing"
    }

    public var stage: Stage
    /// What Graphviz printed, one message per line (`Error: syntax error in line 3 near '}'`).
    public var messages: [String]

    public var description: String {
        let shown = messages.map { $0.hasPrefix("Error: ") ? String($0.dropFirst(7)) : $0 }
        let detail = shown.isEmpty ? "" : ": " + shown.joined(separator: "; ")
        return "Graphviz could not \(stage.rawValue)" + detail
    }
}
