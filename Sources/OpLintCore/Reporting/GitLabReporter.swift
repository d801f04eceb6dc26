/// GitLab Code Quality JSON (a CodeClimate subset): an array of issues with `description`,
/// `check_name`, `fingerprint`, `severity` and `location.path` / `location.lines.begin`.
public struct GitLabReporter: FindingReporter {
    public static let name = "gitlab"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var seen: [String: Int] = [:]
        let issues: [JSONValue] = result.reported.map { finding in
            // GitLab compares reports by fingerprint, which must be unique within one report.
            let occurrence = seen[finding.fingerprint, default: 0]
            seen[finding.fingerprint] = occurrence + 1
            var fingerprint = finding.fingerprint
            if occurrence > 0 {
                var hasher = StableHasher()
                hasher.combine(finding.fingerprint)
                hasher.combine(String(occurrence))
                fingerprint = hasher.hexDigest
            }
            return .object([
                "type": .string("issue"),
                "description": .string("\(finding.message) [\(finding.rule.code) \(finding.rule.name)]"),
                "check_name": .string(finding.rule.name),
                "fingerprint": .string(fingerprint),
                "severity": .string(Self.severity(finding.severity)),
                "categories": .array([.string("Bug Risk")]),
                "location": .object([
                    "path": .string(context.displayPath(finding.location.file)),
                    "lines": .object(["begin": .int(finding.location.line)]),
                ]),
            ])
        }
        return JSONValue.array(issues).serialized()
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
