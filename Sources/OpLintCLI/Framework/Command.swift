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

/// What a command says about itself: its name, one-line abstract, longer discussion and examples.
public struct CommandConfiguration: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String
    /// Example invocations with what each does.
    public var examples: [(command: String, explanation: String)]
    public var arguments: [Argument]
    public var options: [Option]

    public init(
        name: String,
        abstract: String,
        discussion: String = "",
        arguments: [Argument] = [],
        options: [Option] = [],
        examples: [(command: String, explanation: String)] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options + [Option.help]
        self.examples = examples
    }
}

/// A positional argument.
public struct Argument: Sendable {
    public var name: String
    public var help: String
    /// How many values: at least `minimum`, at most `maximum` (nil = unbounded).
    public var minimum: Int
    public var maximum: Int?

    public init(_ name: String, help: String, minimum: Int = 1, maximum: Int? = 1) {
        self.name = name
        self.help = help
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// A named option: a flag (`--strict`) or an option with a value (`--format json`).
public struct Option: Sendable {
    public enum Kind: Sendable, Equatable {
        /// Present or absent.
        case flag
        /// Takes one value; the last occurrence wins.
        case value(name: String)
        /// Takes one value each time; all occurrences are kept in order.
        case repeated(name: String)
    }

    /// The long name without dashes: `format` for `--format`.
    public var name: String
    /// A one-letter short name: `o` for `-o`.
    public var short: Character?
    public var kind: Kind
    public var help: String
    /// The default shown in help, if any.
    public var defaultValue: String?
    /// The values it accepts, for help, validation and shell completion; empty = free text.
    public var choices: [String]
    /// Completes with file names in shell completion.
    public var completesFiles: Bool

    public init(
        _ name: String,
        short: Character? = nil,
        kind: Kind = .flag,
        help: String,
        defaultValue: String? = nil,
        choices: [String] = [],
        completesFiles: Bool = false
    ) {
        self.name = name
        self.short = short
        self.kind = kind
        self.help = help
        self.defaultValue = defaultValue
        self.choices = choices
        self.completesFiles = completesFiles
    }

    static let help = Option("help", short: "h", help: "Show help for this command.")
}

/// Where a command writes and what it knows of its terminal.
public struct CommandContext: Sendable {
    public var standardOutput: OutputChannel
    public var standardError: OutputChannel
    /// Standard output is a terminal and `NO_COLOR` is not set.
    public var colorOutput: Bool
    /// Standard error is a terminal: long work may show progress there.
    public var showsProgress: Bool
    /// The environment variables oplint reads (`OplintCLI.environmentVariables`) that are set.
    public var environment: [String: String]
    public var currentDirectory: String
    /// The process exits as soon as the command returns (the `oplint` executable, not a test
    /// running commands in-process): large values need not be freed one by one.
    public var endsWithProcess = false

    public init(
        standardOutput: OutputChannel,
        standardError: OutputChannel,
        colorOutput: Bool,
        showsProgress: Bool,
        environment: [String: String],
        currentDirectory: String
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.colorOutput = colorOutput
        self.showsProgress = showsProgress
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// Keeps `value` alive until the process exits when it ends with the command, so that a
    /// graph of a million operations is not torn down object by object just before `exit`.
    public func keepUntilExit(_ value: some Any) {
        guard endsWithProcess else { return }
        ProcessLifetime.kept.withLock { $0.append(value) }
    }
}

/// Values kept until the process exits (`CommandContext.keepUntilExit`).
enum ProcessLifetime {
    static let kept = KeptValues()
}

/// A locked list of values that are never released.
final class KeptValues: @unchecked Sendable {
    private var values: [Any] = []
    private let lock = Lock()

    func withLock(_ body: (inout [Any]) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&values)
    }
}

/// A subcommand of `oplint`: declared options, validated parsing, then `run`.
public protocol Command: SendableMetatype {
    /// The word that selects the command (`configuration.name`), known without building the
    /// configuration: finding the command of a run builds only that command's.
    static var name: String { get }
    static var configuration: CommandConfiguration { get }
    /// Builds the command from parsed arguments; throws `CommandError.usage` for invalid values.
    init(_ arguments: ParsedArguments) throws
    /// Does the work and returns the exit code.
    func run(_ context: CommandContext) throws -> ExitCode
}

/// The process exit codes of cli.md.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// No finding at or above the `--fail-on` level.
    case success = 0
    /// At least one finding at or above the `--fail-on` level.
    case findings = 1
    /// Usage error, unreadable or invalid input, output that could not be written.
    case invalidInput = 2
    /// A bug in oplint.
    case internalError = 3

    /// What the code means, for the manual page.
    public var meaning: String {
        switch self {
        case .success: "No finding at or above the --fail-on level (or --exit-zero); for simulate, every operation finishes."
        case .findings: "At least one finding at or above the --fail-on level; for simulate, the graph gets stuck."
        case .invalidInput: "A usage error, unreadable or invalid input, or output that could not be written: one line on standard error, file:line:column: error: ... where there is a position."
        case .internalError: "An internal error: a bug in oplint; the message asks for a report."
        }
    }
}

/// An error a command reports as one line and exit code 2.
public enum CommandError: Error, CustomStringConvertible {
    /// Wrong arguments: the message, and the command whose usage to show.
    case usage(String, command: String?)
    /// Input that cannot be read or is invalid; the message is complete (`file:line:col: error: …`).
    case input(String)
    /// Output that cannot be written.
    case output(String)

    public var description: String {
        switch self {
        case .usage(let message, _): message
        case .input(let message): message
        case .output(let message): message
        }
    }
}
