/// Applies the inline suppression comments of source files (`// oplint:disable…`) to
/// findings, and reports the comments that suppressed nothing (OPL307).
public enum InlineSuppression {
    /// The lines of one file a comment covers, and the rules it names.
    struct Coverage {
        var comment: SourceFacts.Suppression
        var lines: ClosedRange<Int>

        func covers(_ finding: Finding) -> Bool {
            guard finding.location.file == comment.location.file, lines.contains(finding.location.line) else { return false }
            return InlineSuppression.names(comment.rules, finding.rule)
        }
    }

    static func names(_ rules: [String], _ rule: RuleID) -> Bool {
        rules.isEmpty || rules.contains { $0.uppercased() == rule.code.uppercased() || $0 == rule.name }
    }

    /// What each disabling comment covers: `disable-file` the whole file, `disable-next-line`
    /// the next line, `disable` up to the next `enable` of one of its rules (or the end).
    ///
    /// - Complexity: O(*c* log *c* + *c*²) in the number of comments of one file (few).
    static func coverage(_ comments: [SourceFacts.Suppression]) -> [Coverage] {
        var result: [Coverage] = []
        let sorted = comments.sorted { $0.location < $1.location }
        for (index, comment) in sorted.enumerated() {
            let line = comment.location.line
            switch comment.kind {
            case .disableFile:
                result.append(Coverage(comment: comment, lines: 1...Int.max))
            case .disableNextLine:
                result.append(Coverage(comment: comment, lines: (line + 1)...(line + 1)))
            case .disable:
                let end = sorted[(index + 1)...].first { other in
                    other.kind == .enable && other.location.file == comment.location.file
                        && (other.rules.isEmpty || comment.rules.isEmpty || other.rules.contains { comment.rules.contains($0) })
                }?.location.line ?? Int.max
                result.append(Coverage(comment: comment, lines: line...max(line, end)))
            case .enable:
                continue
            }
        }
        return result
    }

    /// Marks findings covered by a comment as suppressed; when `unused` is given, appends an
    /// OPL307 finding (at that severity) for every comment that covered none.
    ///
    /// - Complexity: O(*f* × *c*) for *f* findings and *c* comments.
    public static func apply(to findings: inout [Finding], facts: SourceFacts, unused: Severity?, enabledRules: Set<String>) {
        guard !facts.suppressions.isEmpty else { return }
        let coverages = coverage(facts.suppressions)
        var used = [Bool](repeating: false, count: coverages.count)
        for f in findings.indices {
            for (c, coverage) in coverages.enumerated() where coverage.covers(findings[f]) {
                findings[f].isSuppressed = true
                used[c] = true
            }
        }
        guard let unused else { return }
        let rule = UnusedSuppressionRule()
        for (c, coverage) in coverages.enumerated() where !used[c] {
            let comment = coverage.comment
            // A comment about rules that did not run this time says nothing about them.
            if !comment.rules.isEmpty && !comment.rules.contains(where: { enabledRules.contains($0.uppercased()) || enabledRules.contains($0) }) { continue }
            let text = "oplint:\(comment.kind.rawValue)" + (comment.rules.isEmpty ? "" : " " + comment.rules.joined(separator: " "))
            var finding = rule.finding(
                "`\(text)` suppresses no finding",
                at: comment.location,
                severity: unused,
                fix: Finding.Fix("remove the comment")
            )
            if coverages.contains(where: { $0.comment.kind == .disableFile && $0.covers(finding) && InlineSuppression.names($0.comment.rules, finding.rule) && !$0.comment.rules.isEmpty }) {
                finding.isSuppressed = true
            }
            findings.append(finding)
        }
    }
}

extension Linter {
    /// The severity of unused-suppression (OPL307) in this run, or nil when it is off.
    var unusedSuppressionSeverity: Severity? {
        let code = UnusedSuppressionRule.description.id.code
        guard rules.contains(where: { $0.id.code == code }) else { return nil }
        switch severities[code] {
        case .some(.none): return nil
        case .some(.some(let severity)): return severity
        case .none: return UnusedSuppressionRule.description.defaultSeverity
        }
    }

    /// Codes (upper-cased) and names of the rules that run.
    var enabledRuleKeys: Set<String> {
        var keys: Set<String> = []
        for rule in rules where isEnabled(rule) {
            keys.insert(rule.id.code.uppercased())
            keys.insert(rule.id.name)
        }
        return keys
    }
}
