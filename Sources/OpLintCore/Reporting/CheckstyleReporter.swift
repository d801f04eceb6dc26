/// Checkstyle XML, read by Jenkins (Warnings NG), reviewdog and many CI dashboards: one
/// `<file>` per file in path order, one `<error>` per finding with severity `error`,
/// `warning` or `info`.
public struct CheckstyleReporter: FindingReporter {
    public static let name = "checkstyle"
    public static let relativeCost = 1.2

    public init() {}

    public func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws {
        var paths = DisplayPaths(context)
        let findings = result.findings
        out.append(XMLText.declaration)
        out.append("<checkstyle version=\"4.3\">\n")
        for group in Self.groupsByFile(findings) {
            out.append("  <file")
            out.append(xmlAttribute: "name", paths.shown(group.file))
            out.append(">\n")
            try out.writeItems(group.findings.count, state: { DisplayPaths(context) }) { item, paths, out in
                Self.writeError(findings[group.findings[item]], paths: &paths, to: &out)
            }
            out.append("  </file>\n")
        }
        out.append("</checkstyle>\n")
    }

    /// One finding as an `<error>` element.
    static func writeError(_ finding: Finding, paths: inout DisplayPaths, to out: inout ReportWriter) {
        out.append("    <error")
        out.append(xmlAttribute: "line", finding.location.line)
        out.append(xmlAttribute: "column", finding.location.column)
        out.append(xmlAttribute: "severity", severity(finding.severity))
        out.append(" message=\"")
        GitHubReporter.writeBody(finding, paths: &paths, lineBreak: "&#10;", to: &out) { text, out in out.append(xml: text) }
        out.append("\" source=\"oplint.")
        out.append(xml: finding.rule.code)
        out.append(byte: 0x2E)
        out.append(xml: finding.rule.name)
        out.append("\"/>\n")
    }

    /// The reported findings grouped by file (as a `[String: …]` dictionary groups them), files
    /// in String order, each group's findings in report order, as indices into `findings`.
    ///
    /// - Complexity: O(*n*) for *n* findings, plus O(*d* log *d*) for *d* distinct files.
    static func groupsByFile(_ findings: [Finding]) -> [(file: String, findings: [Int])] {
        var slots: [String: Int] = [:]
        var groups: [(file: String, findings: [Int])] = []
        var previous: (file: String, slot: Int)?
        for index in findings.indices where !findings[index].isSuppressed {
            let file = findings[index].location.file
            // Findings of one file mostly share one string: compared by identity first, cheaply.
            if let previous, previous.file == file {
                groups[previous.slot].findings.append(index)
                continue
            }
            let slot = slots[file] ?? {
                groups.append((file, []))
                slots[file] = groups.count - 1
                return groups.count - 1
            }()
            groups[slot].findings.append(index)
            previous = (file, slot)
        }
        return groups.sorted { $0.file < $1.file }
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
