import Foundation
import Testing
@testable import OpLintCore

/// `docs/rules.md` and `examples/rules/` are generated from the rules' own descriptions; these
/// tests fail when they are stale. `make docs` (OPLINT_UPDATE_DOCS=1) rewrites them.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let updating = ProcessInfo.processInfo.environment["OPLINT_UPDATE_DOCS"] == "1"

    /// The generated files: path relative to the package root, and content.
    static func generatedFiles() -> [(path: String, content: String)] {
        let descriptions = RuleRegistry.all.map { $0.description }
        var files = [("docs/rules.md", RuleDocumentation.markdown(descriptions))]
        var index = """
        # Rule examples

        <!-- Generated from the rules' failing examples by `make docs`. Do not edit. -->

        One graph per rule, each the rule's failing example from `docs/rules.md`. Run any of them
        with `oplint FILE`; `oplint explain CODE` prints the fixed version and why it matters.

        | file | command | what it shows |
        |---|---|---|

        """
        for description in descriptions where description.failingExample.language == .json {
            let file = "\(description.id.code)-\(description.id.name).json"
            files.append(("examples/rules/\(file)", description.failingExample.cleanText + "\n"))
            index += "| [\(file)](\(file)) | `oplint examples/rules/\(file)` | \(description.id.code) \(description.id.name): \(description.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        files.append(("examples/rules/README.md", index))
        return files
    }

    @Test func generatedDocumentationIsCurrent() throws {
        for (path, content) in Self.generatedFiles() {
            let url = Self.root.appendingPathComponent(path)
            if Self.updating {
                try Data(content.utf8).write(to: url)
                continue
            }
            let committed = try? String(contentsOf: url, encoding: .utf8)
            #expect(committed == content, "\(path) is stale: run `make docs`")
        }
    }

    @Test func noStaleRuleExamples() throws {
        let expected = Set(Self.generatedFiles().map(\.path).filter { $0.hasPrefix("examples/rules/") && $0.hasSuffix(".json") })
        let directory = Self.root.appendingPathComponent("examples/rules")
        let present = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.map { "examples/rules/\($0)" }
        #expect(Set(present) == expected)
    }

    /// `oplint explain`'s text indents each line of a section by two spaces and keeps empty
    /// lines empty; a carriage return and line feed stay one line break, as a character.
    @Test func explainTextIndentsEveryLine() {
        let description = RuleDescription(
            code: "OPL999", name: "example-rule", severity: .warning, summary: "A summary.",
            details: "First line.\n\nThird line, after an empty one.\n",
            rationale: "Windows line\r\nbreaks stay together.\nLast é line.",
            failingExample: RuleExample(.json, "{}"), fixedExample: RuleExample(.swift, "let a = 1\n  let b = 2"))
        let text = RuleDocumentation.text(for: description)
        #expect(text.contains("\nWhat it finds\n  First line.\n\n  Third line, after an empty one.\n\n\nWhy it matters\n"))
        #expect(text.contains("\nWhy it matters\n  Windows line\r\nbreaks stay together.\n  Last é line.\n"))
        #expect(text.contains("\nFixed example (swift)\n  let a = 1\n    let b = 2\n"))
    }

    /// An example's text without its markers: the byte path for ASCII examples and the
    /// character path for the rest give what filtering the characters gives.
    @Test func cleanTextDropsExactlyTheMarkers() {
        let texts = [
            "", "↓", "plain", "a ↓b ↓↓c\n↓", "{\"operations\": [↓{\"name\": \"a\"}]}",
            "café ↓x", "↓\u{301}kept with its accent", "→ ↓arrow", "\u{2192}↓", "tail ↓",
        ]
        for text in texts {
            #expect(RuleExample(.json, text).cleanText == text.filter { $0 != RuleExample.marker }, "\(text)")
        }
        for description in RuleRegistry.all.map({ $0.description }) {
            for example in [description.failingExample, description.fixedExample] + description.moreFixedExamples {
                #expect(example.cleanText == example.text.filter { $0 != RuleExample.marker })
            }
        }
    }
}
