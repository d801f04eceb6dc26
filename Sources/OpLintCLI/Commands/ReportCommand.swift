import OpLintCore
import OpLintRender

/// `oplint report PATH… -o report.html`: one self-contained HTML page with the summary,
/// the findings, the dependency DAG, the timeline, the queues and the schedule table.
struct ReportCommand: Command {
    static let name = "report"
    static let configuration = CommandConfiguration(
        name: name,
        abstract: "Write a self-contained HTML report: summary, findings, DAG, timeline and schedule.",
        discussion: """
          One HTML file with inline CSS and SVG: no script, no network request, viewable offline and attachable
          to a pull request or a CI run. The DAG follows `oplint render` (condensed past --max-nodes); the
          timeline and the schedule follow `oplint simulate`. The same input gives the same bytes.
          Exit status: 0 written and no finding at or above --fail-on, 1 written with such findings,
          2 invalid input, usage or Graphviz error.
        """,
        arguments: [Argument("path", help: "A .json graph, '-' for standard input, or Swift/Objective-C sources (files or directories).",
                             minimum: 1, maximum: nil)],
        options: [
            Option("output", short: "o", kind: .value(name: "file"),
                   help: "The HTML file to write (atomically); '-' writes it to standard output.", completesFiles: true),
            Option("title", kind: .value(name: "text"), help: "The page's title; by default 'oplint report: ' and the first input."),
            Option("link", kind: .value(name: "template"),
                   help: "Link locations, operations and bars to their source: {file}, {line} and {column} are replaced."),
            Option("platform", kind: .value(name: "name"), help: "Which OperationQueue the schedule imitates.",
                   defaultValue: "apple", choices: SimulationPlatform.allCases.map(\.rawValue)),
            Option("max-nodes", kind: .value(name: "n"),
                   help: "Above this many operations draw the DAG condensed or per queue; 0 = no limit.",
                   defaultValue: String(DrawingOptions.defaultMaxNodes)),
            Option("rows", kind: .value(name: "n"), help: "At most this many rows in the schedule table.",
                   defaultValue: String(HTMLReport.defaultScheduleRowLimit)),
            Option("arrows", help: "Draw dependency arrows between the timeline's bars."),
            Option("fail-on", kind: .value(name: "severity"),
                   help: "The lowest severity that makes the report fail and the exit status 1.", defaultValue: "error",
                   choices: Severity.allCases.map(\.rawValue)),
            Option("exit-zero", help: "Exit 0 even when there are findings (the report still says fail)."),
            Option("rule", kind: .repeated(name: "rule=severity"),
                   help: "Set a rule's severity (error, warning, note) or turn it off; repeatable."),
            Option("config", kind: .value(name: "file"),
                   help: "Read settings from this file instead of the nearest .oplint.json.", completesFiles: true),
        ],
        examples: [
            ("oplint report graph.json -o report.html", "The whole report, to open in a browser."),
            ("oplint report Sources/ -o report.html --link 'https://github.com/o/r/blob/main/{file}#L{line}'",
             "A report on source code, each location linked to its line."),
            ("oplint report graph.json -o report.html --platform linux --exit-zero", "The Linux schedule; never fail the job."),
        ]
    )

    /// Timelines of more operations are not drawn: the SVG would run to tens of megabytes.
    static let timelineLimit = 20_000

    let paths: [String]
    let output: String
    let title: String?
    let link: String?
    let platform: SimulationPlatform
    let maxNodes: Int?
    let rows: Int
    let arrows: Bool
    let failOn: Severity
    let exitZero: Bool
    let severities: [String: Severity?]
    let settings: LintSettings

    init(_ arguments: ParsedArguments) throws {
        func usage(_ message: String) -> CommandError { .usage(message, command: "report") }
        paths = arguments.positionals
        guard let output = arguments.value("output"), !output.isEmpty else {
            throw usage("report needs an output file: -o report.html, or -o - for standard output")
        }
        self.output = output
        title = arguments.value("title")
        link = arguments.value("link")
        let platformName = arguments.value("platform") ?? "apple"
        guard let platform = SimulationPlatform(rawValue: platformName) else {
            throw usage("unknown platform '\(platformName)'; valid: apple, linux")
        }
        self.platform = platform
        let maxNodes = try arguments.integer("max-nodes", in: 0...Int.max) ?? DrawingOptions.defaultMaxNodes
        self.maxNodes = maxNodes == 0 ? nil : maxNodes
        rows = try arguments.integer("rows", in: 0...Int.max) ?? HTMLReport.defaultScheduleRowLimit
        arrows = arguments.flag("arrows")
        let failName = arguments.value("fail-on") ?? "error"
        guard let failOn = Severity(rawValue: failName) else { throw usage("--fail-on expects error, warning or note, got '\(failName)'") }
        self.failOn = failOn
        exitZero = arguments.flag("exit-zero")
        severities = try RuleSettings.severities(arguments.values("rule"), command: "report")
        settings = LintSettings(arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let configuration = try settings.configuration(context)
        var graph = try SourceInput.load(paths, context: context, excludes: configuration.exclude)
        SimulateCommand.applyDefaults(configuration.simulation, to: &graph)
        let analysis = GraphAnalysis(graph)
        let linter = Linter(severities: configuration.rules.merging(severities) { _, commandLine in commandLine })
        let result = linter.lint(analysis)

        var schedule: Schedule?
        var simulationProblem: String?
        do {
            schedule = try Simulator(graph, options: SimulationOptions(platform: platform)).run()
        } catch let error as SimulationError {
            simulationProblem = error.message
        }

        var notes: [String] = []
        var options = DrawingOptions()
        options.linkTemplate = link
        options.maxNodes = maxNodes
        options.criticalPath = schedule?.criticalPath.map(\.operation) ?? []
        let dependencySVG = try drawDependencies(graph, analysis: analysis, findings: result.findings, options: options, notes: &notes,
                                                 context: context)
        var timelineSVG: String?
        if let schedule {
            if schedule.entries.count <= Self.timelineLimit {
                timelineSVG = try drawTimeline(schedule, graph: graph, context: context)
            } else {
                notes.append("The timeline is not drawn above \(Self.timelineLimit) operations; "
                    + "`oplint simulate --timeline` draws it, `--trace` opens it in Perfetto.")
            }
        }
        let inputs = graph.documents.map(\.path)
        let report = HTMLReport(
            title: title ?? "oplint report: " + (inputs.first.map { ReportPath.relative($0, to: context.currentDirectory) } ?? "graph"),
            inputFiles: inputs, result: result, failOn: failOn, schedule: schedule, simulationProblem: simulationProblem,
            dependencySVG: dependencySVG, timelineSVG: timelineSVG, notes: notes, link: link.map(LinkTemplate.init),
            baseDirectory: context.currentDirectory, scheduleRowLimit: rows
        )
        let html = report.html()
        if output == "-" {
            context.standardOutput.write(html)
        } else {
            try OutputFile.write(html, to: output, inputs: paths)
        }
        return report.fails && !exitZero ? .findings : .success
    }

    /// The DAG as SVG, as `oplint render` draws it; the drawing's notes go to `notes` and standard error.
    private func drawDependencies(
        _ graph: OperationGraph, analysis: GraphAnalysis, findings: [Finding], options: DrawingOptions, notes: inout [String],
        context: CommandContext
    ) throws -> String {
        let drawing = try RenderCommand.drawing(graph, analysis: analysis, findings: findings, options: options, command: "report")
        for note in drawing.notes {
            context.standardError.line("oplint: note: \(note)")
            notes.append(note)
        }
        let svg = try GraphvizOutput.render(drawing.dot, engine: LayoutEngine.dot.rawValue, format: .svg, nodes: drawing.nodeCount,
                                            context: context)
        return String(decoding: svg, as: UTF8.self)
    }

    private func drawTimeline(_ schedule: Schedule, graph: OperationGraph, context: CommandContext) throws -> String {
        var options = TimelineDrawing.Options()
        options.arrows = arrows
        options.link = link.map(LinkTemplate.init)
        let dot = TimelineDrawing(schedule: schedule, graph: graph, options: options).dot
        return String(decoding: try GraphvizOutput.render(dot, engine: TimelineDrawing.engine, format: .svg, context: context), as: UTF8.self)
    }
}
