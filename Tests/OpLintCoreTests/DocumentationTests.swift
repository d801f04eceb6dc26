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
}
