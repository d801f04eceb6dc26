/// JUnit XML for CI test dashboards: one `<testsuite>` per rule that ran (sorted by code), so
/// each rule shows as a suite that passes or fails. A rule without findings has one passing
/// test case; otherwise each finding is a test case, with `<failure>` for errors and warnings,
/// `<skipped>` when suppressed, and notes passing with their text in `<system-out>`.
public struct JUnitReporter: FindingReporter {
    public static let name = "junit"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var byRule: [String: [Finding]] = [:]
        var ids: [String: RuleID] = [:]
        for description in context.rules { ids[description.id.code] = description.id }
        for finding in result.findings {
            byRule[finding.rule.code, default: []].append(finding)
            if ids[finding.rule.code] == nil { ids[finding.rule.code] = finding.rule }
        }
        var suites = ""
        var totalTests = 0
        var totalFailures = 0
        var totalSkipped = 0
        for code in ids.keys.sorted() {
            guard let id = ids[code] else { continue }
            let findings = byRule[code] ?? []
            let failures = findings.filter { !$0.isSuppressed && $0.severity >= .warning }.count
            let skipped = findings.filter(\.isSuppressed).count
            let tests = max(1, findings.count)
            totalTests += tests
            totalFailures += failures
            totalSkipped += skipped
            suites += "  " + XMLText.openTag("testsuite", [
                ("name", "\(id.code) \(id.name)"),
                ("tests", String(tests)),
                ("failures", String(failures)),
                ("errors", "0"),
                ("skipped", String(skipped)),
            ]) + ">\n"
            let className = "oplint.\(id.code).\(id.name)"
            if findings.isEmpty {
                suites += "    " + XMLText.openTag("testcase", [("name", "no findings"), ("classname", className)]) + "/>\n"
            }
            for finding in findings {
                suites += Self.testCase(finding, className: className, context: context)
            }
            suites += "  </testsuite>\n"
        }
        var out = XMLText.declaration
        out += XMLText.openTag("testsuites", [
            ("name", "oplint"),
            ("tests", String(totalTests)),
            ("failures", String(totalFailures)),
            ("errors", "0"),
            ("skipped", String(totalSkipped)),
        ]) + ">\n"
        return out + suites + "</testsuites>\n"
    }

    static func testCase(_ finding: Finding, className: String, context: ReportContext) -> String {
        let location = SourceLocation(file: context.displayPath(finding.location.file), line: finding.location.line, column: finding.location.column)
        var out = "    " + XMLText.openTag("testcase", [
            ("name", "\(location): \(finding.message)"),
            ("classname", className),
            ("file", location.file),
            ("line", String(location.line)),
        ]) + ">\n"
        let body = XMLText.escape(GitHubReporter.body(finding, context: context))
        if finding.isSuppressed {
            out += "      " + XMLText.openTag("skipped", [("message", "suppressed")]) + "/>\n"
        } else if finding.severity >= .warning {
            out += "      " + XMLText.openTag("failure", [("type", finding.severity.rawValue), ("message", finding.message)]) + ">"
            out += body + "</failure>\n"
        } else {
            out += "      <system-out>" + body + "</system-out>\n"
        }
        return out + "    </testcase>\n"
    }
}
