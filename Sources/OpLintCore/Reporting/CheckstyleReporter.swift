/// Checkstyle XML, read by Jenkins (Warnings NG), reviewdog and many CI dashboards: one
/// `<file>` per file in path order, one `<error>` per finding with severity `error`,
/// `warning` or `info`.
public struct CheckstyleReporter: FindingReporter {
    public static let name = "checkstyle"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var byFile: [String: [Finding]] = [:]
        for finding in result.reported { byFile[finding.location.file, default: []].append(finding) }
        var out = XMLText.declaration + "<checkstyle version=\"4.3\">\n"
        for file in byFile.keys.sorted() {
            out += "  " + XMLText.openTag("file", [("name", context.displayPath(file))]) + ">\n"
            for finding in byFile[file] ?? [] {
                out += "    " + XMLText.openTag("error", [
                    ("line", String(finding.location.line)),
                    ("column", String(finding.location.column)),
                    ("severity", Self.severity(finding.severity)),
                    ("message", GitHubReporter.body(finding, context: context)),
                    ("source", "oplint.\(finding.rule.code).\(finding.rule.name)"),
                ]) + "/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }

    /// Checkstyle's names: `note` is `info`.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }
}
