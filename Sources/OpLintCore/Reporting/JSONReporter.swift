/// The stable JSON format (`docs/output-formats.md`): sorted keys, every location with file, line, column.
public struct JSONReporter: FindingReporter {
    public static let name = "json"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        let counts = result.counts
        var summary: [String: JSONValue] = [
            "errors": .int(counts[.error] ?? 0),
            "warnings": .int(counts[.warning] ?? 0),
            "notes": .int(counts[.note] ?? 0),
            "suppressed": .int(result.findings.count - result.reported.count),
        ]
        if let baseline = context.baselineUnchanged { summary["baseline"] = .int(baseline.count) }
        var document: [String: JSONValue] = [
            "findings": .array(result.findings.filter { !$0.isSuppressed }.map(Self.json)),
            "summary": .object(summary),
            "tool": .object(["name": .string("oplint"), "version": .string(context.toolVersion)]),
            "version": .int(1),
        ]
        if let coverage = result.coverage { document["coverage"] = Self.json(coverage) }
        return JSONValue.object(document).serialized()
    }

    /// The `coverage` object of a lint of source code.
    static func json(_ coverage: SourceCoverage) -> JSONValue {
        .object([
            "files": .int(coverage.files),
            "filesUsingOperations": .int(coverage.filesUsingOperations),
            "operations": .int(coverage.operations),
            "queues": .int(coverage.queues),
            "dependencies": .int(coverage.dependencies),
            "callsFollowed": .int(coverage.callsFollowed),
            "callsNotFollowed": .int(coverage.callsNotFollowed),
        ])
    }

    static func json(_ location: SourceLocation) -> JSONValue {
        .object(["file": .string(location.file), "line": .int(location.line), "column": .int(location.column)])
    }

    static func json(_ finding: Finding) -> JSONValue {
        var object: [String: JSONValue] = [
            "fingerprint": .string(finding.fingerprint),
            "location": json(finding.location),
            "message": .string(finding.message),
            "name": .string(finding.rule.name),
            "operations": .array(finding.operations.map(JSONValue.string)),
            "related": .array(finding.related.map { .object(["location": json($0.location), "message": .string($0.message)]) }),
            "rule": .string(finding.rule.code),
            "severity": .string(finding.severity.rawValue),
        ]
        if !finding.queues.isEmpty { object["queues"] = .array(finding.queues.map(JSONValue.string)) }
        if !finding.notes.isEmpty { object["notes"] = .array(finding.notes.map(JSONValue.string)) }
        if let fix = finding.fix {
            object["fix"] = .object([
                "message": .string(fix.message),
                "removeEdges": .array(fix.removeEdges.map { .array([.string($0.waiter), .string($0.dependency)]) }),
            ])
        }
        return .object(object)
    }
}
