import OpLintCore

/// `oplint [lint] PATH…`: load graphs, run the rules, report findings, exit 0/1/2.
struct LintCommand: Command {
    static let name = "lint"
    static let configuration = CommandConfiguration(
        name: name,
        abstract: "Lint operation graphs: cycles, operations that never start, deadlocks, misuse.",
        discussion: """
          Reads format-v1 JSON graphs ('-' reads standard input). Several paths merge into one graph.
          Exit status: 0 no finding at or above --fail-on, 1 at least one, 2 invalid input or usage, 3 internal error.
        """,
        arguments: [Argument("path", help: "A .json graph, '-' for standard input, or Swift/Objective-C sources (files or directories).", minimum: 1, maximum: nil)],
        options: [
            Option("format", kind: .repeated(name: "name[:file]"),
                   help: "Output format, optionally written to a file; repeatable.",
                   defaultValue: "text", choices: ReporterRegistry.names),
            Option("output", short: "o", kind: .value(name: "file"),
                   help: "Write the report to this file (atomically) instead of standard output.", completesFiles: true),
            Option("fail-on", kind: .value(name: "severity"),
                   help: "The lowest severity that makes the exit status 1.", defaultValue: "error",
                   choices: Severity.allCases.map(\.rawValue)),
            Option("strict", help: "Fail on warnings too (same as --fail-on warning)."),
            Option("exit-zero", help: "Exit 0 even when there are findings (invalid input still exits 2)."),
            Option("rule", kind: .repeated(name: "rule=severity"),
                   help: "Set a rule's severity (error, warning, note) or turn it off; repeatable."),
            Option("config", kind: .value(name: "file"),
                   help: "Read settings from this file instead of the nearest .oplint.json.", completesFiles: true),
            Option("baseline", kind: .value(name: "file"),
                   help: "Hide the findings recorded in this baseline; report only new ones.", completesFiles: true),
            Option("write-baseline", kind: .value(name: "file"),
                   help: "Record the current findings in this baseline file, then report as if it were given.", completesFiles: true),
            Option("unfollowed",
                   help: "With source code: list the API calls the scanner could not follow, with the reason (OPL306 notes)."),
            Option("timing",
                   help: "Print how long reading, each rule and each report took to standard error."),
            Option("redundant-limit", kind: .value(name: "n"),
                   help: "Check redundant dependencies (OPL107) on graphs of at most n operations; 0 = any size.",
                   defaultValue: String(AnalysisOptions().redundantDependencyLimit)),
        ],
        examples: [
            ("oplint graph.json", "Lint one graph; the summary line comes last."),
            ("oplint lint Sources/ --unfollowed", "Lint Swift and Objective-C code; list the API calls the scanner could not follow."),
            ("oplint lint a.json b.json --format json", "Merge two graphs and print findings as JSON."),
            ("oplint graph.json --format text --format json:findings.json", "Print text and also write JSON to a file."),
            ("oplint graph.json --rule OPL107=off --strict", "Turn a rule off; fail on warnings."),
            ("oplint graph.json --format sarif:oplint.sarif --format github", "Annotate a GitHub pull request and write SARIF for code scanning."),
            ("oplint graph.json --write-baseline .oplint-baseline.json", "Record today's findings; later runs with --baseline report only new ones."),
        ]
    )

    let paths: [String]
    let outputs: [(reporter: any FindingReporter, file: String?)]
    let failOn: Severity?
    let severities: [String: Severity?]
    let options: AnalysisOptions
    let settings: LintSettings
    let timing: Bool

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        var outputs: [(any FindingReporter, String?)] = []
        let formats = arguments.values("format").isEmpty ? ["text"] : arguments.values("format")
        for format in formats {
            let parts = format.split(separator: ":", maxSplits: 1).map(String.init)
            guard let reporter = ReporterRegistry.reporter(named: parts[0]) else {
                throw CommandError.usage("unknown format '\(parts[0])'; valid: \(ReporterRegistry.names.joined(separator: ", "))", command: "lint")
            }
            let file = parts.count > 1 ? parts[1] : arguments.value("output")
            if parts.count > 1, parts[1].isEmpty {
                throw CommandError.usage("--format \(parts[0]): needs a file name after ':'", command: "lint")
            }
            outputs.append((reporter, file))
        }
        let stdoutCount = outputs.filter { $0.1 == nil }.count
        if stdoutCount > 1 {
            throw CommandError.usage("only one --format can write to standard output; give the others a file (json:out.json)", command: "lint")
        }
        try LintSettings.checkDestinations(outputs.compactMap { $0.1 })
        self.outputs = outputs

        if arguments.flag("exit-zero") {
            failOn = nil
        } else if arguments.flag("strict") {
            failOn = .warning
        } else {
            failOn = Severity(rawValue: arguments.value("fail-on") ?? "error")
        }

        var severities = try RuleSettings.severities(arguments.values("rule"), command: "lint")
        let unfollowed = UnresolvedReferenceRule.description.id.code
        if arguments.flag("unfollowed"), severities[unfollowed] == nil { severities[unfollowed] = .some(.note) }
        self.severities = severities

        var options = AnalysisOptions()
        if let limit = try arguments.integer("redundant-limit", in: 0...Int.max) {
            options.redundantDependencyLimit = limit == 0 ? Int.max : limit
        }
        self.options = options
        settings = LintSettings(arguments)
        timing = arguments.flag("timing")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let times = timing ? PhaseTimes() : nil
        defer { if let times { context.standardError.write(times.table()) } }
        let configuration = try settings.configuration(context)
        let graph = try SourceInput.load(paths, context: context, excludes: configuration.exclude, times: times)
        var linter = Linter(severities: configuration.rules.merging(severities) { _, commandLine in commandLine }, options: options)
        linter.times = times
        let analysis = measure(times, "index names and edges") { GraphAnalysis(graph, options: options) }
        var result = linter.lint(analysis)
        context.keepUntilExit(analysis)
        var reportContext = ReportContext(color: context.colorOutput, inputFiles: graph.documents.map(\.path), baseDirectory: context.currentDirectory)
        try settings.applyBaseline(to: &result, reportContext: &reportContext, configuration: configuration, inputs: paths, context: context)
        try settings.appendStepSummary(result, reportContext: reportContext, reporters: outputs.map(\.reporter), context: context)
        try writeReports(result, reportContext: reportContext, context: context, times: times)
        context.keepUntilExit(result)
        guard let failOn else { return .success }
        return result.hasFindings(atLeast: failOn) ? .findings : .success
    }
}

extension LintCommand {
    /// Reports with at least this many findings are written side by side when several
    /// formats are asked for.
    static let parallelReportThreshold = 1_000

    /// Writes every report asked for. Several at once run on the machine's cores: each goes
    /// to its own file (or the one to standard output), so none waits for another, and each
    /// is byte for byte what it would be alone. A failure is reported for the first output,
    /// in command-line order, that failed; the others are still written.
    func writeReports(_ result: LintResult, reportContext: ReportContext, context: CommandContext, times: PhaseTimes?) throws {
        var failures = [(any Error)?](repeating: nil, count: outputs.count)
        var durations = [Duration](repeating: .zero, count: outputs.count)
        let threads = result.findings.count >= Self.parallelReportThreshold ? Parallel.cores : 1
        // The cores the reports do not use write long runs of one report's findings.
        let findingThreads = max(1, threads / outputs.count)
        // The longest reports first: the last one to start is a short one.
        let order = outputs.indices.sorted { a, b in
            let (x, y) = (type(of: outputs[a].reporter).relativeCost, type(of: outputs[b].reporter).relativeCost)
            return x != y ? x > y : a < b
        }
        failures.withUnsafeMutableBufferPointer { failures in
        durations.withUnsafeMutableBufferPointer { durations in
            let clock = ContinuousClock()
            Parallel.forEach(order.count, threads: threads) { position in
                let k = order[position]
                let start = clock.now
                do {
                    try writeReport(outputs[k], result, reportContext: reportContext, threads: findingThreads, context: context)
                } catch {
                    failures[k] = error
                }
                durations[k] = clock.now - start
            }
        }}
        if let times {
            for (k, output) in outputs.enumerated() { times.record("report \(type(of: output.reporter).name)", durations[k]) }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }

    private func writeReport(
        _ output: (reporter: any FindingReporter, file: String?), _ result: LintResult, reportContext: ReportContext,
        threads: Int, context: CommandContext
    ) throws {
        var reportContext = reportContext
        if output.file != nil { reportContext.color = false }
        // The report is streamed in large chunks as it is written: never one string in memory.
        let produce = { (write: (UnsafeBufferPointer<UInt8>) throws -> Void) in
            try output.reporter.stream(result, context: reportContext, chunkSize: OutputFile.chunk, threads: threads, to: write)
        }
        if let file = output.file {
            try OutputFile.stream(to: file, inputs: paths, produce)
        } else {
            try produce { context.standardOutput.write(buffer: $0) }
        }
    }
}

/// Runs `body`, recording its time in `times` when timing was asked for.
func measure<T>(_ times: PhaseTimes?, _ phase: String, _ body: () throws -> T) rethrows -> T {
    guard let times else { return try body() }
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    times.record(phase, clock.now - start)
    return result
}
