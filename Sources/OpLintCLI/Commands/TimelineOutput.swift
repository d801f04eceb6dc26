import OpLintCore
import OpLintRender

/// `oplint simulate --timeline FILE`: the schedule as a Gantt chart drawn by Graphviz.
enum TimelineOutput {
    /// Draws `schedule` and writes it atomically to `file` (format by extension: svg, png, pdf, dot).
    static func write(
        _ schedule: Schedule, graph: OperationGraph, to file: String, arrows: Bool, link: String? = nil, inputs: [String],
        context: CommandContext
    ) throws {
        guard let format = RenderFormat(pathExtensionOf: file) else {
            throw CommandError.usage("--timeline: cannot tell the format of '\(file)'; use .svg, .png, .pdf or .dot",
                                     command: "simulate")
        }
        var options = TimelineDrawing.Options()
        options.arrows = arrows
        options.link = link.map(LinkTemplate.init)
        let drawing = TimelineDrawing(schedule: schedule, graph: graph, options: options)
        let bytes = try GraphvizOutput.render(drawing.dot, engine: TimelineDrawing.engine, format: format, context: context)
        try OutputFile.write(bytes, to: file, inputs: inputs)
    }
}
