/// Runs rules over an operation graph and returns their findings in report order.
public struct Linter: Sendable {
    /// The rules to run.
    public var rules: [any Rule]
    /// Severity per rule code; nil turns the rule off.
    public var severities: [String: Severity?]
    public var options: AnalysisOptions
    /// When set, each rule's wall time is recorded here (`--timing`).
    public var times: PhaseTimes?
    /// How many threads run rules; nil = as many as there are cores (at most four) when the
    /// graph has at least `parallelThreshold` operations, else one. Findings do not depend on it.
    public var threads: Int?

    public init(rules: [any Rule] = RuleRegistry.makeAll(), severities: [String: Severity?] = [:], options: AnalysisOptions = AnalysisOptions()) {
        self.rules = rules
        self.severities = severities
        self.options = options
    }

    /// Lints `graph`.
    ///
    /// - Complexity: the sum of the rules' costs; each states its own.
    public func lint(_ graph: OperationGraph) -> LintResult {
        let analysis = GraphAnalysis(graph, options: options)
        return lint(analysis)
    }

    /// Lints an analysis that may be shared with other work (simulation, rendering).
    public func lint(_ analysis: GraphAnalysis) -> LintResult {
        var findings: [Finding] = []
        var ran = runRules(on: analysis)
        let total = ran.reduce(analysis.graph.diagnostics.count) { $0 + $1.findings.count }
        for k in ran.indices {
            let override = severities[ran[k].rule.id.code]
            // Taken out of `ran` and changed in place, and the first rule's list taken whole and
            // grown once to the total: a rule may find a hundred thousand things, and copying a
            // finding retains each of its strings.
            var found: [Finding] = []
            swap(&found, &ran[k].findings)
            for i in found.indices {
                if case .some(.some(let severity)) = override { found[i].severity = severity }
                found[i].limitRelated()
            }
            if findings.isEmpty {
                swap(&findings, &found)
                findings.reserveCapacity(total)
            } else {
                findings += found
            }
        }
        findings.append(contentsOf: analysis.graph.diagnostics)
        let clock = ContinuousClock()
        let finishing = clock.now
        defer { times?.record("sort and suppress findings", clock.now - finishing) }
        Suppression.apply(to: &findings, in: analysis.graph)
        InlineSuppression.apply(to: &findings, facts: analysis.graph.sourceFacts, unused: unusedSuppressionSeverity, enabledRules: enabledRuleKeys)
        Finding.sortInReportOrder(&findings)
        return LintResult(findings: findings, coverage: analysis.graph.sourceFacts.coverage)
    }
}

extension Linter {
    /// Whether `rule` runs: turned on or off by `severities`, else as its description says.
    func isEnabled(_ rule: any Rule) -> Bool {
        switch severities[rule.id.code] {
        case .some(.none): return false
        case .some(.some): return true
        case .none: return rule.description.isEnabledByDefault
        }
    }
}

/// The findings of one lint run.
public struct LintResult: Sendable, Equatable {
    /// Sorted by file, line, column, rule. Includes suppressed findings (`isSuppressed`).
    public var findings: [Finding]
    /// How much of the source the scanner followed, when the graph comes from source.
    public var coverage: SourceCoverage?

    public init(findings: [Finding], coverage: SourceCoverage? = nil) {
        self.findings = findings
        self.coverage = coverage
    }

    /// The findings that count: not suppressed.
    public var reported: [Finding] { findings.filter { !$0.isSuppressed } }

    /// How many findings count: `reported.count` without the copy.
    ///
    /// - Complexity: O(*n*) for *n* findings.
    public var reportedCount: Int { findings.reduce(0) { $0 + ($1.isSuppressed ? 0 : 1) } }

    /// The positions in `findings` of the findings that count, in report order.
    ///
    /// - Complexity: O(*n*) for *n* findings.
    public var reportedIndices: [Int] { findings.indices.filter { !findings[$0].isSuppressed } }

    /// How many reported findings have each severity.
    ///
    /// - Complexity: O(*n*) for *n* findings.
    public var counts: [Severity: Int] {
        var errors = 0, warnings = 0, notes = 0
        for finding in findings where !finding.isSuppressed {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
        return [.error: errors, .warning: warnings, .note: notes]
    }

    /// The distinct files the reported findings point into.
    ///
    /// - Complexity: O(*n*) for *n* findings, plus O(*d* log *d*) for *d* distinct files.
    public var files: [String] {
        var files: Set<String> = []
        var previous: String?
        for finding in findings where !finding.isSuppressed {
            // Findings of one file mostly share one string: compared by identity first, cheaply.
            if let previous, previous == finding.location.file { continue }
            previous = finding.location.file
            files.insert(finding.location.file)
        }
        return files.sorted()
    }

    /// Whether a finding at or above `level` was reported.
    public func hasFindings(atLeast level: Severity) -> Bool {
        findings.contains { !$0.isSuppressed && $0.severity >= level }
    }
}

/// Operation-level `"oplint": {"disable": [...]}`: findings that involve only disabled operations are suppressed.
enum Suppression {
    static func apply(to findings: inout [Finding], in graph: OperationGraph) {
        var disabled: [String: [String]] = [:]
        let operations = graph.operations
        for (i, detail) in operations.columns.detailIndex.enumerated() where detail >= 0 && !operations.disabledRules(at: i).isEmpty {
            disabled[operations.name(at: i), default: []] += operations.disabledRules(at: i)
        }
        guard !disabled.isEmpty else { return }
        for i in findings.indices {
            let finding = findings[i]
            guard let first = finding.operations.first, let rules = disabled[first] else { continue }
            if rules.contains(finding.rule.code) || rules.contains(finding.rule.name) {
                findings[i].isSuppressed = true
            }
        }
    }
}
