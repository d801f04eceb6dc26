import OpLintCore

/// `oplint help [COMMAND]`, and `oplint help --man`: the manual page from the same declarations.
struct HelpCommand: Command {
    static let name = "help"
    static let configuration = CommandConfiguration(
        name: name,
        abstract: "Show the list of commands, or one command's help.",
        arguments: [Argument("command", help: "The command to describe.", minimum: 0, maximum: 1)],
        options: [Option("man", help: "Print the manual page oplint(1), every command and option, in roff (man) format.")],
        examples: [("oplint help --man > oplint.1 && man ./oplint.1", "Read the manual page before it is installed.")]
    )

    /// What oplint does, in one line.
    static let abstract = "Lint, simulate and draw Foundation OperationQueue graphs."
    /// The usage line of `oplint` itself.
    static let usage = "oplint [<command>] <path> ... [<options>]"
    /// The options `oplint` takes before any command.
    static let globalOptions = [
        Option("version", help: "Print the version."),
        Option("help", short: "h", help: "Show this help."),
    ]

    let topic: String?
    let manual: Bool

    init(_ arguments: ParsedArguments) throws {
        topic = arguments.positionals.first
        manual = arguments.flag("man")
        if manual, topic != nil {
            throw CommandError.usage("--man prints the whole manual page; it takes no command", command: "help")
        }
        if let topic, OplintCLI.command(named: topic) == nil {
            let names = OplintCLI.commands.map { $0.configuration.name }
            let hint = Suggestion.closest(to: topic, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandError.usage("unknown command '\(topic)'\(hint)", command: nil)
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        if manual {
            context.standardOutput.write(Self.manualPage())
        } else if let topic, let command = OplintCLI.command(named: topic) {
            context.standardOutput.write(HelpFormatter.help(for: command.configuration))
        } else {
            context.standardOutput.write(Self.overview())
        }
        return .success
    }

    /// `oplint help` and `oplint --help`.
    static func overview() -> String {
        var lines = [
            "OVERVIEW: \(abstract)",
            "",
            "USAGE: \(usage)",
            "",
            "  With no command, 'lint' runs: 'oplint graph.json' is 'oplint lint graph.json'.",
            "",
            "COMMANDS:",
        ]
        for command in OplintCLI.commands {
            let isDefault = ObjectIdentifier(command) == ObjectIdentifier(LintCommand.self)
            let name = command.configuration.name + (isDefault ? " (default)" : "")
            lines.append(HelpFormatter.row(name, command.configuration.abstract))
        }
        lines += [
            "",
            "OPTIONS:",
        ]
        lines += globalOptions.map { HelpFormatter.row(HelpFormatter.signature(of: $0), $0.help) }
        lines += [
            "",
            "  See 'oplint help <command>' for a command's options.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `oplint help --man`: oplint(1) in roff.
    static func manualPage() -> String {
        ManualPage.roff(
            commands: OplintCLI.commands.map { $0.configuration },
            defaultCommand: LintCommand.configuration.name,
            version: OplintCLI.version
        )
    }
}
