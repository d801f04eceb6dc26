import OpLintCore

/// `oplint completion bash|zsh|fish`: a shell completion script generated from the command declarations.
struct CompletionCommand: Command {
    static let shells = ["bash", "zsh", "fish"]

    static let name = "completion"

    static let configuration = CommandConfiguration(
        name: name,
        abstract: "Print a shell completion script for bash, zsh or fish.",
        arguments: [Argument("shell", help: "bash, zsh or fish.")],
        examples: [
            ("oplint completion bash > /etc/bash_completion.d/oplint", "Install bash completion."),
            ("oplint completion zsh > \"${fpath[1]}/_oplint\"", "Install zsh completion."),
            ("oplint completion fish > ~/.config/fish/completions/oplint.fish", "Install fish completion."),
        ]
    )

    let shell: String

    init(_ arguments: ParsedArguments) throws {
        shell = arguments.positionals[0]
        guard Self.shells.contains(shell) else {
            let hint = Suggestion.closest(to: shell, among: Self.shells).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandError.usage("unknown shell '\(shell)'\(hint); expected bash, zsh or fish", command: "completion")
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let model = CompletionModel(commands: OplintCLI.commands.map { $0.configuration })
        switch shell {
        case "bash": context.standardOutput.write(model.bash())
        case "zsh": context.standardOutput.write(model.zsh())
        default: context.standardOutput.write(model.fish())
        }
        return .success
    }
}

/// The facts every completion script is generated from: commands, their options and the
/// words their arguments accept.
struct CompletionModel {
    let commands: [CommandConfiguration]

    /// The first command runs when none is named (`oplint graph.json`).
    var defaultCommand: CommandConfiguration? { commands.first }

    /// Words a command's positional arguments complete to; nil = file names.
    func positionalWords(_ command: CommandConfiguration) -> [String]? {
        switch command.name {
        case "explain": RuleRegistry.all.flatMap { [$0.description.id.code, $0.description.id.name] }
        case "help": commands.map(\.name)
        case "completion": CompletionCommand.shells
        case "rules": []
        default: nil
        }
    }

    /// `--name` and, if it has one, `-x`.
    static func spellings(_ option: Option) -> [String] {
        ["--" + option.name] + (option.short.map { ["-" + String($0)] } ?? [])
    }

    /// A word as a single-quoted shell string.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingCharacters("'", with: "'\\''") + "'"
    }
}
