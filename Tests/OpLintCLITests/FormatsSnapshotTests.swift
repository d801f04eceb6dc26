import Foundation
import Testing
@testable import OpLintCLI
import OpLintCore

@Suite struct FormatsSnapshotTests {
    static let examples = [
        "examples/rules/OPL101-dependency-cycle.json",
        "examples/rules/OPL107-redundant-dependency.json",
        "examples/image-pipeline/broken.json",
        "examples/image-pipeline/graph.json",
    ]
    static let formats = ["sarif", "github", "junit", "checkstyle", "gitlab", "markdown"]

    static func snapshotName(_ example: String, _ format: String) -> String {
        "formats__" + example.replacingOccurrences(of: "/", with: "__") + "." + format
    }

    @Test(arguments: examples, formats)
    func everyFormatMatchesItsSnapshotAndIsValid(example: String, format: String) throws {
        let outcome = FormatsCLI.run([example, "--format", format])
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        #expect(outcome.code == 0 || outcome.code == 1)
        #expect(outcome.standardOutput == FormatsCLI.run([example, "--format", format]).standardOutput, "deterministic")
        switch format {
        case "sarif":
            let check = try FormatsValidator.sarif(outcome.standardOutput)
            #expect(check.status == 0, "\(check.output)")
        case "junit", "checkstyle":
            let check = try FormatsValidator.xml(outcome.standardOutput, schema: format + ".xsd")
            #expect(check.status == 0, "\(check.output)")
        case "gitlab":
            #expect(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) is [Any])
        default:
            break
        }
        try CLIHarness.assertSnapshot(outcome.standardOutput, named: Self.snapshotName(example, format))
    }

    @Test(arguments: ["text", "json"] + formats)
    func exitCodesAreTheSameInEveryFormat(format: String) {
        let cycle = "examples/rules/OPL101-dependency-cycle.json"
        let warningOnly = "examples/rules/OPL109-unknown-key.json"
        let clean = "examples/image-pipeline/graph.json"
        #expect(FormatsCLI.run([clean, "--format", format]).code == 0)
        #expect(FormatsCLI.run([cycle, "--format", format]).code == 1)
        #expect(FormatsCLI.run([cycle, "--format", format, "--exit-zero"]).code == 0)
        #expect(FormatsCLI.run([warningOnly, "--format", format]).code == 0)
        #expect(FormatsCLI.run([warningOnly, "--format", format, "--strict"]).code == 1)
        #expect(FormatsCLI.run([warningOnly, "--format", format, "--fail-on", "warning"]).code == 1)
        #expect(FormatsCLI.run([warningOnly, "--format", format, "--fail-on", "note"]).code == 1)
    }

    @Test func severalFormatsAtOnceEachToItsPlace() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sarif = directory.appendingPathComponent("out.sarif").path
        let junit = directory.appendingPathComponent("junit.xml").path
        let example = "examples/rules/OPL101-dependency-cycle.json"
        let outcome = FormatsCLI.run([example, "--format", "sarif:\(sarif)", "--format", "text", "--format", "junit:\(junit)"])
        #expect(outcome.code == 1)
        #expect(outcome.standardOutput == FormatsCLI.run([example]).standardOutput)
        #expect(try String(contentsOfFile: sarif, encoding: .utf8) == FormatsCLI.run([example, "--format", "sarif"]).standardOutput)
        #expect(try String(contentsOfFile: junit, encoding: .utf8) == FormatsCLI.run([example, "--format", "junit"]).standardOutput)
        // Only the asked-for files exist: no temporary files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["junit.xml", "out.sarif"])
    }

    @Test func twoFormatsCannotShareADestination() {
        let outcome = FormatsCLI.run(["examples/rules/OPL101-dependency-cycle.json", "--output", "/tmp/x", "--format", "sarif", "--format", "junit"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("two formats write to '/tmp/x'"))
    }

    @Test func unknownFormatListsTheValidOnes() {
        let outcome = FormatsCLI.run(["examples/rules/OPL101-dependency-cycle.json", "--format", "sarf"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("did you mean 'sarif'?"))
        #expect(outcome.standardError.contains("gitlab"))
    }

    @Test func githubFormatAppendsAJobSummary() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let summary = directory.appendingPathComponent("summary.md").path
        let example = "examples/rules/OPL101-dependency-cycle.json"
        let environment = ["GITHUB_STEP_SUMMARY": summary]
        #expect(FormatsCLI.run([example, "--format", "github"], environment: environment).code == 1)
        #expect(FormatsCLI.run([example, "--format", "github"], environment: environment).code == 1)
        let markdown = FormatsCLI.run([example, "--format", "markdown"]).standardOutput
        #expect(try String(contentsOfFile: summary, encoding: .utf8) == markdown + markdown, "appended, once per run")
        // Other formats leave the summary alone.
        _ = FormatsCLI.run([example, "--format", "sarif"], environment: environment)
        #expect(try String(contentsOfFile: summary, encoding: .utf8) == markdown + markdown)
    }

    @Test func sarifPathsAreRelativeToTheWorkingDirectory() throws {
        let absolute = FormatsCLI.packageRoot.appendingPathComponent("examples/rules/OPL101-dependency-cycle.json").path
        let outcome = FormatsCLI.run([absolute, "--format", "sarif"])
        #expect(outcome.standardOutput.contains("\"uri\":\"examples/rules/OPL101-dependency-cycle.json\""))
        #expect(!outcome.standardOutput.contains("\"uri\":\"file://"))
    }
}
