import OpLintCore

/// `oplint help [COMMAND]`.
struct HelpCommand: Command {
    static let configuration = CommandConfiguration(
        name: "help",
        abstract: "Show the list of commands, or one command's help.",
        arguments: [Argument("command", help: "The command to describe.", minimum: 0, maximum: 1)]
    )

    let topic: String?

    init(_ arguments: ParsedArguments) throws {
        topic = arguments.positionals.first
        if let topic, OplintCLI.command(named: topic) == nil {
            let names = OplintCLI.commands.map { $0.configuration.name }
            let hint = Suggestion.closest(to: topic, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandError.usage("unknown command '\(topic)'\(hint)", command: nil)
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        if let topic, let command = OplintCLI.command(named: topic) {
            context.standardOutput.write(HelpFormatter.help(for: command.configuration))
        } else {
            context.standardOutput.write(Self.overview())
        }
        return .success
    }

    /// `oplint help` and `oplint --help`.
    static func overview() -> String {
        var lines = [
            "OVERVIEW: Lint, simulate and draw Foundation OperationQueue graphs.",
            "",
            "USAGE: oplint [<command>] <path> ... [<options>]",
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
            HelpFormatter.row("--version", "Print the version."),
            HelpFormatter.row("-h, --help", "Show this help."),
            "",
            "  See 'oplint help <command>' for a command's options.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
