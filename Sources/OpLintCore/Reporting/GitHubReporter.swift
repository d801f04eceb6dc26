/// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`, one per
/// finding (notes as `::notice`), escaped as GitHub's toolkit escapes them, then a summary line.
///
/// GitHub shows only the first few annotations of a step, so the command line also appends
/// `stepSummary` to `$GITHUB_STEP_SUMMARY` when that is set.
public struct GitHubReporter: FindingReporter {
    public static let name = "github"
    public static let relativeCost = 0.8

    public init() {}

    public func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws {
        try out.writeReported(result, state: { DisplayPaths(context) }) { finding, paths, out in
            Self.writeAnnotation(finding, paths: &paths, to: &out)
        }
        out.append("oplint: ")
        out.append(MarkdownReporter.countsLine(result))
        out.append(byte: 0x0A)
    }

    /// One finding's workflow command, on one line.
    static func writeAnnotation(_ finding: Finding, paths: inout DisplayPaths, to out: inout ReportWriter) {
        switch finding.severity {
        case .error: out.append("::error file=")
        case .warning: out.append("::warning file=")
        case .note: out.append("::notice file=")
        }
        out.append(githubProperty: paths.shown(finding.location.file))
        out.append(",line=")
        out.append(integer: finding.location.line)
        out.append(",col=")
        out.append(integer: finding.location.column)
        out.append(",title=")
        out.append(githubProperty: finding.rule.code)
        out.append(byte: 0x20)
        out.append(githubProperty: finding.rule.name)
        out.append("::")
        Self.writeBody(finding, paths: &paths, lineBreak: "%0A", to: &out) { text, out in out.append(githubData: text) }
        out.append(byte: 0x0A)
    }

    /// The Markdown job summary for `$GITHUB_STEP_SUMMARY`.
    public static func stepSummary(_ result: LintResult, context: ReportContext) -> String {
        MarkdownReporter().report(result, context: context)
    }

    /// The message, then its related locations, notes and fix on further lines — each text
    /// through `escape`, the line breaks as `lineBreak` (which formats escape in their own way).
    static func writeBody(
        _ finding: Finding, paths: inout DisplayPaths, lineBreak: String, to out: inout ReportWriter,
        escape: (String, inout ReportWriter) -> Void
    ) {
        escape(finding.message, &out)
        for related in finding.related {
            out.append(lineBreak)
            escape(paths.shown(related.location.file), &out)
            out.append(byte: 0x3A)
            out.append(integer: related.location.line)
            out.append(byte: 0x3A)
            out.append(integer: related.location.column)
            out.append(": ")
            escape(related.message, &out)
        }
        for note in finding.notes {
            out.append(lineBreak)
            out.append("note: ")
            escape(note, &out)
        }
        if let fix = finding.fix {
            out.append(lineBreak)
            out.append("fix: ")
            escape(fix.message, &out)
        }
    }

    /// A command's message: `%`, CR and LF percent-encoded (toolkit `escapeData`).
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    public static func escapeData(_ text: String) -> String {
        var buffer = TextBytes()
        buffer.append(githubData: text)
        return buffer.text
    }

    /// A property value: as `escapeData`, and `:` and `,` too (toolkit `escapeProperty`).
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    public static func escapeProperty(_ text: String) -> String {
        var buffer = TextBytes()
        buffer.append(githubProperty: text)
        return buffer.text
    }
}

extension TextBuffer where Self: ~Copyable {
    /// `GitHubReporter.escapeData(text)`, byte by byte.
    mutating func append(githubData text: String) {
        append(text, plainPrefix: { Word.plainPrefix($0, $1) { word in
            Word.equal(0x25, word) | Word.equal(0x0D, word) | Word.equal(0x0A, word)
        } }, isPlain: { $0 != 0x25 && $0 != 0x0D && $0 != 0x0A }) { utf8, i, out in
            switch utf8[i] {
            case 0x25: out.append("%25")
            case 0x0D: out.append("%0D")
            default: out.append("%0A")
            }
            return 1
        }
    }

    /// `GitHubReporter.escapeProperty(text)`, byte by byte.
    mutating func append(githubProperty text: String) {
        append(text, plainPrefix: { Word.plainPrefix($0, $1) { word in
            Word.equal(0x25, word) | Word.equal(0x0D, word) | Word.equal(0x0A, word) | Word.equal(0x3A, word)
                | Word.equal(0x2C, word)
        } }, isPlain: { $0 != 0x25 && $0 != 0x0D && $0 != 0x0A && $0 != 0x3A && $0 != 0x2C }) { utf8, i, out in
            switch utf8[i] {
            case 0x25: out.append("%25")
            case 0x0D: out.append("%0D")
            case 0x0A: out.append("%0A")
            case 0x3A: out.append("%3A")
            default: out.append("%2C")
            }
            return 1
        }
    }
}
