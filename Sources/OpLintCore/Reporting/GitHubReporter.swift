/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, one per
/// finding (notes as `::notice`), escaped as GitHub's toolkit escapes them, then a summary line.
///
/// GitHub shows only the first few annotations of a step, so the command line also appends
/// `stepSummary` to `$GITHUB_STEP_SUMMARY` when that is set.
public struct GitHubReporter: FindingReporter {
    public static let name = "github"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var out = ""
        for finding in result.reported {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            let properties = [
                ("file", context.displayPath(finding.location.file)),
                ("line", String(finding.location.line)),
                ("col", String(finding.location.column)),
                ("title", "\(finding.rule.code) \(finding.rule.name)"),
            ]
            let propertyText = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
            out += "::\(command) \(propertyText)::\(Self.escapeData(Self.body(finding, context: context)))\n"
        }
        out += "oplint: " + MarkdownReporter.countsLine(result) + "\n"
        return out
    }

    /// The Markdown job summary for `$GITHUB_STEP_SUMMARY`.
    public static func stepSummary(_ result: LintResult, context: ReportContext) -> String {
        MarkdownReporter().report(result, context: context)
    }

    /// The message, then its related locations, notes and fix on further lines.
    static func body(_ finding: Finding, context: ReportContext) -> String {
        var lines = [finding.message]
        for related in finding.related {
            let location = SourceLocation(file: context.displayPath(related.location.file), line: related.location.line, column: related.location.column)
            lines.append("\(location): \(related.message)")
        }
        lines += finding.notes.map { "note: " + $0 }
        if let fix = finding.fix { lines.append("fix: " + fix.message) }
        return lines.joined(separator: "\n")
    }

    /// A command's message: `%`, CR and LF percent-encoded (toolkit `escapeData`).
    public static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: as `escapeData`, and `:` and `,` too (toolkit `escapeProperty`).
    public static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
