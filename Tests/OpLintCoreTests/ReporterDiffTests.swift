import Foundation
import Testing
@testable import OpLintCore

@Suite struct ReporterDiffTests {
    typealias Op = OperationGraph.Operation

    func graph(_ operations: [(String, [String])], line: Int = 1) -> OperationGraph {
        let ops = operations.enumerated().map { index, entry in
            var op = Op(name: entry.0, queue: "q", dependencies: entry.1.map { .init($0) })
            op.location = SourceLocation(file: "Sources/App.swift", line: line + index, column: 5)
            return op
        }
        return OperationGraph(queues: [.init(name: "q")], operations: ops)
    }

    func diff(_ old: OperationGraph, _ new: OperationGraph) -> GraphDiff {
        let linter = Linter()
        return GraphDiff(old: old, new: new, oldResult: linter.lint(old), newResult: linter.lint(new))
    }

    @Test func reportsNewAndFixedFindingsAndEdges() {
        let old = graph([("a", ["b"]), ("b", ["a"]), ("c", [])])
        let new = graph([("a", ["b"]), ("b", []), ("c", ["c"]), ("d", ["a"])])
        let result = diff(old, new)
        #expect(result.fixedFindings.map(\.rule.code).contains("OPL101"))
        #expect(result.newFindings.map(\.rule.code).contains("OPL102"))
        #expect(!result.newFindings.map(\.rule.code).contains("OPL101"))
        #expect(result.addedEdges == [.init("c", "c"), .init("d", "a")])
        #expect(result.removedEdges == [.init("b", "a")])
        #expect(result.addedOperations == ["d"] && result.removedOperations.isEmpty)
        #expect(!result.isEmpty)
    }

    @Test func movedLinesAreNotChanges() {
        let old = graph([("a", ["b"]), ("b", ["a"])], line: 10)
        let new = graph([("a", ["b"]), ("b", ["a"])], line: 40)
        let result = diff(old, new)
        #expect(result.isEmpty, "\(result.text())")
        #expect(result.text().hasPrefix("0 new findings, 0 fixed;"))
    }

    @Test func aSecondCopyOfAFindingIsNew() {
        let one = Finding(rule: SelfDependencyRule.description.id, severity: .error, message: "x", location: SourceLocation(file: "f", line: 1, column: 1), operations: ["x"])
        let (new, fixed) = GraphDiff.difference([one], [one, one])
        #expect(new.count == 1 && fixed.isEmpty)
    }

    @Test func everyOutputIsDeterministicAndEscaped() throws {
        let old = graph([("a", [])])
        let new = graph([("<b>|@x", ["<b>|@x"])])
        let result = diff(old, new)
        #expect(result.text() == diff(old, new).text())
        let markdown = result.markdown()
        #expect(!markdown.contains("<b>") && !markdown.contains("@x"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any])
        #expect((json["addedEdges"] as? [[String]]) == [["<b>|@x", "<b>|@x"]])
        #expect((json["removedOperations"] as? [String]) == ["a"])
        #expect((json["newFindings"] as? [[String: Any]])?.isEmpty == false)
    }
}
