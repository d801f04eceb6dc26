/// The stable JSON format (`docs/output-formats.md`): sorted keys, every location with file, line, column.
public struct JSONReporter: FindingReporter {
    public static let name = "json"
    public static let relativeCost = 2.3

    public init() {}

    public func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws {
        out.openJSONObject()
        if let coverage = result.coverage {
            out.jsonKey("coverage")
            Self.write(coverage, to: &out)
        }
        out.jsonKey("findings")
        out.openJSONArray()
        try out.writeReported(result, state: {}) { finding, _, out in Self.write(finding, to: &out) }
        out.closeJSON()
        let counts = result.counts
        out.jsonKey("summary")
        out.openJSONObject()
        if let baseline = context.baselineUnchanged {
            out.jsonMember("baseline", baseline.count)
        }
        out.jsonMember("errors", counts[.error] ?? 0)
        out.jsonMember("notes", counts[.note] ?? 0)
        out.jsonMember("suppressed", result.findings.count - result.reportedCount)
        out.jsonMember("warnings", counts[.warning] ?? 0)
        out.closeJSON()
        Self.writeTool(version: context.toolVersion, to: &out)
        out.jsonMember("version", 1)
        out.closeJSON()
        out.endJSONDocument()
    }

    /// `text` as a JSON string literal, as the reports write it byte by byte.
    ///
    /// - Complexity: O(*n*) in the UTF-8 length.
    package static func quoted(_ text: String) -> String {
        var buffer = TextBytes()
        buffer.append(jsonString: text)
        return buffer.text
    }

    /// The `tool` member: `{"name": "oplint", "version": …}`.
    static func writeTool(version: String, to out: inout ReportWriter) {
        out.jsonKey("tool")
        out.openJSONObject()
        out.jsonMember("name", "oplint")
        out.jsonMember("version", version)
        out.closeJSON()
    }

    /// The `coverage` object of a lint of source code.
    static func write(_ coverage: SourceCoverage, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonMember("callsFollowed", coverage.callsFollowed)
        out.jsonMember("callsNotFollowed", coverage.callsNotFollowed)
        out.jsonMember("dependencies", coverage.dependencies)
        out.jsonMember("files", coverage.files)
        out.jsonMember("filesUsingOperations", coverage.filesUsingOperations)
        out.jsonMember("operations", coverage.operations)
        out.jsonMember("queues", coverage.queues)
        out.closeJSON()
    }

    /// A location: `{"column": …, "file": …, "line": …}`.
    static func write(_ location: SourceLocation, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonMember("column", location.column)
        out.jsonMember("file", location.file)
        out.jsonMember("line", location.line)
        out.closeJSON()
    }

    /// One finding, as the `findings` of this format and of `oplint diff --format json` hold it.
    ///
    /// - Complexity: O(size of the finding).
    static func write(_ finding: Finding, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonMember("fingerprint", finding.fingerprintDigest)
        if let fix = finding.fix {
            out.jsonKey("fix")
            out.openJSONObject()
            out.jsonMember("message", fix.message)
            out.jsonKey("removeEdges")
            out.openJSONArray()
            for edge in fix.removeEdges {
                out.openJSONArray()
                out.jsonValue(edge.waiter)
                out.jsonValue(edge.dependency)
                out.closeJSON()
            }
            out.closeJSON()
            out.closeJSON()
        }
        out.jsonKey("location")
        write(finding.location, to: &out)
        out.jsonMember("message", finding.message)
        out.jsonMember("name", finding.rule.name)
        if !finding.notes.isEmpty {
            out.jsonMember("notes", finding.notes)
        }
        out.jsonMember("operations", finding.operations)
        if !finding.queues.isEmpty {
            out.jsonMember("queues", finding.queues)
        }
        out.jsonKey("related")
        out.openJSONArray()
        for related in finding.related {
            out.openJSONObject()
            out.jsonKey("location")
            write(related.location, to: &out)
            out.jsonMember("message", related.message)
            out.closeJSON()
        }
        out.closeJSON()
        out.jsonMember("rule", finding.rule.code)
        out.jsonMember("severity", finding.severity.rawValue)
        out.closeJSON()
    }
}
