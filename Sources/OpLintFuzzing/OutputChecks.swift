import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import OpLintCore

/// What every lint output promises, whatever the graph and its names.
enum OutputChecks {
    static let directory = "/fuzz"

    /// Findings name a registered rule, a message and a place in the file.
    static func findings(_ result: LintResult, graph: OperationGraph) throws(FuzzFailure) {
        let codes = Set(RuleRegistry.all.map { $0.description.id.code })
        for finding in result.findings {
            try require(codes.contains(finding.rule.code), "a finding of \(finding.rule.code), which is no rule")
            try require(!finding.message.isEmpty, "a \(finding.rule.code) finding without a message")
            try require(finding.location.line >= 1 && finding.location.column >= 1, "a \(finding.rule.code) finding at \(finding.location)")
        }
        try require(isSorted(result.findings), "findings are not in report order")
    }

    private static func isSorted(_ findings: [Finding]) -> Bool {
        zip(findings, findings.dropFirst()).allSatisfy { !Finding.reportOrder($1, $0) }
    }

    /// Every reporter's output is what its format requires.
    static func reports(_ result: LintResult) throws(FuzzFailure) {
        // The rule catalogue SARIF carries is the same text for every input: describe only the
        // rules that found something, so that the time goes into what the input changes.
        let codes = Set(result.findings.map(\.rule.code))
        var context = ReportContext(inputFiles: [LintSimulateFuzzing.path], baseDirectory: directory,
                                    rules: RuleRegistry.all.map { $0.description }.filter { codes.contains($0.id.code) })
        for reporter in ReporterRegistry.all {
            let text = reporter.init().report(result, context: context)
            switch reporter.name {
            case "json", "sarif", "gitlab":
                try parsesAsJSON(text, "the \(reporter.name) report")
            case "junit", "checkstyle":
                try parsesAsXML(text, "the \(reporter.name) report")
            case "text":
                let expected = result.reported.reduce(1) { $0 + 1 + $1.related.count + $1.notes.count + ($1.fix == nil ? 0 : 1) }
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                try require(lines.count == expected, "the text report has \(lines.count) lines for \(expected)")
                try require(!text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) },
                            "the text report holds a raw control character")
            case "github":
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                try require(lines.count == result.reported.count + 1, "the github report has \(lines.count) lines for \(result.reported.count) findings")
                try require(lines.dropLast().allSatisfy { $0.hasPrefix("::") } && !text.contains("\r"), "a github annotation is broken over lines")
            default:
                break
            }
        }
        context.baselineUnchanged = Array(result.reported.prefix(2))
        try parsesAsJSON(SARIFReporter().report(result, context: context), "the SARIF report with a baseline")
    }

    /// A baseline of the findings reads back and hides every one of them.
    static func baseline(_ result: LintResult) throws(FuzzFailure) {
        let files = Baseline.FileKey(currentDirectory: directory, baselineDirectory: directory)
        let baseline = Baseline(findings: result.findings, files: files)
        let written = baseline.serialized()
        let again: Baseline
        do {
            again = try Baseline.parse(Array(written.utf8), path: directory + "/baseline.json")
        } catch {
            throw FuzzFailure("a written baseline does not read back: \(error)")
        }
        try require(again == baseline, "the baseline reads back differently")
        let (kept, unchanged) = again.apply(to: result, files: files)
        try require(kept.reported.isEmpty, "a baseline of the findings leaves \(kept.reported.count) of them reported")
        try require(unchanged.count == result.reported.count, "the baseline hides \(unchanged.count) of \(result.reported.count) findings")
    }

    /// A graph compared with itself has no changes; compared with nothing, everything is new.
    static func diff(_ graph: OperationGraph, _ result: LintResult) throws(FuzzFailure) {
        try require(GraphDiff(old: graph, new: graph, oldResult: result, newResult: result).isEmpty, "a graph differs from itself")
        let diff = GraphDiff(old: OperationGraph(), new: graph, oldResult: LintResult(findings: []), newResult: result)
        try require(diff.newFindings.count == result.reported.count, "the diff from nothing lists \(diff.newFindings.count) of \(result.reported.count) findings")
        try require(diff.addedOperations == Set(graph.operations.map(\.name)).sorted(), "the diff from nothing misses operations")
        _ = diff.text()
        _ = diff.markdown()
        try parsesAsJSON(diff.json(), "the diff JSON")
    }

    /// The dependency drawing in the view the header picks, and its DOT is well-formed.
    static func drawings(_ analysis: GraphAnalysis, _ result: LintResult, schedule: Schedule?, header: UInt8) throws(FuzzFailure) {
        var options = DrawingOptions()
        options.condense = header & 0x04 != 0
        options.findingsOnly = header & 0x08 != 0
        if header & 0x10 != 0 { options.collapse = .queues }
        if header & 0x20 != 0 { options.focus = analysis.graph.operations.last?.name }
        if header & 0x30 == 0x30 { options.edges = .dependsOn }
        options.criticalPath = schedule?.criticalPath.map(\.operation) ?? []
        options.linkTemplate = "https://example.com/{file}#L{line}"
        do {
            let drawing = try DependencyDrawing(graph: analysis.graph, index: analysis.index, findings: result.findings, options: options)
            try DOTSyntax.document(drawing.dot)
        } catch let error as DrawingError {
            try require(!error.description.isEmpty, "a drawing error without a message")
        } catch let failure as FuzzFailure {
            throw failure
        } catch {
            throw FuzzFailure("the drawing threw \(error)")
        }
    }

    /// The HTML report never shows a name as markup.
    static func htmlReport(_ graph: OperationGraph, _ result: LintResult, schedule: Schedule?) throws(FuzzFailure) {
        let title = graph.operations.first?.name ?? "fuzz"
        let html = HTMLReport(title: title, inputFiles: [LintSimulateFuzzing.path], result: result, schedule: schedule,
                              link: LinkTemplate("vscode://file/{file}:{line}"), baseDirectory: directory).html()
        for name in graph.operations.map(\.name) + graph.queues.map(\.name) where name.unicodeScalars.contains("<") {
            try require(html.range(of: name, options: .literal) == nil, "the HTML report shows the name \(name.debugDescription) as markup")
        }
    }

    /// `text` is one JSON document, as the graph loader's strict parser reads JSON.
    static func parsesAsJSON(_ text: String, _ what: String) throws(FuzzFailure) {
        if case .error(let message, _, _) = try PositionedJSONAgreement.referencePieces(Array(text.utf8)) {
            throw FuzzFailure("\(what) is not JSON: \(message)\n\(text)")
        }
    }

    static func parsesAsXML(_ text: String, _ what: String) throws(FuzzFailure) {
        let parser = XMLParser(data: Data(text.utf8))
        if !parser.parse() {
            throw FuzzFailure("\(what) is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")\n\(text)")
        }
    }
}
