/// JUnit XML for CI test dashboards: one `<testsuite>` per rule that ran (sorted by code), so
/// each rule shows as a suite that passes or fails. A rule without findings has one passing
/// test case; otherwise each finding is a test case, with `<failure>` for errors and warnings,
/// `<skipped>` when suppressed, and notes passing with their text in `<system-out>`.
public struct JUnitReporter: FindingReporter {
    public static let name = "junit"
    public static let relativeCost = 1.5

    public init() {}

    /// One rule's suite: its findings (indices, in report order) and what they count.
    struct Suite {
        var id: RuleID
        var findings: [Int] = []
        var failures = 0
        var skipped = 0
        var tests: Int { max(1, findings.count) }
    }

    public func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws {
        let findings = result.findings
        let suites = Self.suites(findings, rules: context.rules)
        out.append(XMLText.declaration)
        out.append("<testsuites")
        out.append(xmlAttribute: "name", "oplint")
        out.append(xmlAttribute: "tests", suites.reduce(0) { $0 + $1.tests })
        out.append(xmlAttribute: "failures", suites.reduce(0) { $0 + $1.failures })
        out.append(xmlAttribute: "errors", 0)
        out.append(xmlAttribute: "skipped", suites.reduce(0) { $0 + $1.skipped })
        out.append(">\n")
        for suite in suites {
            let id = suite.id
            out.append("  <testsuite")
            out.append(xmlAttribute: "name", "\(id.code) \(id.name)")
            out.append(xmlAttribute: "tests", suite.tests)
            out.append(xmlAttribute: "failures", suite.failures)
            out.append(xmlAttribute: "errors", 0)
            out.append(xmlAttribute: "skipped", suite.skipped)
            out.append(">\n")
            let className = "oplint.\(id.code).\(id.name)"
            if suite.findings.isEmpty {
                out.append("    <testcase")
                out.append(xmlAttribute: "name", "no findings")
                out.append(xmlAttribute: "classname", className)
                out.append("/>\n")
            }
            try out.writeItems(suite.findings.count, state: { DisplayPaths(context) }) { item, paths, out in
                Self.writeTestCase(findings[suite.findings[item]], className: className, paths: &paths, to: &out)
            }
            out.append("  </testsuite>\n")
        }
        out.append("</testsuites>\n")
    }

    /// Every rule that ran and every rule a finding names, by code in String order.
    ///
    /// - Complexity: O(*f* + *r* log *r*) for *f* findings and *r* rules.
    static func suites(_ findings: [Finding], rules: [RuleDescription]) -> [Suite] {
        var suites: [String: Suite] = [:]
        for description in rules { suites[description.id.code] = Suite(id: description.id) }
        for index in findings.indices {
            let code = findings[index].rule.code
            if suites[code] == nil { suites[code] = Suite(id: findings[index].rule) }
            suites[code]?.findings.append(index)
            if findings[index].isSuppressed {
                suites[code]?.skipped += 1
            } else if findings[index].severity >= .warning {
                suites[code]?.failures += 1
            }
        }
        return suites.sorted { $0.key < $1.key }.map(\.value)
    }

    static func writeTestCase(_ finding: Finding, className: String, paths: inout DisplayPaths, to out: inout ReportWriter) {
        let file = paths.shown(finding.location.file)
        out.append("    <testcase name=\"")
        out.append(xml: file)
        out.append(byte: 0x3A)
        out.append(integer: finding.location.line)
        out.append(byte: 0x3A)
        out.append(integer: finding.location.column)
        out.append(": ")
        out.append(xml: finding.message)
        out.append(byte: 0x22)
        out.append(xmlAttribute: "classname", className)
        out.append(xmlAttribute: "file", file)
        out.append(xmlAttribute: "line", finding.location.line)
        out.append(">\n")
        if finding.isSuppressed {
            out.append("      <skipped")
            out.append(xmlAttribute: "message", "suppressed")
            out.append("/>\n")
        } else if finding.severity >= .warning {
            out.append("      <failure")
            out.append(xmlAttribute: "type", finding.severity.rawValue)
            out.append(xmlAttribute: "message", finding.message)
            out.append(byte: 0x3E)
            GitHubReporter.writeBody(finding, paths: &paths, lineBreak: "&#10;", to: &out) { text, out in out.append(xml: text) }
            out.append("</failure>\n")
        } else {
            out.append("      <system-out>")
            GitHubReporter.writeBody(finding, paths: &paths, lineBreak: "&#10;", to: &out) { text, out in out.append(xml: text) }
            out.append("</system-out>\n")
        }
        out.append("    </testcase>\n")
    }
}
