/// GitLab Code Quality JSON (a CodeClimate subset): an array of issues with `description`,
/// `check_name`, `fingerprint`, `severity` and `location.path` / `location.lines.begin`.
public struct GitLabReporter: FindingReporter {
    public static let name = "gitlab"
    public static let relativeCost = 1.2

    public init() {}

    public func write(_ result: LintResult, context: ReportContext, to out: inout ReportWriter) throws {
        let findings = result.findings
        let reported = result.reportedIndices
        // GitLab compares reports by fingerprint, which must be unique within one report: a
        // repeated one is hashed again with how many times it came before, in report order.
        var seen: [Fingerprint: Int] = [:]
        seen.reserveCapacity(reported.count)
        let fingerprints = reported.map { index in
            let fingerprint = findings[index].fingerprintDigest
            let occurrence = seen[fingerprint, default: 0]
            seen[fingerprint] = occurrence + 1
            guard occurrence > 0 else { return fingerprint }
            var hasher = StableHasher()
            hasher.combine(fingerprint.hex)
            hasher.combine(String(occurrence))
            return hasher.digest
        }
        out.openJSONArray()
        try out.writeItems(reported.count, state: { IssueWriting(context) }) { item, state, out in
            let finding = findings[reported[item]]
            let fingerprint = fingerprints[item]
            Self.writeIssue(finding, fingerprint: fingerprint, state: &state, to: &out)
        }
        out.closeJSON()
        out.endJSONDocument()
    }

    /// What a thread writing issues keeps between them: the paths as shown, and the
    /// stretches every issue writes the same way (`ReportWriter.fixed`).
    struct IssueWriting {
        var paths: DisplayPaths
        var checkName = FixedJSON(), description = FixedJSON(), fingerprint = FixedJSON(), line = FixedJSON()
        var path = FixedJSON(), severity = FixedJSON(), type = FixedJSON()

        init(_ context: ReportContext) {
            paths = DisplayPaths(context)
        }
    }

    /// One finding as a Code Quality issue, members in key order.
    static func writeIssue(_ finding: Finding, fingerprint: Fingerprint, state: inout IssueWriting, to out: inout ReportWriter) {
        out.fixed(&state.checkName) {
            $0.openJSONObject()
            $0.jsonKey("categories")
            $0.openJSONArray()
            $0.jsonValue("Bug Risk")
            $0.closeJSON()
            $0.jsonKey("check_name")
        }
        out.jsonValue(finding.rule.name)
        // `message [CODE name]`, written piece by piece into one string value.
        out.fixed(&state.description) { $0.jsonKey("description") }
        out.openJSONString()
        out.append(jsonStringContent: finding.message)
        out.append(" [")
        out.append(jsonStringContent: finding.rule.code)
        out.append(byte: 0x20)
        out.append(jsonStringContent: finding.rule.name)
        out.append(byte: 0x5D)
        out.closeJSONString()
        out.fixed(&state.fingerprint) { $0.jsonKey("fingerprint") }
        out.jsonValue(fingerprint)
        out.fixed(&state.line) {
            $0.jsonKey("location")
            $0.openJSONObject()
            $0.jsonKey("lines")
            $0.openJSONObject()
            $0.jsonKey("begin")
        }
        out.jsonValue(finding.location.line)
        out.fixed(&state.path) {
            $0.closeJSON()
            $0.jsonKey("path")
        }
        out.jsonValue(state.paths.shown(finding.location.file))
        out.fixed(&state.severity) {
            $0.closeJSON()
            $0.jsonKey("severity")
        }
        out.jsonValue(Self.severity(finding.severity))
        out.fixed(&state.type) {
            $0.jsonKey("type")
            $0.jsonValue("issue")
            $0.closeJSON()
        }
    }

    /// Code Quality severities: an error (the graph never finishes or throws) is `critical`,
    /// a warning `minor`, a note `info`.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "critical"
        case .warning: "minor"
        case .note: "info"
        }
    }
}
