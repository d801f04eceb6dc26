import Foundation

/// The documentation of the rules, generated from their descriptions: `oplint explain`,
/// `oplint rules` and `docs/rules.md` all come from here.
public enum RuleDocumentation {
    /// One rule as plain text, for `oplint explain`.
    public static func text(for description: RuleDescription) -> String {
        var out = "\(description.id.code) \(description.id.name) (default severity: \(description.defaultSeverityText))\n"
        out += description.summary + "\n"
        func section(_ title: String, _ body: String) {
            out += "\n\(title)\n"
            for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
                out += line.isEmpty ? "\n" : "  \(line)\n"
            }
        }
        section("What it finds", description.details)
        section("Why it matters", description.rationale)
        section("Failing example (\(description.failingExample.language.rawValue))", description.failingExample.cleanText)
        section("Fixed example (\(description.fixedExample.language.rawValue))", description.fixedExample.cleanText)
        if let limits = description.limits { section("Limits", limits) }
        return out
    }

    /// The list printed by `oplint rules`: code, name, severity and summary, aligned.
    public static func list(_ descriptions: [RuleDescription]) -> String {
        let nameWidth = descriptions.map(\.id.name.count).max() ?? 0
        var out = ""
        for description in descriptions {
            let name = description.id.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            let severity = (description.isEnabledByDefault ? description.defaultSeverity.rawValue : "off").padding(toLength: 7, withPad: " ", startingAt: 0)
            out += "\(description.id.code)  \(name)  \(severity)  \(description.summary)\n"
        }
        return out
    }

    /// `docs/rules.md`.
    public static func markdown(_ descriptions: [RuleDescription]) -> String {
        var out = """
        # oplint rules

        <!-- Generated from the rules' own descriptions by `make docs` (`oplint rules --markdown`). Do not edit. -->

        Every rule has a stable code and a kebab-case name; both are accepted wherever a rule is
        named (`oplint explain OPL101`, `oplint explain dependency-cycle`, configuration files).
        Each failing example below triggers its rule and each fixed example does not: the test
        suite runs them. `S` numbers refer to the OperationQueue semantics in `docs/semantics.md`.

        | code | name | default severity | finds |
        |---|---|---|---|

        """
        for description in descriptions {
            out += "| [\(description.id.code)](#\(anchor(description))) | \(description.id.name) | \(description.defaultSeverityText) | \(escapeTableCell(description.summary)) |\n"
        }
        for description in descriptions {
            let fence = description.failingExample.language == .objectiveC ? "objc" : description.failingExample.language.rawValue
            out += """

            ## \(description.id.code) \(description.id.name)

            Default severity: **\(description.defaultSeverityText)**. \(description.summary)

            ### What it finds

            \(description.details)

            ### Why it matters

            \(description.rationale)

            ### Failing example

            ```\(fence)
            \(description.failingExample.cleanText)
            ```

            ### Fixed example

            ```\(fence)
            \(description.fixedExample.cleanText)
            ```

            """
            if let limits = description.limits {
                out += "\n### Limits\n\n\(limits)\n"
            }
        }
        return out
    }

    private static func anchor(_ description: RuleDescription) -> String {
        "\(description.id.code)-\(description.id.name)".lowercased()
    }

    private static func escapeTableCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
