import OpLintCore

/// `oplint rules`: the rule catalogue.
struct RulesCommand: Command {
    static let name = "rules"
    static let configuration = CommandConfiguration(
        name: name,
        abstract: "List every rule with its code, name, default severity and summary.",
        options: [
            Option("markdown", help: "Print the full documentation of every rule as Markdown (docs/rules.md)."),
        ],
        examples: [
            ("oplint rules", "One line per rule."),
            ("oplint rules --markdown > docs/rules.md", "Regenerate the rules reference."),
        ]
    )

    let markdown: Bool

    init(_ arguments: ParsedArguments) throws {
        markdown = arguments.flag("markdown")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let descriptions = RuleRegistry.all.map { $0.description }
        context.standardOutput.write(markdown ? RuleDocumentation.markdown(descriptions) : RuleDocumentation.list(descriptions))
        return .success
    }
}
