import OpLintCore
import OpLintSource

/// `oplint extract PATH…`: the operation graph found in Swift and Objective-C source, as format-v1 JSON.
struct ExtractCommand: Command {
    static let name = "extract"
    static let configuration = CommandConfiguration(
        name: name,
        abstract: "Extract the operation graph from Swift and Objective-C source as format-v1 JSON.",
        discussion: """
          Walks .swift, .m, .mm and .h files under each path (skipping .build, Pods, Carthage, DerivedData, .git),
          reads '// oplint:' annotations and the Operation/OperationQueue API calls, and writes one graph.
          Files that cannot be read are reported on standard error; the rest is still scanned.
          Paths that hold no source file at all are an error (exit 2).
        """,
        arguments: [Argument("path", help: "A source file or a directory.", minimum: 1, maximum: nil)],
        options: [
            Option("output", short: "o", kind: .value(name: "file"),
                   help: "Write the graph to this file (atomically) instead of standard output.", completesFiles: true),
            Option("exclude", kind: .repeated(name: "glob"),
                   help: "Skip paths matching this glob pattern (fnmatch, against the path and the file name); repeatable."),
            Option("timing",
                   help: "Print how long finding, reading and scanning the files, building and writing the graph took to standard error."),
        ],
        examples: [
            ("oplint extract Sources/", "Print the graph of every source file under Sources/."),
            ("oplint extract App/ -o graph.json --exclude 'App/Generated/*'", "Write it to a file, skipping generated code."),
        ]
    )

    let paths: [String]
    let output: String?
    let excludes: [String]
    let timing: Bool

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        output = arguments.value("output")
        excludes = arguments.values("exclude")
        timing = arguments.flag("timing")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let times = timing ? PhaseTimes() : nil
        defer { if let times { context.standardError.write(times.table()) } }
        // The process ends with the command: the extraction's working memory is not freed piece by piece.
        let keep: (@Sendable (any Sendable) -> Void)? = context.endsWithProcess ? { @Sendable (value: any Sendable) in context.keepUntilExit(value) } : nil
        // The graph is written, not linted: the facts only the rules read are left out.
        let (graph, warnings) = SourceExtractor.extract(paths: paths, excludes: excludes, times: times, keep: keep, sourceFacts: false)
        context.keepUntilExit(graph)
        for warning in warnings { context.standardError.line("oplint: warning: \(warning)") }
        try SourceInput.requireFiles(graph, under: paths)
        try measure(times, "write the graph") {
            try GraphWriter().withBytes(graph, inParallel: true) { bytes in
                if let output {
                    try OutputFile.stream(to: output, inputs: paths) { write in try write(bytes) }
                } else {
                    context.standardOutput.write(buffer: bytes)
                }
            }
        }
        return .success
    }
}
