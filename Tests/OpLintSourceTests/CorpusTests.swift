import Foundation
import Testing
import OpLintCore
@testable import OpLintSource

@Suite("Precision corpus")
struct CorpusTests {
    @Test("The corpus has at least 30 files in both languages")
    func corpusSize() {
        let cases = Corpus.cases()
        #expect(cases.count >= 30)
        #expect(cases.contains { $0.hasSuffix(".m") })
        #expect(cases.contains { $0.hasSuffix(".swift") })
    }

    @Test("Extraction matches the hand-read graphs: no false edge, edge recall ≥ 98%")
    func precisionAndRecall() throws {
        var operations = Score(), edges = Score(), queues = Score(), settings = Score()
        var falseEdges: [String] = []
        var report: [String] = []
        for name in Corpus.cases() {
            let graph = try Corpus.extract(name)
            let found = try GraphFacts(json: Data(GraphWriter().write(graph).utf8))
            let expected = try GraphFacts(json: Data(contentsOf: Corpus.directory.appendingPathComponent(Corpus.expectedName(for: name))))
            operations.add(expected: expected.operations, found: found.operations)
            edges.add(expected: expected.edges, found: found.edges)
            queues.add(expected: expected.queueAssignments, found: found.queueAssignments)
            settings.add(expected: expected.settings, found: found.settings)
            falseEdges += found.edges.subtracting(expected.edges).sorted().map { "\(name): \($0)" }
            for (kind, e, f) in [("operation", expected.operations, found.operations), ("edge", expected.edges, found.edges),
                                 ("queue", expected.queueAssignments, found.queueAssignments), ("setting", expected.settings, found.settings)] {
                for missing in e.subtracting(f).sorted() { report.append("\(name): missing \(kind) \(missing)") }
                for extra in f.subtracting(e).sorted() { report.append("\(name): unexpected \(kind) \(extra)") }
            }
        }
        print("corpus: \(Corpus.cases().count) files")
        print("operations:        \(operations.summary)")
        print("edges:             \(edges.summary)")
        print("queue assignments: \(queues.summary)")
        print("settings:          \(settings.summary)")
        for line in report { print("  " + line) }
        #expect(falseEdges.isEmpty, "false edges: \(falseEdges)")
        #expect(edges.recall >= 0.98)
    }
}
