import OpLintCore
@testable import OpLintSource

/// Extraction and lint of small multi-file sources that reproduce patterns met in public
/// repositories (written here in our own words).
struct RealCodeCase {
    let graph: OperationGraph
    let result: LintResult

    init(_ files: [(String, String)]) {
        graph = SourceExtractor.extract(files: files.map { ($0.0, Array($0.1.utf8)) }).graph
        result = Linter().lint(graph)
    }

    init(_ name: String, _ text: String) {
        self.init([(name, text)])
    }

    /// `OPL105@File.m:12` for every reported error and warning.
    var alarms: [String] {
        result.reported.filter { $0.severity >= .warning }.map { "\($0.rule.code)@\($0.location.file):\($0.location.line)" }
    }

    /// Reported findings of one rule, at any severity.
    func findings(_ code: String) -> [Finding] {
        result.reported.filter { $0.rule.code == code }
    }

    func operation(_ name: String) -> OperationGraph.Operation? {
        graph.operations.first { $0.name == name }
    }

    /// `waiter → dependency` for every edge.
    var edges: [String] {
        graph.operations.flatMap { op in op.dependencies.map { "\(op.name) → \($0.name)" } }
    }
}
