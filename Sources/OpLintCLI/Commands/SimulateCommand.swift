import OpLintCore

/// `oplint simulate PATH…`: predict the schedule, explain a stuck graph, compare what-ifs,
/// explore timing variations.
struct SimulateCommand: Command {
    static let name = "simulate"
    static let configuration = CommandConfiguration(
        name: name,
        abstract: "Simulate OperationQueue scheduling: order, timing, critical path, and why a graph gets stuck.",
        discussion: """
          A deterministic discrete-event simulation (docs/simulation.md). --platform apple follows Apple's
          documented semantics; --platform linux follows swift-corelibs-foundation (docs/linux-operationqueue.md).
          Exit status: 0 every operation finishes, 1 the graph gets stuck (or --explore reached a deadlock),
          2 invalid input or usage, 3 internal error.
        """,
        arguments: [Argument("path", help: "A .json graph, or '-' for standard input.", minimum: 1, maximum: nil)],
        options: [
            Option("format", kind: .value(name: "name"), help: "Output format.", defaultValue: "text", choices: ["text", "json", "csv"]),
            Option("output", short: "o", kind: .value(name: "file"),
                   help: "Write the output to this file (atomically) instead of standard output.", completesFiles: true),
            Option("trace", kind: .value(name: "file"),
                   help: "Also write Chrome trace-event JSON (Perfetto, chrome://tracing) to this file.", completesFiles: true),
            Option("config", kind: .value(name: "file"),
                   help: "Read simulation defaults from this configuration file instead of the nearest .oplint.json.",
                   completesFiles: true),
            Option("platform", kind: .value(name: "name"), help: "Which OperationQueue to imitate.",
                   defaultValue: "apple", choices: SimulationPlatform.allCases.map(\.rawValue)),
            Option("width", kind: .repeated(name: "queue=n"), help: "What-if: a queue's maxConcurrentOperationCount; repeatable."),
            Option("default-width", kind: .value(name: "n"), help: "What-if: the width of queues whose count is -1 (apple model)."),
            Option("threads", kind: .value(name: "n"), help: "What-if: the global thread limit (apple model)."),
            Option("cpus", kind: .value(name: "n"), help: "What-if: the starting size of each thread pool (linux model)."),
            Option("cores", kind: .value(name: "n"), help: "What-if: share this many cores between executing operations."),
            Option("duration", kind: .repeated(name: "op=seconds"), help: "What-if: an operation's duration; repeatable."),
            Option("cancel", kind: .repeated(name: "op@time"), help: "What-if: cancel an operation at a time; repeatable."),
            Option("compare", kind: .value(name: "file"), help: "Compare with the schedule of another graph.", completesFiles: true),
            Option("compare-what-if", help: "Compare the file as is with the file under the what-if options."),
            Option("explore", kind: .value(name: "n"), help: "Run n schedules with durations × [0.5, 1.5] and random tie order."),
            Option("seed", kind: .value(name: "s"), help: "The seed of --explore.", defaultValue: "1"),
            Option("timeline", kind: .value(name: "file"), help: "Also draw the schedule as a Gantt chart (.svg, .png, .pdf, .dot).",
                   completesFiles: true),
            Option("arrows", help: "With --timeline: draw dependency arrows between bars."),
            Option("link", kind: .value(name: "template"),
                   help: "With --timeline: link each bar to its source; {file}, {line} and {column} are replaced."),
        ],
        examples: [
            ("oplint simulate graph.json", "The schedule, makespan, queues, critical path, and the stuck report if any."),
            ("oplint simulate graph.json --platform linux --format csv", "The linux model's schedule as CSV."),
            ("oplint simulate graph.json --width io=4 --compare-what-if", "What changes when io is 4 wide."),
            ("oplint simulate graph.json --explore 1000 --seed 7", "Makespan distribution, deadlocks with their seeds, races."),
            ("oplint simulate graph.json --trace trace.json", "Also write a trace for Perfetto."),
        ]
    )

    enum Format: String { case text, json, csv }

    let paths: [String]
    let settings: LintSettings
    let format: Format
    let output: String?
    let trace: String?
    let platform: SimulationPlatform
    let whatIf: WhatIf
    let compare: String?
    let compareWhatIf: Bool
    let explore: Int?
    let seed: UInt64
    let timeline: String?
    let arrows: Bool
    let link: String?

    init(_ arguments: ParsedArguments) throws {
        func usage(_ message: String) -> CommandError { .usage(message, command: "simulate") }
        paths = arguments.positionals
        settings = LintSettings(arguments)
        let formatName = arguments.value("format") ?? "text"
        guard let format = Format(rawValue: formatName) else { throw usage("unknown format '\(formatName)'; valid: text, json, csv") }
        self.format = format
        output = arguments.value("output")
        trace = arguments.value("trace")
        let platformName = arguments.value("platform") ?? "apple"
        guard let platform = SimulationPlatform(rawValue: platformName) else {
            throw usage("unknown platform '\(platformName)'; valid: apple, linux")
        }
        self.platform = platform
        var whatIf = WhatIf()
        for setting in arguments.values("width") {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let width = Int(parts[1]), width >= -1 else {
                throw usage("--width expects QUEUE=N with N ≥ -1, got '\(setting)'")
            }
            whatIf.widths[parts[0]] = width
        }
        whatIf.defaultWidth = try arguments.integer("default-width", in: 0...Int.max)
        whatIf.threads = try arguments.integer("threads", in: 1...Int.max)
        whatIf.cpus = try arguments.integer("cpus", in: 1...Int.max)
        whatIf.cores = try arguments.integer("cores", in: 1...Int.max)
        for setting in arguments.values("duration") {
            guard let equals = setting.lastIndex(of: "="), let seconds = Double(setting[setting.index(after: equals)...]),
                  seconds.isFinite, seconds >= 0, equals != setting.startIndex else {
                throw usage("--duration expects OP=SECONDS with SECONDS ≥ 0, got '\(setting)'")
            }
            whatIf.durations[String(setting[..<equals])] = seconds
        }
        for setting in arguments.values("cancel") {
            guard let at = setting.lastIndex(of: "@"), let time = Double(setting[setting.index(after: at)...]),
                  time.isFinite, time >= 0, at != setting.startIndex else {
                throw usage("--cancel expects OP@TIME with TIME ≥ 0, got '\(setting)'")
            }
            whatIf.cancels.append((String(setting[..<at]), time))
        }
        self.whatIf = whatIf
        compare = arguments.value("compare")
        compareWhatIf = arguments.flag("compare-what-if")
        explore = try arguments.integer("explore", in: 1...10_000_000)
        let seedText = arguments.value("seed") ?? "1"
        guard let seed = UInt64(seedText) else { throw usage("--seed expects an integer from 0 to \(UInt64.max), got '\(seedText)'") }
        self.seed = seed
        timeline = arguments.value("timeline")
        arrows = arguments.flag("arrows")
        link = arguments.value("link")
        if compare != nil && compareWhatIf { throw usage("use either --compare FILE or --compare-what-if, not both") }
        if explore != nil && (compare != nil || compareWhatIf) { throw usage("--explore cannot be combined with --compare") }
        if format == .csv && (compare != nil || compareWhatIf || explore != nil) {
            throw usage("--format csv prints a schedule; use text or json with --compare and --explore")
        }
        if compareWhatIf && whatIf.isEmpty { throw usage("--compare-what-if needs at least one what-if option (--width, --duration, …)") }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        var graph = try SourceInput.load(paths, context: context)
        Self.applyDefaults(try settings.configuration(context).simulation, to: &graph)
        let options = SimulationOptions(platform: platform, whatIf: whatIf)
        let simulator = try simulator(graph, options)
        var bytes: [UInt8] = []
        /// The schedule's rendering, streamed in chunks; nil for the other outputs, which are small.
        var rendering: ((_ write: ([UInt8]) throws -> Void) throws -> Void)?
        var exit = ExitCode.success
        if let explore {
            let exploration = simulator.explore(runs: explore, seed: seed)
            bytes = Array((format == .json ? exploration.json().serialized() : exploration.text()).utf8)
            if !exploration.deadlocks.isEmpty { exit = .findings }
        } else {
            let schedule = simulator.run()
            if schedule.stuck != nil { exit = .findings }
            if let timeline {
                try TimelineOutput.write(schedule, graph: graph, to: timeline, arrows: arrows, link: link, inputs: paths, context: context)
            }
            if let trace {
                try OutputFile.write(schedule.traceEvents(model: simulator.model).serialized(pretty: false), to: trace, inputs: paths)
            }
            if compare != nil || compareWhatIf {
                let baseline: Schedule
                let other: Schedule
                if let compare {
                    baseline = schedule
                    other = try self.simulator(try SourceInput.load([compare], context: context), options).run()
                } else {
                    baseline = try self.simulator(graph, SimulationOptions(platform: platform)).run()
                    other = schedule
                }
                let comparison = ScheduleComparison(baseline, other)
                bytes = Array((format == .json ? comparison.json().serialized() : comparison.text()).utf8)
            } else {
                switch format {
                case .text: rendering = { write in try schedule.text(chunkSize: OutputFile.chunk, to: write) }
                case .json: rendering = { write in try schedule.json(chunkSize: OutputFile.chunk, to: write) }
                case .csv: rendering = { write in try schedule.csv(chunkSize: OutputFile.chunk, to: write) }
                }
            }
        }
        let produce = rendering ?? { [bytes] write in try write(bytes) }
        if let output {
            try OutputFile.write(to: output, inputs: paths, produce)
        } else {
            try produce { context.standardOutput.write(bytes: $0) }
        }
        return exit
    }

    /// The configuration's simulation settings are defaults: the graph file's own
    /// `simulation` object wins over them (and the what-if options win over both).
    static func applyDefaults(_ defaults: OperationGraph.SimulationSettings, to graph: inout OperationGraph) {
        graph.simulation.defaultWidth = graph.simulation.defaultWidth ?? defaults.defaultWidth
        graph.simulation.threads = graph.simulation.threads ?? defaults.threads
        graph.simulation.cores = graph.simulation.cores ?? defaults.cores
        graph.simulation.cpus = graph.simulation.cpus ?? defaults.cpus
    }

    /// The simulator for a graph, with the simulator's refusal as an input error (exit 2).
    func simulator(_ graph: OperationGraph, _ options: SimulationOptions) throws -> Simulator {
        do {
            return try Simulator(graph, options: options)
        } catch let error as SimulationError {
            let file = graph.documents.first?.path ?? "<graph>"
            throw CommandError.input("\(file): error: \(error.message)")
        }
    }
}
