import OpLintCore

/// Every output of a lint run on small graphs decoded from the input (`GraphBytes`): each
/// reporter's output is what its format requires, a baseline of the findings hides them all,
/// a diff reads right, and the dependency drawing and the HTML report are well-formed and
/// never show a name as markup.
enum LintReportsFuzzing {
    static let target = FuzzTarget(
        name: "lint-reports",
        summary: "Every reporter, baseline, diff, dependency drawing and HTML report of a decoded graph's lint result",
        maximumLength: 512
    ) { bytes throws(FuzzFailure) in
        let (graph, analysis, result) = try LintSimulateFuzzing.lint(bytes)
        try OutputChecks.reports(result)
        try OutputChecks.baseline(result)
        try OutputChecks.diff(graph, result)
        let schedule = try LintSimulateFuzzing.simulator(graph, .apple)?.run()
        try OutputChecks.drawings(analysis, result, schedule: schedule, header: bytes.first ?? 0)
        try OutputChecks.htmlReport(graph, result, schedule: schedule)
    }
}
