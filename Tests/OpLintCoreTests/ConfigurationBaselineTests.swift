import Foundation
import Testing
@testable import OpLintCore

@Suite struct ConfigurationBaselineTests {
    let files = Baseline.FileKey(currentDirectory: "/repo", baselineDirectory: "/repo")

    func finding(_ operation: String, line: Int, file: String = "graph.json", rule: any Rule.Type = SelfDependencyRule.self) -> Finding {
        Finding(rule: rule.description.id, severity: .error, message: "\(operation) depends on itself",
                location: SourceLocation(file: file, line: line, column: 5), operations: [operation])
    }

    @Test func roundTripsThroughItsFileDeterministically() throws {
        let findings = [finding("b", line: 9), finding("a", line: 3), finding("c", line: 1, file: "/repo/other/x.json")]
        let baseline = Baseline(findings: findings, files: files)
        let text = baseline.serialized()
        #expect(text == Baseline(findings: findings.reversed(), files: files).serialized())
        #expect(try Baseline.parse(Array(text.utf8), path: "b.json") == baseline)
        #expect(baseline.entries.map(\.file) == ["graph.json", "graph.json", "other/x.json"])
        #expect(text.contains("\"version\": 1"))
    }

    @Test func hidesRecordedFindingsEvenWhenLinesMove() {
        let before = [finding("a", line: 3), finding("b", line: 9)]
        let baseline = Baseline(findings: before, files: files)
        // Ten lines were added above: same findings, new lines; and one new finding.
        let after = LintResult(findings: [finding("a", line: 13), finding("b", line: 19), finding("c", line: 30)])
        let (result, unchanged) = baseline.apply(to: after, files: files)
        #expect(result.findings.map(\.operations) == [["c"]])
        #expect(unchanged.map(\.location.line) == [13, 19])
    }

    @Test func eachEntryHidesOneFindingAndSuppressedOnesAreNotRecorded() {
        var suppressed = finding("s", line: 1)
        suppressed.isSuppressed = true
        let baseline = Baseline(findings: [finding("a", line: 3), suppressed], files: files)
        #expect(baseline.entries.count == 1)
        let (result, unchanged) = baseline.apply(to: LintResult(findings: [finding("a", line: 3), finding("a", line: 4), suppressed]), files: files)
        #expect(unchanged.count == 1)
        #expect(result.findings.count == 2)
    }

    @Test func aFindingInAnotherFileOrRuleIsNew() {
        let baseline = Baseline(findings: [finding("a", line: 3)], files: files)
        let other = [finding("a", line: 3, file: "other.json"), finding("a", line: 3, rule: DependencyCycleRule.self)]
        #expect(baseline.apply(to: LintResult(findings: other), files: files).unchanged.isEmpty)
    }

    @Test func pathsAreRelativeToTheBaselineSoAnyWorkingDirectoryMatches() {
        let fromRoot = Baseline.FileKey(currentDirectory: "/repo", baselineDirectory: "/repo")
        let fromSub = Baseline.FileKey(currentDirectory: "/repo/sub", baselineDirectory: "/repo")
        #expect(fromRoot.key("sub/g.json") == "sub/g.json")
        #expect(fromSub.key("g.json") == "sub/g.json")
        #expect(fromSub.key("../sub/g.json") == "sub/g.json")
        #expect(fromSub.key("<stdin>") == "<stdin>")
        let fromCI = Baseline.FileKey(currentDirectory: "/repo", baselineDirectory: "/repo/ci")
        #expect(fromCI.key("g.json") == "../g.json")
        #expect(fromCI.key("/elsewhere/g.json") == "../../elsewhere/g.json")
    }

    @Test(arguments: [
        ("{\"findings\": []}", "a baseline needs \"version\": 1"),
        ("{\"version\": 2, \"findings\": []}", "unsupported baseline version (this oplint reads version 1)"),
        ("{\"version\": 1, \"findings\": [{\"rule\": \"OPL101\"}]}", "a baseline entry needs 'rule', 'file' and 'fingerprint'"),
        ("{\"version\": 1, \"findigns\": []}", "unknown key 'findigns' in a baseline"),
    ])
    func invalidBaselinesAreErrors(text: String, message: String) {
        #expect(throws: ConfigurationError.self) { try Baseline.parse(Array(text.utf8), path: "b.json") }
        do {
            _ = try Baseline.parse(Array(text.utf8), path: "b.json")
        } catch {
            #expect(error.message == message)
        }
    }
}
