/// The compiler-style text format that Xcode, VS Code and terminals link:
/// `path:line:column: error: message [OPL101 dependency-cycle]`, related locations, notes and
/// the fix indented below, and a summary line last.
public struct TextReporter: FindingReporter {
    public static let name = "text"

    public init() {}

    public func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws {
        let style = TerminalStyle(enabled: context.color)
        try out.writeReported(result, state: {}) { finding, _, out in Self.write(finding, style: style, to: &out) }
        out.append(summary(result, context: context))
        out.append(byte: 0x0A)
        if let coverage = result.coverage {
            out.append(coverage.summary)
            out.append(byte: 0x0A)
        }
    }

    /// One finding: its line, then related locations, notes and the fix indented below.
    static func write(_ finding: Finding, style: TerminalStyle, to out: inout ReportWriter) {
        style.begin(.bold, &out)
        out.append(location: finding.location)
        out.append(byte: 0x3A)
        style.end(&out)
        out.append(byte: 0x20)
        switch finding.severity {
        case .error: style.text("error", .red, &out)
        case .warning: style.text("warning", .yellow, &out)
        case .note: style.text("note", .cyan, &out)
        }
        out.append(": ")
        out.append(singleLine: finding.message)
        out.append(byte: 0x20)
        style.begin(.dim, &out)
        out.append(byte: 0x5B)
        out.append(finding.rule.code)
        out.append(byte: 0x20)
        out.append(finding.rule.name)
        out.append(byte: 0x5D)
        style.end(&out)
        out.append(byte: 0x0A)
        for related in finding.related {
            out.append("    ")
            out.append(location: related.location)
            out.append(": ")
            out.append(singleLine: related.message)
            out.append(byte: 0x0A)
        }
        for note in finding.notes {
            out.append("    note: ")
            out.append(singleLine: note)
            out.append(byte: 0x0A)
        }
        if let fix = finding.fix {
            out.append("    fix: ")
            out.append(singleLine: fix.message)
            out.append(byte: 0x0A)
        }
    }

    /// `3 errors, 1 warning in 2 files`, or `no findings in 1 file`: the files linted (graph
    /// files and source files read), or those with findings when more.
    func summary(_ result: LintResult, context: ReportContext) -> String {
        let counts = result.counts
        var parts: [String] = []
        for severity in [Severity.error, .warning, .note] {
            let n = counts[severity] ?? 0
            if n > 0 { parts.append("\(n) \(severity.rawValue)\(n == 1 ? "" : "s")") }
        }
        let files = max(result.files.count, context.inputFiles.count + (result.coverage?.files ?? 0))
        let where_ = "in \(files) file\(files == 1 ? "" : "s")"
        let suppressed = result.findings.count - result.reportedCount
        var hidden = suppressed > 0 ? " (\(suppressed) suppressed)" : ""
        if let baseline = context.baselineUnchanged?.count, baseline > 0 { hidden += " (\(baseline) in the baseline)" }
        return parts.isEmpty ? "no findings \(where_)\(hidden)" : parts.joined(separator: ", ") + " \(where_)\(hidden)"
    }

    /// Text shown on one line: control characters (a newline in a name) made visible, so a name
    /// cannot forge an extra finding line or move the cursor.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    static func singleLine(_ text: String) -> String {
        var buffer = TextBytes()
        buffer.append(singleLine: text)
        return buffer.text
    }
}

extension TextBuffer where Self: ~Copyable {
    /// `TextReporter.singleLine(text)`, escaped byte by byte: `\n`, `\r` and `\t` as those
    /// escapes, other C0 and C1 controls and DEL as `\u{1b}`.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    mutating func append(singleLine text: String) {
        append(text, plainPrefix: { Word.plainPrefix($0, $1) { word in
            Word.below(0x20, word) | Word.equal(0x7F, word) | Word.equal(0xC2, word)
        } }, isPlain: { $0 >= 0x20 && $0 != 0x7F && $0 != 0xC2 }, keeps: { utf8, i in
            utf8[i] == 0xC2 && !TextBufferBytes.isC1Control(utf8, i)
        }) { utf8, i, out in
            let byte = utf8[i]
            switch byte {
            case 0x0A: out.append("\\n")
            case 0x0D: out.append("\\r")
            case 0x09: out.append("\\t")
            case 0xC2:
                return out.append(visibleC1At: i, of: utf8)
            default:
                out.append(visibleScalar: UInt32(byte))
            }
            return 1
        }
    }

    /// At a C2 byte (U+0080–U+00BF): a C1 control, U+0080–U+009F, made visible as
    /// `\u{85}`, any other character as is; how many bytes were used.
    mutating func append(visibleC1At i: Int, of utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard TextBufferBytes.isC1Control(utf8, i) else {
            append(byte: utf8[i])
            return 1
        }
        append(visibleScalar: UInt32(utf8[i + 1]))
        return 2
    }

    /// `\u{1b}`: a scalar's value in lower-case hexadecimal, as Swift writes it.
    mutating func append(visibleScalar value: UInt32) {
        append("\\u{")
        append(hex: value)
        append(byte: 0x7D)
    }

    /// `file:line:column`, as `SourceLocation.description`.
    mutating func append(location: SourceLocation) {
        append(location.file)
        append(byte: 0x3A)
        append(integer: location.line)
        append(byte: 0x3A)
        append(integer: location.column)
    }
}

/// ANSI styling, or none.
struct TerminalStyle {
    let enabled: Bool

    /// The styles the text format uses, by their SGR parameters.
    enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "1;31"
        case yellow = "1;33"
        case cyan = "1;36"
    }

    func begin(_ style: Style, _ out: inout ReportWriter) {
        guard enabled else { return }
        out.append("\u{1B}[")
        out.append(style.rawValue)
        out.append(byte: 0x6D)
    }

    func end(_ out: inout ReportWriter) {
        if enabled { out.append("\u{1B}[0m") }
    }

    /// `text` in `style`.
    func text(_ text: String, _ style: Style, _ out: inout ReportWriter) {
        begin(style, &out)
        out.append(text)
        end(&out)
    }
}
