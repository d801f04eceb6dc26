import OpLintCore
import OpLintRender

/// `oplint render PATH… -o FILE`: the dependency DAG through Graphviz, as SVG, PNG, PDF or DOT.
struct RenderCommand: Command {
    static let name = "render"
    static let configuration = CommandConfiguration(
        name: name,
        abstract: "Draw the dependency DAG through Graphviz: SVG, PNG, PDF or DOT.",
        discussion: """
          Arrows point in execution order: from an operation to those that wait for it. One box per queue;
          findings are drawn with line styles and text as well as colour, and explained in the legend.
          Graphs larger than --max-nodes are drawn condensed (one node per cycle) or one node per queue,
          with a note on standard error. Exit status: 0 drawn, 2 invalid input, usage or Graphviz error.
        """,
        arguments: [Argument("path", help: "A .json graph, or '-' for standard input.", minimum: 1, maximum: nil)],
        options: [
            Option("output", short: "o", kind: .value(name: "file"),
                   help: "The file to write (atomically); '-' writes DOT or SVG to standard output.", completesFiles: true),
            Option("format", short: "f", kind: .value(name: "format"),
                   help: "Output format; by default the output file's extension.", choices: RenderFormat.allCases.map(\.rawValue)),
            Option("engine", kind: .value(name: "engine"), help: "Graphviz layout engine.", defaultValue: "dot",
                   choices: LayoutEngine.allCases.map(\.rawValue)),
            Option("rankdir", kind: .value(name: "direction"), help: "Layout direction: top to bottom or left to right.",
                   defaultValue: "TB", choices: DrawingOptions.RankDirection.allCases.map(\.rawValue)),
            Option("edges", kind: .value(name: "direction"), help: "Which way arrows point.",
                   defaultValue: DrawingOptions.EdgeDirection.executionOrder.rawValue,
                   choices: DrawingOptions.EdgeDirection.allCases.map(\.rawValue)),
            Option("focus", kind: .value(name: "operation"), help: "Draw only the neighbourhood of this operation."),
            Option("depth", kind: .value(name: "n"), help: "Dependency steps before and after --focus to draw.",
                   defaultValue: "2"),
            Option("findings-only", help: "Draw only operations named in findings, with one step of context."),
            Option("collapse", kind: .value(name: "what"), help: "Draw one node per queue, arrows weighted by count.",
                   choices: DrawingOptions.Collapse.allCases.map(\.rawValue)),
            Option("condense", help: "Draw each dependency cycle as one node."),
            Option("link", kind: .value(name: "template"),
                   help: "Hyperlink each element to its source: {file}, {line} and {column} are replaced."),
            Option("max-nodes", kind: .value(name: "n"),
                   help: "Above this many operations draw the condensed or per-queue view; 0 = no limit.",
                   defaultValue: String(DrawingOptions.defaultMaxNodes)),
            Option("critical-path", help: "Simulate the schedule and draw its critical path in bold."),
            Option("no-legend", help: "Leave out the legend."),
        ],
        examples: [
            ("oplint render graph.json -o deps.svg", "Draw the DAG as SVG, with tooltips."),
            ("oplint render graph.json -o deps.png --rankdir LR", "Left to right, as PNG."),
            ("oplint render graph.json -o - -f dot", "Print the DOT source."),
            ("oplint render big.json -o big.svg --focus upload --depth 3", "Only what is near one operation."),
            ("oplint render graph.json -o deps.svg --link 'https://github.com/o/r/blob/main/{file}#L{line}'",
             "Link each operation to its source line."),
        ]
    )

    let paths: [String]
    let output: String
    let format: RenderFormat
    let engine: LayoutEngine
    let options: DrawingOptions
    let drawsCriticalPath: Bool

    init(_ arguments: ParsedArguments) throws {
        func usage(_ message: String) -> CommandError { .usage(message, command: "render") }
        paths = arguments.positionals
        guard let output = arguments.value("output"), !output.isEmpty else {
            throw usage("render needs an output file: -o FILE (.svg, .png, .pdf or .dot), or -o - with -f dot or svg")
        }
        self.output = output
        let valid = RenderFormat.allCases.map(\.rawValue).joined(separator: ", ")
        if let name = arguments.value("format") {
            guard let format = RenderFormat(rawValue: name) else { throw usage("unknown format '\(name)'; valid: \(valid)") }
            self.format = format
        } else if output != "-", let format = RenderFormat(pathExtensionOf: output) {
            self.format = format
        } else {
            throw usage("cannot tell the format of '\(output)' from its extension; give -f FORMAT (\(valid))")
        }
        if output == "-" && (format == .png || format == .pdf) {
            throw usage("\(format.rawValue.uppercased()) is binary: write it to a file with -o FILE")
        }
        let engineName = arguments.value("engine") ?? "dot"
        guard let engine = LayoutEngine(rawValue: engineName) else {
            throw usage("unknown engine '\(engineName)'; valid: \(LayoutEngine.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.engine = engine

        var options = DrawingOptions()
        if let rankdir = arguments.value("rankdir") {
            guard let direction = DrawingOptions.RankDirection(rawValue: rankdir.uppercased()) else {
                throw usage("--rankdir expects TB or LR, got '\(rankdir)'")
            }
            options.rankDirection = direction
        }
        if let edges = arguments.value("edges") {
            guard let direction = DrawingOptions.EdgeDirection(rawValue: edges) else {
                throw usage("--edges expects execution-order or depends-on, got '\(edges)'")
            }
            options.edges = direction
        }
        options.focus = arguments.value("focus")
        if let depth = try arguments.integer("depth", in: 0...Int.max) { options.depth = depth }
        if arguments.value("depth") != nil && options.focus == nil { throw usage("--depth needs --focus OPERATION") }
        options.findingsOnly = arguments.flag("findings-only")
        if let collapse = arguments.value("collapse") {
            guard let value = DrawingOptions.Collapse(rawValue: collapse) else {
                throw usage("--collapse expects queues, got '\(collapse)'")
            }
            options.collapse = value
        }
        options.condense = arguments.flag("condense")
        options.linkTemplate = arguments.value("link")
        if let maxNodes = try arguments.integer("max-nodes", in: 0...Int.max) {
            options.maxNodes = maxNodes == 0 ? nil : maxNodes
        }
        options.showsLegend = !arguments.flag("no-legend")
        options.drawsQueueBoxes = engine == .dot || engine == .fdp
        self.options = options
        drawsCriticalPath = arguments.flag("critical-path")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let graph = try SourceInput.load(paths, context: context)
        var options = options
        if drawsCriticalPath { options.criticalPath = try Self.criticalPath(of: graph) }
        let bytes = try Self.draw(graph, format: format, engine: engine, options: options, context: context)
        if output == "-" {
            context.standardOutput.write(String(decoding: bytes, as: UTF8.self))
        } else {
            try OutputFile.write(bytes, to: output, inputs: paths)
        }
        return .success
    }

    /// The operations on the critical path of the simulated schedule, first to last.
    static func criticalPath(of graph: OperationGraph) throws -> [String] {
        do {
            return try Simulator.simulate(graph).criticalPath.map(\.operation)
        } catch let error as SimulationError {
            throw CommandError.input("oplint: error: cannot simulate the schedule for --critical-path: \(error)")
        }
    }

    /// Lints `graph`, draws it with the findings and renders it; notes and Graphviz's
    /// warnings go to standard error.
    static func draw(
        _ graph: OperationGraph, format: RenderFormat, engine: LayoutEngine, options: DrawingOptions, context: CommandContext
    ) throws -> [UInt8] {
        let analysis = GraphAnalysis(graph)
        let drawing = try Self.drawing(graph, analysis: analysis, findings: Linter().lint(analysis).findings, options: options,
                                       command: "render")
        for note in drawing.notes { context.standardError.line("oplint: note: \(note)") }
        return try GraphvizOutput.render(drawing.dot, engine: engine.rawValue, format: format, nodes: drawing.nodeCount, context: context)
    }

    /// The drawing of `graph` with `findings`; options it cannot honour (an unknown --focus) are usage errors of `command`.
    static func drawing(
        _ graph: OperationGraph, analysis: GraphAnalysis, findings: [Finding], options: DrawingOptions, command: String
    ) throws -> DependencyDrawing {
        do {
            return try DependencyDrawing(graph: graph, index: analysis.index, findings: findings, options: options)
        } catch let error as DrawingError {
            throw CommandError.usage(error.description, command: command)
        }
    }
}
