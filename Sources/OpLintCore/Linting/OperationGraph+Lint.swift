extension OperationGraph {
    /// Lints the graph with every rule at its default severity (or `severities`).
    public func lint(severities: [String: Severity?] = [:]) -> LintResult {
        Linter(severities: severities).lint(self)
    }

    /// The error findings: empty when the graph will finish. For tests:
    /// `#expect(OperationGraph.capture(queue).lintErrors.isEmpty)`.
    public var lintErrors: [Finding] {
        lint().reported.filter { $0.severity == .error }
    }
}
