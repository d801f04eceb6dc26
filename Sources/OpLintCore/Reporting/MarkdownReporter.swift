import CTextScan

/// Markdown for a pull-request comment or a GitHub job summary: a summary line, then one
/// table per severity (errors first) and the details of each finding in a collapsible block.
public struct MarkdownReporter: FindingReporter {
    public static let name = "markdown"
    public static let relativeCost = 2.0

    public init() {}

    public func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws {
        let counts = result.counts
        let findings = result.findings
        let reported = result.reportedIndices
        out.append("### oplint: ")
        out.append(Self.countsLine(result))
        out.append(byte: 0x0A)
        if let unchanged = context.baselineUnchanged, !unchanged.isEmpty {
            out.append("\n\(unchanged.count) finding\(unchanged.count == 1 ? "" : "s") recorded in the baseline not shown.\n")
        }
        for severity in [Severity.error, .warning, .note] {
            let count = counts[severity] ?? 0
            guard count > 0 else { continue }
            out.append("\n#### \(Self.title(severity)) (\(count))\n\n")
            out.append("| Location | Rule | Message |\n|---|---|---|\n")
            let rows = reported.filter { findings[$0].severity == severity }
            try out.writeItems(rows.count, state: { DisplayPaths(context) }) { item, paths, out in
                Self.writeRow(findings[rows[item]], paths: &paths, to: &out)
            }
            let detailed = rows.filter { Self.hasDetails(findings[$0]) }
            guard !detailed.isEmpty else { continue }
            out.append("\n<details><summary>Details</summary>\n\n")
            try out.writeItems(detailed.count, state: { DisplayPaths(context) }) { item, paths, out in
                Self.writeDetails(findings[detailed[item]], paths: &paths, to: &out)
            }
            out.append("</details>\n")
        }
    }

    /// A finding's row in its severity's table.
    static func writeRow(_ finding: Finding, paths: inout DisplayPaths, to out: inout ReportWriter) {
        out.append("| ")
        writeLocation(finding.location, paths: &paths, to: &out)
        out.append(" | ")
        out.append(finding.rule.code)
        out.append(byte: 0x20)
        out.append(markdown: finding.rule.name)
        out.append(" | ")
        out.append(markdown: finding.message)
        out.append(" |\n")
    }

    /// A finding under Details: its place, rule and message, then its related locations,
    /// notes and fix as a list.
    static func writeDetails(_ finding: Finding, paths: inout DisplayPaths, to out: inout ReportWriter) {
        out.append("**")
        writeLocation(finding.location, paths: &paths, to: &out)
        out.append("** ")
        out.append(finding.rule.code)
        out.append(": ")
        out.append(markdown: finding.message)
        out.append("\n\n")
        for related in finding.related {
            out.append("- ")
            writeLocation(related.location, paths: &paths, to: &out)
            out.append(": ")
            out.append(markdown: related.message)
            out.append(byte: 0x0A)
        }
        for note in finding.notes {
            out.append("- note: ")
            out.append(markdown: note)
            out.append(byte: 0x0A)
        }
        if let fix = finding.fix {
            out.append("- fix: ")
            out.append(markdown: fix.message)
            out.append(byte: 0x0A)
        }
        out.append(byte: 0x0A)
    }

    /// Whether a finding has related locations, notes or a fix to show under Details.
    static func hasDetails(_ finding: Finding) -> Bool {
        !finding.related.isEmpty || !finding.notes.isEmpty || finding.fix != nil
    }

    /// `path:line:column`, escaped.
    private static func writeLocation(_ location: SourceLocation, paths: inout DisplayPaths, to out: inout ReportWriter) {
        out.append(markdown: paths.shown(location.file))
        out.append(byte: 0x3A)
        out.append(integer: location.line)
        out.append(byte: 0x3A)
        out.append(integer: location.column)
    }

    /// `2 errors, 1 warning, 0 notes in 2 files`, or `no findings`.
    public static func countsLine(_ result: LintResult) -> String {
        let counts = result.counts
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return "no findings" }
        let parts = [Severity.error, .warning, .note].map { severity in
            let n = counts[severity] ?? 0
            return "\(n) \(severity.rawValue)\(n == 1 ? "" : "s")"
        }
        let files = result.files.count
        return parts.joined(separator: ", ") + " in \(files) file\(files == 1 ? "" : "s")"
    }

    static func title(_ severity: Severity) -> String {
        switch severity {
        case .error: "Errors"
        case .warning: "Warnings"
        case .note: "Notes"
        }
    }

    /// The bytes `escape` looks at: controls, Markdown and HTML punctuation, `@`, DEL, and the
    /// first bytes of C1 controls (C2) and of U+2028/U+2029 (E2).
    static let specialBytes = ByteSet([
        0x00...0x1F, 0x21...0x24, 0x26...0x26, 0x28...0x2A, 0x3C...0x3C, 0x3E...0x3E, 0x40...0x40,
        0x5B...0x5D, 0x5F...0x60, 0x7B...0x7F, 0xC2...0xC2, 0xE2...0xE2,
    ])

    /// Inline text that renders as itself: Markdown punctuation backslash-escaped, HTML
    /// special characters as entities, `@` kept from mentioning anyone, a newline as `<br>`
    /// (so a table row stays one row) and other control characters made visible.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    public static func escape(_ text: String) -> String {
        var buffer = TextBytes()
        buffer.append(markdown: text)
        return buffer.text
    }
}

extension TextBuffer where Self: ~Copyable {
    /// `MarkdownReporter.escape(text)`: plain runs found sixteen bytes at a time
    /// (`oplint_markdown_plain_prefix`), the bytes around them one by one.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(markdown text: String) {
        let special = MarkdownReporter.specialBytes
        append(text, plainPrefix: { oplint_markdown_plain_prefix($0, $1) }, isPlain: { !special.contains($0) }, keeps: { utf8, i in
            (utf8[i] == 0xC2 && !TextBufferBytes.isC1Control(utf8, i)) || (utf8[i] == 0xE2 && !TextBufferBytes.isLineOrParagraphSeparator(utf8, i))
        }) { utf8, i, out in
            let byte = utf8[i]
            switch byte {
            case 0x5C, 0x60, 0x2A, 0x5F, 0x5B, 0x5D, 0x7C, 0x7E, 0x21, 0x23, 0x28, 0x29, 0x7B, 0x7D, 0x24:
                out.append(byte: 0x5C)
                out.append(byte: byte)
            case 0x26: out.append("&amp;")
            case 0x3C: out.append("&lt;")
            case 0x3E: out.append("&gt;")
            case 0x22: out.append("&quot;")
            case 0x40: out.append("@\u{200B}")
            case 0x0A: out.append("<br>")
            case 0x0D: break
            case 0x09: out.append(byte: 0x20)
            case 0xC2:
                // U+0080–U+00BF: the C1 controls U+0080–U+009F are made visible.
                guard i + 1 < utf8.count, utf8[i + 1] <= 0x9F else {
                    out.append(byte: byte)
                    return 1
                }
                out.append(markdownVisibleScalar: UInt32(utf8[i + 1]))
                return 2
            case 0xE2:
                // U+2028 and U+2029 are made visible; every other character starting with E2 is kept.
                guard i + 2 < utf8.count, utf8[i + 1] == 0x80, utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9 else {
                    out.append(byte: byte)
                    return 1
                }
                out.append(markdownVisibleScalar: utf8[i + 2] == 0xA8 ? 0x2028 : 0x2029)
                return 3
            default:
                out.append(markdownVisibleScalar: UInt32(byte))
            }
            return 1
        }
    }

    /// `\u{1b}` as Markdown shows it: `\\u\{1b\}`.
    private mutating func append(markdownVisibleScalar value: UInt32) {
        append("\\\\u\\{")
        append(hex: value)
        append("\\}")
    }
}
