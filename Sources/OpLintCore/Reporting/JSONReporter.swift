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
        out.openJSONArrayOfLines()
        try out.writeReported(result, state: { FindingWriting() }) { finding, state, out in Self.write(finding, state: &state, to: &out) }
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

    /// The stretches every location writes the same way (`ReportWriter.fixed`).
    struct LocationWriting {
        var file = FixedJSON(), line = FixedJSON(), closeThenMessage = FixedJSON()
    }

    /// A location `{"column": …, "file": …, "line": …}` from its column value on (the caller
    /// writes the key `column` with the stretch before it), then the key `message`, which
    /// follows a location in a finding and in a related location alike: one stretch each.
    static func write(_ location: SourceLocation, fromColumn state: inout LocationWriting, to out: inout ReportWriter) {
        out.jsonValue(location.column)
        out.fixed(&state.file) { $0.jsonKey("file") }
        out.jsonValue(location.file)
        out.fixed(&state.line) { $0.jsonKey("line") }
        out.jsonValue(location.line)
        out.fixed(&state.closeThenMessage) {
            $0.closeJSON()
            $0.jsonKey("message")
        }
    }

    /// What a thread writing findings keeps between them: the stretches every finding writes
    /// the same way.
    struct FindingWriting {
        var fingerprint = FixedJSON(), location = FixedJSON(), name = FixedJSON()
        var operations = FixedJSON(), related = FixedJSON(), noRelated = FixedJSON(), relatedLocation = FixedJSON()
        var relatedClose = FixedJSON(), rule = FixedJSON(), severity = FixedJSON(), close = FixedJSON()
        var fix = FixedJSON(), removeEdges = FixedJSON(), edge = FixedJSON(), edgeClose = FixedJSON(), fixClose = FixedJSON()
        var locations = LocationWriting()
    }

    /// One finding, as the `findings` of this format and of `oplint diff --format json` hold it.
    ///
    /// - Complexity: O(size of the finding).
    static func write(_ finding: Finding, state: inout FindingWriting, to out: inout ReportWriter) {
        out.fixed(&state.fingerprint) {
            $0.openJSONObject()
            $0.jsonKey("fingerprint")
        }
        out.jsonValue(finding.fingerprintDigest)
        if let fix = finding.fix {
            out.fixed(&state.fix) {
                $0.jsonKey("fix")
                $0.openJSONObject()
                $0.jsonKey("message")
            }
            out.jsonValue(fix.message)
            out.fixed(&state.removeEdges) {
                $0.jsonKey("removeEdges")
                $0.openJSONArray()
            }
            for edge in fix.removeEdges {
                out.fixed(&state.edge) { $0.openJSONArray() }
                out.jsonValue(edge.waiter)
                out.jsonValue(edge.dependency)
                out.fixed(&state.edgeClose) { $0.closeJSON() }
            }
            out.fixed(&state.fixClose) {
                $0.closeJSON()
                $0.closeJSON()
            }
        }
        out.fixed(&state.location) {
            $0.jsonKey("location")
            $0.openJSONObject()
            $0.jsonKey("column")
        }
        write(finding.location, fromColumn: &state.locations, to: &out)
        out.jsonValue(finding.message)
        out.fixed(&state.name) { $0.jsonKey("name") }
        out.jsonValue(finding.rule.name)
        if !finding.notes.isEmpty {
            out.jsonMember("notes", finding.notes)
        }
        out.fixed(&state.operations) { $0.jsonKey("operations") }
        out.jsonValue(finding.operations)
        if !finding.queues.isEmpty {
            out.jsonMember("queues", finding.queues)
        }
        if finding.related.isEmpty {
            out.fixed(&state.noRelated) {
                $0.jsonKey("related")
                $0.openJSONArray()
                $0.closeJSON()
                $0.jsonKey("rule")
            }
        } else {
            out.fixed(&state.related) {
                $0.jsonKey("related")
                $0.openJSONArray()
            }
            for related in finding.related {
                out.fixed(&state.relatedLocation) {
                    $0.openJSONObject()
                    $0.jsonKey("location")
                    $0.openJSONObject()
                    $0.jsonKey("column")
                }
                write(related.location, fromColumn: &state.locations, to: &out)
                out.jsonValue(related.message)
                out.fixed(&state.relatedClose) { $0.closeJSON() }
            }
            out.fixed(&state.rule) {
                $0.closeJSON()
                $0.jsonKey("rule")
            }
        }
        out.jsonValue(finding.rule.code)
        out.fixed(&state.severity) { $0.jsonKey("severity") }
        out.jsonValue(finding.severity.rawValue)
        out.fixed(&state.close) { $0.closeJSON() }
    }
}
