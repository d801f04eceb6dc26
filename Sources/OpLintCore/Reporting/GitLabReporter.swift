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
        try out.writeItems(reported.count, state: { DisplayPaths(context) }) { item, paths, out in
            let finding = findings[reported[item]]
            let fingerprint = fingerprints[item]
            Self.writeIssue(finding, fingerprint: fingerprint, paths: &paths, to: &out)
        }
        out.closeJSON()
        out.endJSONDocument()
    }

    /// One finding as a Code Quality issue, members in key order.
    static func writeIssue(_ finding: Finding, fingerprint: Fingerprint, paths: inout DisplayPaths, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonKey("categories")
        out.openJSONArray()
        out.jsonValue("Bug Risk")
        out.closeJSON()
        out.jsonMember("check_name", finding.rule.name)
        // `message [CODE name]`, written piece by piece into one string value.
        out.jsonKey("description")
        out.openJSONString()
        out.append(jsonStringContent: finding.message)
        out.append(" [")
        out.append(jsonStringContent: finding.rule.code)
        out.append(byte: 0x20)
        out.append(jsonStringContent: finding.rule.name)
        out.append(byte: 0x5D)
        out.closeJSONString()
        out.jsonMember("fingerprint", fingerprint)
        out.jsonKey("location")
        out.openJSONObject()
        out.jsonKey("lines")
        out.openJSONObject()
        out.jsonMember("begin", finding.location.line)
        out.closeJSON()
        out.jsonMember("path", paths.shown(finding.location.file))
        out.closeJSON()
        out.jsonMember("severity", Self.severity(finding.severity))
        out.jsonMember("type", "issue")
        out.closeJSON()
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
