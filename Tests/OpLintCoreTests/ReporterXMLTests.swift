import Foundation
import Testing
@testable import OpLintCore

@Suite struct ReporterXMLTests {
    typealias F = ReporterFixtures

    @Test func junitValidatesAndHasOneSuitePerRule() throws {
        let text = JUnitReporter().report(F.result, context: F.context)
        let outcome = try ExternalTool.validateXML(text, schema: "junit.xsd")
        #expect(outcome.status == 0, "\(outcome.output)\n\(text)")
        let suites = RuleRegistry.all.count + 1 // and OPL000, named only by a finding
        #expect(try ExternalTool.xpath(text, "count(/testsuites/testsuite)") == "\(suites)")
        #expect(try ExternalTool.xpath(text, "string(/testsuites/@failures)") == "2")
        #expect(try ExternalTool.xpath(text, "string(/testsuites/@skipped)") == "1")
        #expect(try ExternalTool.xpath(text, "count(//testcase[failure])") == "2")
        #expect(try ExternalTool.xpath(text, "string(//testsuite[starts-with(@name,'OPL101')]/testcase/failure/@type)") == "error")
        #expect(try ExternalTool.xpath(text, "count(//testsuite[starts-with(@name,'OPL107')]/testcase/skipped)") == "1")
        #expect(try ExternalTool.xpath(text, "count(//testsuite[starts-with(@name,'OPL000')]/testcase/system-out)") == "1")
        #expect(try ExternalTool.xpath(text, "count(//testsuite[starts-with(@name,'OPL102')]/testcase[@name='no findings'])") == "1")
    }

    @Test func checkstyleValidatesAndGroupsByFile() throws {
        let text = CheckstyleReporter().report(F.result, context: F.context)
        let outcome = try ExternalTool.validateXML(text, schema: "checkstyle.xsd")
        #expect(outcome.status == 0, "\(outcome.output)\n\(text)")
        #expect(try ExternalTool.xpath(text, "count(/checkstyle/file)") == "3")
        #expect(try ExternalTool.xpath(text, "count(//error)") == "3")
        #expect(try ExternalTool.xpath(text, "string(//file[@name='Sources/Feed/FeedLoader.swift']/error/@severity)") == "error")
        #expect(try ExternalTool.xpath(text, "string(//file[@name='graph.json']/error/@severity)") == "info")
        #expect(try ExternalTool.xpath(text, "string(//file[@name='graph.json']/error/@source)") == "oplint.OPL000.input-note")
    }

    @Test(arguments: ["junit", "checkstyle"])
    func hostileNamesSurviveAsText(format: String) throws {
        let reporter = try #require(ReporterRegistry.reporter(named: format))
        let text = reporter.report(LintResult(findings: [F.hostile]), context: F.context)
        #expect(!text.contains("<script>"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        // The parser reads the name back: quotes, markup and newlines intact; the escape character shown visibly.
        let attribute = format == "junit" ? "//testcase/failure/@message" : "//error/@message"
        let message = try ExternalTool.xpath(text, "string(\(attribute))")
        let expected = F.hostile.message.replacingOccurrences(of: "\u{1B}", with: "\\u{1b}").replacingOccurrences(of: "\u{7}", with: "\\u{7}")
        #expect(message.hasPrefix(expected))
    }

    @Test func xmlEscapingCoversEverySpecialCharacter() {
        #expect(XMLText.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&apos;f")
        #expect(XMLText.escape("1\n2\t3\r") == "1&#10;2&#9;3&#13;")
        #expect(XMLText.escape("\u{0}\u{1B}\u{FFFE}") == "\\u{0}\\u{1b}\\u{fffe}")
        #expect(XMLText.escape("é → ✓") == "é → ✓")
    }
}
