/// The stable JSON format (`docs/output-formats.md`): sorted keys, every location with file, line, column.
public struct JSONReporter: FindingReporter {
    public static let name = "json"

    public init() {}

    public func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws {
        out.openJSONObject()
        if let coverage = result.coverage {
            out.jsonKey("coverage")
            Self.write(coverage, to: &out)
        }
        out.jsonKey("findings")
        out.openJSONArray()
        for finding in result.findings where !finding.isSuppressed {
            Self.write(finding, to: &out)
            try out.endFinding()
        }
        out.closeJSON()
        let counts = result.counts
        out.jsonKey("summary")
        out.openJSONObject()
        if let baseline = context.baselineUnchanged {
            out.jsonKey("baseline")
            out.jsonValue(baseline.count)
        }
        out.jsonKey("errors")
        out.jsonValue(counts[.error] ?? 0)
        out.jsonKey("notes")
        out.jsonValue(counts[.note] ?? 0)
        out.jsonKey("suppressed")
        out.jsonValue(result.findings.count - result.reportedCount)
        out.jsonKey("warnings")
        out.jsonValue(counts[.warning] ?? 0)
        out.closeJSON()
        Self.writeTool(version: context.toolVersion, to: &out)
        out.jsonKey("version")
        out.jsonValue(1)
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
        out.jsonKey("name")
        out.jsonValue("oplint")
        out.jsonKey("version")
        out.jsonValue(version)
        out.closeJSON()
    }

    /// The `coverage` object of a lint of source code.
    static func write(_ coverage: SourceCoverage, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonKey("callsFollowed")
        out.jsonValue(coverage.callsFollowed)
        out.jsonKey("callsNotFollowed")
        out.jsonValue(coverage.callsNotFollowed)
        out.jsonKey("dependencies")
        out.jsonValue(coverage.dependencies)
        out.jsonKey("files")
        out.jsonValue(coverage.files)
        out.jsonKey("filesUsingOperations")
        out.jsonValue(coverage.filesUsingOperations)
        out.jsonKey("operations")
        out.jsonValue(coverage.operations)
        out.jsonKey("queues")
        out.jsonValue(coverage.queues)
        out.closeJSON()
    }

    /// A location: `{"column": …, "file": …, "line": …}`.
    static func write(_ location: SourceLocation, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonKey("column")
        out.jsonValue(location.column)
        out.jsonKey("file")
        out.jsonValue(location.file)
        out.jsonKey("line")
        out.jsonValue(location.line)
        out.closeJSON()
    }

    /// One finding, as the `findings` of this format and of `oplint diff --format json` hold it.
    ///
    /// - Complexity: O(size of the finding).
    static func write(_ finding: Finding, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonKey("fingerprint")
        out.jsonValue(finding.fingerprintDigest)
        if let fix = finding.fix {
            out.jsonKey("fix")
            out.openJSONObject()
            out.jsonKey("message")
            out.jsonValue(fix.message)
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
        out.jsonKey("message")
        out.jsonValue(finding.message)
        out.jsonKey("name")
        out.jsonValue(finding.rule.name)
        if !finding.notes.isEmpty {
            out.jsonKey("notes")
            out.jsonValue(finding.notes)
        }
        out.jsonKey("operations")
        out.jsonValue(finding.operations)
        if !finding.queues.isEmpty {
            out.jsonKey("queues")
            out.jsonValue(finding.queues)
        }
        out.jsonKey("related")
        out.openJSONArray()
        for related in finding.related {
            out.openJSONObject()
            out.jsonKey("location")
            write(related.location, to: &out)
            out.jsonKey("message")
            out.jsonValue(related.message)
            out.closeJSON()
        }
        out.closeJSON()
        out.jsonKey("rule")
        out.jsonValue(finding.rule.code)
        out.jsonKey("severity")
        out.jsonValue(finding.severity.rawValue)
        out.closeJSON()
    }
}
