import OpLintCore

/// `oplint explain RULE`: one rule's documentation.
struct ExplainCommand: Command {
    static let name = "explain"
    static let configuration = CommandConfiguration(
        name: name,
        abstract: "Print one rule's documentation: what it finds, why it matters, a failing and a fixed example.",
        arguments: [Argument("rule", help: "A rule code (OPL101) or name (dependency-cycle).")],
        examples: [
            ("oplint explain OPL101", "Explain the dependency-cycle rule."),
            ("oplint explain never-started", "Rules can be named by code or name."),
        ]
    )

    let rule: any Rule.Type

    init(_ arguments: ParsedArguments) throws {
        let key = arguments.positionals[0]
        guard let rule = RuleRegistry.rule(named: key) else {
            let candidates = RuleRegistry.all.flatMap { [$0.description.id.code, $0.description.id.name] }
            let hint = Suggestion.closest(to: key, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandError.usage("unknown rule '\(key)'\(hint); 'oplint rules' lists them", command: nil)
        }
        self.rule = rule
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        context.standardOutput.write(RuleDocumentation.text(for: rule.description))
        return .success
    }
}
