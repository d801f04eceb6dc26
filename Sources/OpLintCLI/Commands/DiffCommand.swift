import OpLintCore

/// `oplint diff OLD NEW`: what a change did to a graph — new and fixed findings, added and removed dependencies.
struct DiffCommand: Command {
    static let formats = ["text", "markdown", "json"]

    static let name = "diff"

    static let configuration = CommandConfiguration(
        name: name,
        abstract: "Compare two graphs: new and fixed findings, dependencies and operations added or removed.",
        discussion: """
          Findings are matched by rule and a location-independent fingerprint, so moved lines are not changes.
          Exit status: 1 when a new finding is at or above --fail-on, 0 otherwise, 2 for invalid input or usage.
        """,
        arguments: [
            Argument("old", help: "The graph before the change (a .json graph or '-')."),
            Argument("new", help: "The graph after the change."),
        ],
        options: [
            Option("format", kind: .value(name: "name"), help: "Output format.", defaultValue: "text", choices: formats),
            Option("output", short: "o", kind: .value(name: "file"),
                   help: "Write the diff to this file (atomically) instead of standard output.", completesFiles: true),
            Option("fail-on", kind: .value(name: "severity"),
                   help: "The lowest severity of a new finding that makes the exit status 1.", defaultValue: "error",
                   choices: Severity.allCases.map(\.rawValue)),
            Option("exit-zero", help: "Exit 0 even when there are new findings."),
            Option("config", kind: .value(name: "file"),
                   help: "Read rule settings from this file instead of the nearest .oplint.json.", completesFiles: true),
        ],
        examples: [
            ("oplint diff main.json branch.json", "What the branch changes."),
            ("oplint diff old.json new.json --format markdown -o comment.md", "A pull-request comment."),
        ]
    )

    let old: String
    let new: String
    let format: String
    let output: String?
    let failOn: Severity?
    let settings: LintSettings

    init(_ arguments: ParsedArguments) throws {
        old = arguments.positionals[0]
        new = arguments.positionals[1]
        if old == "-", new == "-" {
            throw CommandError.usage("only one of OLD and NEW can be read from standard input", command: "diff")
        }
        format = arguments.value("format") ?? "text"
        output = arguments.value("output")
        failOn = arguments.flag("exit-zero") ? nil : Severity(rawValue: arguments.value("fail-on") ?? "error")
        settings = LintSettings(arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let configuration = try settings.configuration(context)
        let linter = Linter(severities: configuration.rules)
        let oldGraph = try SourceInput.load([old], context: context, excludes: configuration.exclude)
        let newGraph = try SourceInput.load([new], context: context, excludes: configuration.exclude)
        let diff = GraphDiff(old: oldGraph, new: newGraph, oldResult: linter.lint(oldGraph), newResult: linter.lint(newGraph))
        let text: String
        switch format {
        case "markdown": text = diff.markdown()
        case "json": text = diff.json(toolVersion: OplintCLI.version)
        default: text = diff.text()
        }
        if let output {
            try OutputFile.write(text, to: output, inputs: [old, new])
        } else {
            context.standardOutput.write(text)
        }
        guard let failOn else { return .success }
        return diff.newFindings.contains { $0.severity >= failOn } ? .findings : .success
    }
}
