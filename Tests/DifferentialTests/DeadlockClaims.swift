@testable import OpLintCore

/// What a finding claims about the schedules of its graph: that some operations never
/// finish, in every schedule (*must*, an error) or in some timing (*may*, a warning).
struct DeadlockClaim: CustomStringConvertible {
    var rule: String
    var must: Bool
    /// The operations the finding says never finish.
    var operations: [String]
    var message: String
    /// The message and its notes: where a *may* claim names the timing that reaches it.
    var evidence: String

    var description: String { "\(rule) \(must ? "must" : "may"): \(message)" }

    /// The rules that claim operations never finish, and which of a finding's operations they claim.
    static func claim(_ finding: Finding) -> DeadlockClaim? {
        guard !finding.isSuppressed, finding.severity >= .warning else { return nil }
        let operations: [String]
        switch finding.rule.code {
        case "OPL101", "OPL106", "OPL202", "OPL204", "OPL205", "OPL207":
            operations = finding.operations
        case "OPL105":
            // The operation itself is never started by design; its dependents are the claim.
            guard finding.severity == .error else { return nil }
            operations = Array(finding.operations.dropFirst())
        case "OPL201", "OPL206":
            operations = finding.operations
        default:
            return nil
        }
        guard !operations.isEmpty else { return nil }
        return DeadlockClaim(rule: finding.rule.code, must: finding.severity == .error, operations: operations, message: finding.message,
                             evidence: ([finding.message] + finding.notes).joined(separator: "\n"))
    }
}
