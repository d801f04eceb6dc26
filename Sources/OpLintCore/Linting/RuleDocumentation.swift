#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The documentation of the rules, generated from their descriptions: `oplint explain`,
/// `oplint rules` and `docs/rules.md` all come from here.
public enum RuleDocumentation {
    /// One rule as plain text, for `oplint explain`.
    public static func text(for description: RuleDescription) -> String {
        var out = "\(description.id.code) \(description.id.name) (default severity: \(description.defaultSeverityText))\n"
        out += description.summary + "\n"
        func section(_ title: String, _ body: String) {
            out += "\n\(title)\n"
            // Lines found by their UTF-8 line feeds rather than by characters; a carriage return
            // before one would join it into one character, so such a text is split by characters.
            let lines: [Substring] = body.utf8.contains(0x0D)
                ? body.split(separator: "\n", omittingEmptySubsequences: false)
                : body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
            for line in lines {
                if line.isEmpty {
                    out += "\n"
                } else {
                    out += "  "
                    out += line
                    out += "\n"
                }
            }
        }
        section("What it finds", description.details)
        section("Why it matters", description.rationale)
        section("Failing example (\(description.failingExample.language.rawValue))", description.failingExample.cleanText)
        section("Fixed example (\(description.fixedExample.language.rawValue))", description.fixedExample.cleanText)
        for example in description.moreFixedExamples {
            section("Also silent (\(example.language.rawValue)): \(example.caption ?? "")", example.cleanText)
        }
        if let limits = description.limits { section("Limits", limits) }
        return out
    }

    /// The list printed by `oplint rules`: code, name, severity and summary, aligned.
    public static func list(_ descriptions: [RuleDescription]) -> String {
        let nameWidth = descriptions.map(\.id.name.count).max() ?? 0
        var out = ""
        for description in descriptions {
            let name = padded(description.id.name, toLength: nameWidth)
            let severity = padded(description.isEnabledByDefault ? description.defaultSeverity.rawValue : "off", toLength: 7)
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
        out += timingSection
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
            for example in description.moreFixedExamples {
                out += "\n### Also silent: \(example.caption ?? "")\n\n```\(example.fence)\n\(example.cleanText)\n```\n"
            }
            if let limits = description.limits {
                out += "\n### Limits\n\n\(limits)\n"
            }
        }
        return out
    }

    /// What the rules that say operations never finish claim, and how they decide.
    static let timingSection = """

        ## How the deadlock rules judge timing

        The rules that say operations never finish — OPL101 dependency-cycle, OPL105
        never-started, OPL106 unreachable-operation, OPL201 wait-deadlock, OPL202
        slot-exhaustion, OPL204 zero-width-queue, OPL205 suspended-forever, OPL206
        never-finishes and OPL207 exclusivity-deadlock — make one of two claims, and the
        severity says which:

        - **must** (an error): the operations named never finish in any schedule — whatever
          the durations and the order of ties, with Apple's `OperationQueue` (semantics.md)
          and with swift-corelibs-foundation's on Linux (linux-operationqueue.md). The rule
          proves it from the graph: the dependencies, waits, widths and choice order of the
          queues, exclusivity, suspension and the cancels that may reach an operation.
        - **may** (a warning): some schedule deadlocks, another may not. The rule names the
          schedule that does: with the file's durations, with every duration scaled by 0.5 or
          1.5, with the dependencies of one operation made fast or slow, or a seed of
          `oplint simulate --explore` — and the platform when only one deadlocks.

        A deadlock that is not proven is looked for in the schedules lint simulates for any
        graph with waits or timed events: in both platform models, the file's durations,
        every duration scaled by 0.5 and by 1.5, twelve runs of
        `oplint simulate --explore 12 --seed 1`, and, for each wait on a serial queue whose
        outcome depends on which operation the queue starts first (up to eight), two more: the
        waiter's dependencies fast (0.5) and the rest slow (1.5), and the dependencies of the
        operation it needs slow and the rest fast. Above 2,000 operations only the file's durations are
        simulated, above 1,000,000 none; `oplint simulate --explore N` searches further. A
        possible deadlock that no simulated schedule reaches is a note.

        Two orderings are forced in every schedule and make a wait harmless: an operation
        cannot start before its dependencies (and whatever they wait for) have finished
        (S2, S3), and a queue starts an operation without dependencies before any operation
        added after it that it outranks (S9, S14) — on a serial queue the first finishes
        before the second starts (S13). A cancel that may reach an operation before it starts
        makes any claim through that operation a *may* claim: a cancelled operation that has
        not started ignores its dependencies and finishes without running (S6).

        The test target `DifferentialTests` checks these claims on 20,000 seeded random graphs
        against schedules of its own (the same fixed ones, and an exploration with another
        seed): every error is stuck in every schedule, every warning in one (or in the one it
        names), and every root cause a schedule is stuck on is named by a finding at or above
        warning of the rule that reports that kind of cause.

        """

    private static func anchor(_ description: RuleDescription) -> String {
        "\(description.id.code)-\(description.id.name)".lowercased()
    }

    private static func escapeTableCell(_ text: String) -> String {
        text.replacingCharacters("|", with: "\\|")
    }

    /// `text` cut or filled with spaces to `length` UTF-16 units, as `NSString`'s
    /// `padding(toLength:withPad:startingAt:)` makes it.
    static func padded(_ text: String, toLength length: Int) -> String {
        let units = text.utf16.count
        guard units < length else { return String(decoding: text.utf16.prefix(length), as: UTF16.self) }
        return text + String(repeating: " ", count: length - units)
    }
}
