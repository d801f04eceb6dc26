import Testing
import OpLintShapes
@testable import OpLintCore

/// Thousands of cycles are analysed and reported on two threads: the findings must come out
/// in the order of the cycles, each with its own operations, as on one thread.
@Suite struct DependencyCycleParallelTests {
    @Test func manyCyclesAreReportedInOrderEachWithItsOwnOperations() throws {
        let cycles = GraphAnalysis.parallelCycles + 1_001
        let graph = try GraphLoader.load(bytes: ShapeGraph(.smallCycles, operations: 2 * cycles, seed: 1).json(), path: "cycles.json")
        let analysis = GraphAnalysis(graph)
        #expect(analysis.cycles.count == cycles)
        for (k, cycle) in analysis.cycles.enumerated() {
            #expect(cycle.members == [Int32(2 * k), Int32(2 * k + 1)])
            #expect(cycle.path == [Int32(2 * k), Int32(2 * k + 1)])
        }
        let findings = DependencyCycleRule().check(analysis)
        #expect(findings.count == cycles)
        for (k, finding) in findings.enumerated() {
            #expect(finding.operations == ["op\(2 * k)", "op\(2 * k + 1)"])
            #expect(finding.message == "dependency cycle: op\(2 * k) → op\(2 * k + 1) → op\(2 * k)")
        }
        // A fresh analysis of the same graph gives the same findings.
        #expect(DependencyCycleRule().check(GraphAnalysis(graph)) == findings)
    }
}
