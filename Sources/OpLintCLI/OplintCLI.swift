#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OpLintCore

/// The `oplint` command line: finds the command, parses its arguments, runs it, and turns
/// every error into a message and an exit code (never a crash trace).
public enum OplintCLI {
    /// The version printed by `oplint --version` and written into JSON and SARIF output.
    public static let version = OpLintVersion.current

    /// Every command, in the order `oplint help` lists them. The first is the default.
    static let commands: [any Command.Type] = [
        LintCommand.self,
        SimulateCommand.self,
        RenderCommand.self,
        ReportCommand.self,
        ExtractCommand.self,
        DiffCommand.self,
        RulesCommand.self,
        ExplainCommand.self,
        HelpCommand.self,
        CompletionCommand.self,
    ]

    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// Runs `oplint` with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        var arguments = arguments
        if arguments.first == "--version" || arguments.first == "-V" {
            context.standardOutput.line(version)
            return .success
        }
        if arguments.isEmpty || arguments.first == "--help" || arguments.first == "-h" {
            context.standardOutput.write(HelpCommand.overview())
            return arguments.isEmpty ? .invalidInput : .success
        }
        var commandType: any Command.Type = LintCommand.self
        if let first = arguments.first, let named = command(named: first) {
            commandType = named
            arguments.removeFirst()
        } else if let first = arguments.first, !looksLikePath(first) {
            let names = commands.map { $0.name }
            let hint = Suggestion.closest(to: first, among: names).map { " (did you mean '\($0)'?)" } ?? ""
            context.standardError.line("oplint: error: unknown command '\(first)'\(hint)")
            context.standardError.line("Run 'oplint help' for the list of commands.")
            return .invalidInput
        }
        let configuration = commandType.configuration
        do {
            let parsed = try ArgumentParser.parse(arguments, for: configuration)
            if parsed.flag("help") {
                context.standardOutput.write(HelpFormatter.help(for: configuration))
                return .success
            }
            let command = try commandType.init(parsed)
            return try command.run(context)
        } catch let error as CommandError {
            report(error, context: context)
            return .invalidInput
        } catch {
            context.standardError.line("oplint: internal error: \(error)")
            context.standardError.line("This is a bug in oplint \(version); please report it with the input that caused it.")
            return .internalError
        }
    }

    /// The environment variables oplint reads: `NO_COLOR` and `TERM` (colour), and
    /// `GITHUB_STEP_SUMMARY` (the job summary `lint` appends to on GitHub Actions).
    static let environmentVariables = ["NO_COLOR", "TERM", "GITHUB_STEP_SUMMARY"]

    /// The context of the real process: its streams, terminal and environment.
    public static func processContext() -> CommandContext {
        // Each variable read by name: Foundation's `environment` makes a dictionary of every
        // variable of the process, a tenth of a small run's start.
        var environment: [String: String] = [:]
        for name in environmentVariables {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        var context = CommandContext(
            standardOutput: .standardOutput,
            standardError: .standardError,
            colorOutput: isatty(1) == 1 && !noColor && environment["TERM"] != "dumb",
            showsProgress: isatty(2) == 1,
            environment: environment,
            currentDirectory: FileManager.default.currentDirectoryPath
        )
        context.endsWithProcess = true
        return context
    }

    private static func report(_ error: CommandError, context: CommandContext) {
        switch error {
        case .usage(let message, let command):
            context.standardError.line("oplint: error: \(message)")
            if let command, let type = self.command(named: command) {
                context.standardError.line("Usage: \(HelpFormatter.usage(for: type.configuration))")
                context.standardError.line("See 'oplint \(command) --help'.")
            }
        case .input(let message), .output(let message):
            context.standardError.line(message)
        }
    }

    /// Whether a first argument is a path for the default command rather than a command name.
    private static func looksLikePath(_ argument: String) -> Bool {
        argument.hasPrefix("-") || argument.contains("/") || argument.contains(".")
            || FileManager.default.fileExists(atPath: argument)
    }
}
