/// A Gantt chart of a simulated schedule, as DOT with every position pinned: one lane per
/// queue slot, grouped by queue; a bar per operation from start to end; a time axis.
///
/// Lay it out with `TimelineDrawing.engine` (Graphviz's `nop2`, what `neato -n2` does), which
/// keeps the positions. The same schedule and options always give the same bytes.
public struct TimelineDrawing: Sendable {
    /// What the chart shows.
    public struct Options: Sendable, Equatable {
        /// Draw an arrow from each dependency's bar to its dependent's.
        public var arrows = false
        /// Width of the time axis, in points.
        public var width = 900.0
        /// Link each bar to its operation's source line (`--link`).
        public var link: LinkTemplate?

        public init() {}
    }

    /// The Graphviz layout engine that keeps pinned positions.
    public static let engine = "nop2"

    /// The DOT source.
    public let dot: String

    /// - Complexity: O(*n* + *e*) in the schedule's operations (and dependencies with `arrows`).
    public init(schedule: Schedule, graph: OperationGraph, options: Options = Options()) {
        let layout = TimelineLayout(schedule: schedule, width: options.width)
        var writer = DOTWriter()
        writer.beginGraph("timeline")
        writer.graphAttributes([
            DOTAttribute("fontname", DrawingStyle.font), DOTAttribute("bgcolor", "white"),
            DOTAttribute("splines", "false"), DOTAttribute("outputorder", "edgesfirst"), DOTAttribute("pad", 0.3),
        ])
        writer.defaults("node", [
            DOTAttribute("fontname", DrawingStyle.font), DOTAttribute("fontsize", 9), DOTAttribute("fixedsize", "true"),
            DOTAttribute("shape", "box"), DOTAttribute("margin", 0),
        ])
        writer.defaults("edge", [DOTAttribute("arrowhead", "none"), DOTAttribute("color", "#D0D0D0")])
        layout.writeAxis(to: &writer)
        layout.writeLanes(to: &writer)
        var links: [String: String] = [:]
        if let link = options.link {
            for operation in graph.operations {
                if let location = graph.location(of: operation) { links[operation.name] = link.url(for: location) }
            }
        }
        layout.writeBars(links: links, to: &writer)
        if options.arrows { layout.writeArrows(graph: graph, to: &writer) }
        layout.writeNotes(to: &writer)
        writer.end()
        dot = writer.text
    }
}
