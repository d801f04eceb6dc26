import OpLintCore
import OpLintRender

/// Graphviz called for a command: a progress line for large layouts, Graphviz's warnings on
/// standard error, its errors as an input error (exit 2).
enum GraphvizOutput {
    /// `dot` laid out by `engine` and rendered as `format`; DOT itself is returned as it is.
    static func render(_ dot: String, engine: String, format: RenderFormat, nodes: Int = 0, context: CommandContext) throws -> [UInt8] {
        if format == .dot { return Array(dot.utf8) }
        let progress = LayoutProgress(nodes: nodes, engine: engine, context: context)
        defer { progress.end() }
        do {
            let output = try GraphvizRenderer.render(dot: dot, engineNamed: engine, formatNamed: format.rawValue)
            for message in output.messages { context.standardError.line("oplint: graphviz: \(message)") }
            return output.bytes
        } catch let error as GraphvizError {
            throw CommandError.input("oplint: error: \(error)")
        }
    }
}
