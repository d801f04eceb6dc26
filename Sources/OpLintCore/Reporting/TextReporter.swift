/// The compiler-style text format that Xcode, VS Code and terminals link:
/// `path:line:column: error: message [OPL101 dependency-cycle]`, related locations, notes and
/// the fix indented below, and a summary line last.
public struct TextReporter: FindingReporter {
    public static let name = "text"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var out = ""
        let style = TerminalStyle(enabled: context.color)
        for finding in result.findings where !finding.isSuppressed {
            let severity: String
            switch finding.severity {
            case .error: severity = style.red("error")
            case .warning: severity = style.yellow("warning")
            case .note: severity = style.cyan("note")
            }
            out += style.bold("\(finding.location):") + " \(severity): \(Self.singleLine(finding.message)) "
            out += style.dim("[\(finding.rule.code) \(finding.rule.name)]") + "\n"
            for related in finding.related {
                out += "    \(related.location): \(Self.singleLine(related.message))\n"
            }
            for note in finding.notes {
                out += "    note: \(Self.singleLine(note))\n"
            }
            if let fix = finding.fix {
                out += "    fix: \(Self.singleLine(fix.message))\n"
            }
        }
        out += summary(result, context: context) + "\n"
        if let coverage = result.coverage { out += coverage.summary + "\n" }
        return out
    }

    /// `3 errors, 1 warning in 2 files`, or `no findings in 1 file`.
    func summary(_ result: LintResult, context: ReportContext) -> String {
        let counts = result.counts
        var parts: [String] = []
        for severity in [Severity.error, .warning, .note] {
            let n = counts[severity] ?? 0
            if n > 0 { parts.append("\(n) \(severity.rawValue)\(n == 1 ? "" : "s")") }
        }
        let files = max(result.files.count, context.inputFiles.count)
        let where_ = "in \(files) file\(files == 1 ? "" : "s")"
        let suppressed = result.findings.count - result.reported.count
        var hidden = suppressed > 0 ? " (\(suppressed) suppressed)" : ""
        if let baseline = context.baselineUnchanged?.count, baseline > 0 { hidden += " (\(baseline) in the baseline)" }
        return parts.isEmpty ? "no findings \(where_)\(hidden)" : parts.joined(separator: ", ") + " \(where_)\(hidden)"
    }

    /// Text shown on one line: control characters (a newline in a name) made visible, so a name
    /// cannot forge an extra finding line or move the cursor.
    static func singleLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

/// ANSI styling, or none.
struct TerminalStyle {
    let enabled: Bool

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "1;31") }
    func yellow(_ text: String) -> String { wrap(text, "1;33") }
    func cyan(_ text: String) -> String { wrap(text, "1;36") }
}
