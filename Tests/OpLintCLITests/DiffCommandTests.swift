import Foundation
import Testing
@testable import OpLintCLI

@Suite struct DiffCommandTests {
    static let cycle = "examples/rules/OPL101-dependency-cycle.json"
    static let clean = "examples/image-pipeline/graph.json"
    static let broken = "examples/image-pipeline/broken.json"

    /// How many findings `oplint lint` reports for the broken example (the clean one has none).
    static var brokenCount: Int {
        let json = FormatsCLI.run([broken, "--format", "json"]).standardOutput
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (object?["findings"] as? [Any])?.count ?? -1
    }

    @Test func fixedCycleIsReportedAsFixed() throws {
        let outcome = FormatsCLI.run(["diff", Self.broken, Self.clean])
        #expect(outcome.code == 0, "nothing new")
        #expect(Self.brokenCount > 3)
        #expect(outcome.standardOutput.hasPrefix("0 new findings, \(Self.brokenCount) fixed;"))
        #expect(outcome.standardOutput.contains("Fixed findings:\n"))
        #expect(outcome.standardOutput.contains("\n  examples/image-pipeline/broken.json:10:24: error: dependency cycle"))
        #expect(outcome.standardOutput.contains("Dependencies removed:\n  cache waits for combine"))
        try CLIHarness.assertSnapshot(outcome.standardOutput, named: "diff__broken__graph.txt")
    }

    @Test func newErrorsFailTheDiff() throws {
        let outcome = FormatsCLI.run(["diff", Self.clean, Self.broken])
        #expect(outcome.code == 1)
        #expect(outcome.standardOutput.hasPrefix("\(Self.brokenCount) new findings, 0 fixed;"))
        #expect(FormatsCLI.run(["diff", Self.clean, Self.broken, "--exit-zero"]).code == 0)
        let markdown = FormatsCLI.run(["diff", Self.clean, Self.broken, "--format", "markdown"])
        #expect(markdown.standardOutput.hasPrefix("### oplint diff: \(Self.brokenCount) new findings, 0 fixed\n"))
        try CLIHarness.assertSnapshot(markdown.standardOutput, named: "diff__graph__broken.md")
        let json = FormatsCLI.run(["diff", Self.clean, Self.broken, "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((object["newFindings"] as? [Any])?.count == Self.brokenCount)
        #expect((object["fixedFindings"] as? [Any])?.isEmpty == true)
        try CLIHarness.assertSnapshot(json.standardOutput, named: "diff__graph__broken.json")
    }

    @Test func aGraphComparedWithItselfHasNoChanges() {
        let outcome = FormatsCLI.run(["diff", Self.cycle, Self.cycle])
        #expect(outcome.code == 0)
        #expect(outcome.standardOutput == "0 new findings, 0 fixed; 0 dependencies added, 0 removed; 0 operations added, 0 removed\n")
    }

    @Test func movedLinesAreNotChanges() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try String(contentsOf: FormatsCLI.packageRoot.appendingPathComponent(Self.cycle), encoding: .utf8)
        let moved = directory.appendingPathComponent("moved.json")
        try Data(("\n\n" + original.replacingOccurrences(of: "\"operations\": [", with: "\"operations\": [\n\n")).utf8).write(to: moved)
        let outcome = FormatsCLI.run(["diff", Self.cycle, moved.path])
        #expect(outcome.standardOutput.hasPrefix("0 new findings, 0 fixed; 0 dependencies added, 0 removed"))
    }

    @Test func writesToAFileAndRejectsBadArguments() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("diff.md").path
        #expect(FormatsCLI.run(["diff", Self.clean, Self.broken, "--format", "markdown", "-o", file, "--exit-zero"]).code == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("### oplint diff"))
        #expect(FormatsCLI.run(["diff", Self.clean]).code == 2)
        #expect(FormatsCLI.run(["diff", "-", "-"]).code == 2)
        #expect(FormatsCLI.run(["diff", Self.clean, Self.broken, "--format", "sarif"]).standardError.contains("expects one of text, markdown, json"))
        #expect(FormatsCLI.run(["diff", Self.clean, "missing.json"]).code == 2)
    }
}
