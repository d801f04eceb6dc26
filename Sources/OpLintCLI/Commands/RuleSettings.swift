import OpLintCore

/// `--rule RULE=SEVERITY` settings, shared by the commands that lint.
enum RuleSettings {
    /// Each setting as rule code → severity, `.some(nil)` for `off`; unknown rules and
    /// severities are usage errors with a suggestion.
    static func severities(_ settings: [String], command: String) throws -> [String: Severity?] {
        var severities: [String: Severity?] = [:]
        for setting in settings {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw CommandError.usage("--rule expects RULE=SEVERITY (error, warning, note, off), got '\(setting)'", command: command)
            }
            guard let rule = RuleRegistry.rule(named: parts[0]) else {
                let candidates = RuleRegistry.all.flatMap { [$0.description.id.code, $0.description.id.name] }
                let hint = Suggestion.closest(to: parts[0], among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
                throw CommandError.usage("unknown rule '\(parts[0])'\(hint)", command: command)
            }
            if parts[1] == "off" {
                severities[rule.description.id.code] = .some(nil)
            } else if let severity = Severity(rawValue: parts[1]) {
                severities[rule.description.id.code] = .some(severity)
            } else {
                throw CommandError.usage("--rule \(parts[0]): severity must be error, warning, note or off, got '\(parts[1])'", command: command)
            }
        }
        return severities
    }
}
