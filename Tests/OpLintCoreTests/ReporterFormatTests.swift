import Foundation
import Testing
@testable import OpLintCore

@Suite struct ReporterFormatTests {
    typealias F = ReporterFixtures

    @Test func everyFormatIsRegisteredOnceAndFoundByName() throws {
        #expect(ReporterRegistry.names == ["text", "json", "sarif", "github", "junit", "checkstyle", "gitlab", "markdown"])
        for name in ReporterRegistry.names {
            let reporter = try #require(ReporterRegistry.reporter(named: name))
            #expect(type(of: reporter).name == name)
        }
        #expect(ReporterRegistry.reporter(named: "xml") == nil)
    }

    @Test(arguments: ReporterRegistry.names)
    func everyFormatIsDeterministicAndHandlesNoFindings(name: String) throws {
        let reporter = try #require(ReporterRegistry.reporter(named: name))
        #expect(reporter.report(F.result, context: F.context) == reporter.report(F.result, context: F.context))
        let empty = reporter.report(LintResult(findings: []), context: F.context)
        #expect(!empty.isEmpty && empty.hasSuffix("\n"))
    }

    @Test func gitlabHasCodeQualityFieldsAndUniqueFingerprints() throws {
        // The same finding twice: GitLab needs distinct fingerprints within one report.
        let result = LintResult(findings: [F.cycle, F.cycle, F.hostile, F.suppressed, F.note])
        let text = GitLabReporter().report(result, context: F.context)
        let issues = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(issues.count == 4, "the suppressed finding is left out")
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        #expect(Set(fingerprints).count == 4)
        #expect(fingerprints[0] == F.cycle.fingerprint)
        #expect(issues.compactMap { $0["severity"] as? String } == ["critical", "critical", "minor", "info"])
        #expect(issues.compactMap { $0["check_name"] as? String }.first == "dependency-cycle")
        let location = try #require(issues[0]["location"] as? [String: Any])
        #expect(location["path"] as? String == "Sources/Feed/FeedLoader.swift")
        #expect((location["lines"] as? [String: Any])?["begin"] as? Int == 41)
        #expect((issues[2]["description"] as? String)?.hasPrefix(F.hostile.message) == true)
    }

    @Test func markdownGroupsBySeverityAndEscapesNames() throws {
        let text = MarkdownReporter().report(F.result, context: F.context)
        #expect(text.hasPrefix("### oplint: 1 error, 1 warning, 1 note in 3 files\n"))
        let errors = try #require(text.range(of: "#### Errors (1)"))
        let warnings = try #require(text.range(of: "#### Warnings (1)"))
        let notes = try #require(text.range(of: "#### Notes (1)"))
        #expect(errors.lowerBound < warnings.lowerBound && warnings.lowerBound < notes.lowerBound)
        // The error and the warning have related places or a fix; the note has none.
        #expect(text.components(separatedBy: "<details><summary>Details</summary>").count == 3)
        #expect(!text.contains("<script>"))
        #expect(!text.contains("@team"), "a name cannot mention anyone")
        // Every table row has exactly four unescaped pipes: hostile names cannot add a column or a row.
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let pipes = line.indices.filter { line[$0] == "|" && ($0 == line.startIndex || line[line.index(before: $0)] != "\\") }
            #expect(pipes.count == 4, "\(line)")
        }
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test(arguments: [
        ("plain text", "plain text"),
        ("a|b", "a\\|b"),
        ("<b>&", "&lt;b&gt;&amp;"),
        ("*x* _y_ `z` [l](u)", "\\*x\\* \\_y\\_ \\`z\\` \\[l\\]\\(u\\)"),
        ("1\n2", "1<br>2"),
        ("@org/team", "@\u{200B}org/team"),
    ])
    func markdownEscaping(input: String, expected: String) {
        #expect(MarkdownReporter.escape(input) == expected)
    }

    @Test func reportPathsAreRelativeToTheBaseAndEncodedAsURIs() {
        #expect(ReportPath.relative("/repo/a/b.json", to: "/repo") == "a/b.json")
        #expect(ReportPath.relative("/repository/b.json", to: "/repo") == "/repository/b.json")
        #expect(ReportPath.relative("./b.json", to: nil) == "b.json")
        #expect(ReportPath.uri("a b/c#d?.json") == "a%20b/c%23d%3F.json")
        #expect(ReportPath.uri("/abs/é.json") == "file:///abs/%C3%A9.json")
    }
}
