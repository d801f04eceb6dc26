import Foundation
import Testing
@testable import OpLintCore

/// A survey of the disagreements on a range of seeds, grouped by kind and rule, each group
/// with its graph minimised: the tool for finding what to fix next.
///
/// By default it surveys the 200 seeds after those `DifferentialTests` runs and expects no
/// disagreement. `OPLINT_DIFFERENTIAL_SURVEY=FIRST-COUNT` surveys another range (or
/// `OPLINT_DIFFERENTIAL_SEEDS=1,2,3` those seeds), `OPLINT_DIFFERENTIAL_SEED` and
/// `OPLINT_DIFFERENTIAL_RUNS` change the exploration, and the report is printed:
/// `OPLINT_DIFFERENTIAL_SURVEY=0-20000 swift test --filter DifferentialSurvey`.
@Suite struct DifferentialSurvey {
    @Test func survey() {
        let environment = ProcessInfo.processInfo.environment
        let range = environment["OPLINT_DIFFERENTIAL_SURVEY"]
        let parts = (range ?? "").split(separator: "-").compactMap { UInt64($0) }
        let first = parts.first ?? UInt64(DifferentialTests.batches * DifferentialTests.graphsPerBatch)
        let count = parts.count > 1 ? parts[1] : 200
        let seeds = environment["OPLINT_DIFFERENTIAL_SEEDS"].map { $0.split(separator: ",").compactMap { UInt64($0) } }
            ?? Array(first..<(first + count))
        let explorationSeed = environment["OPLINT_DIFFERENTIAL_SEED"].flatMap { UInt64($0) } ?? ScheduleOutcomes.explorationSeed
        let runs = environment["OPLINT_DIFFERENTIAL_RUNS"].flatMap { Int($0) } ?? ScheduleOutcomes.explorationRuns

        var groups: [String: (seeds: [UInt64], example: OperationGraph, detail: String, kinds: Set<Disagreement.Kind>)] = [:]
        var stuckSomewhere = 0
        var stuckSometimes = 0
        var causes: [String: Int] = [:]
        for seed in seeds {
            let graph = DifferentialGraphs.make(seed: seed)
            let outcomes = ScheduleOutcomes(graph, runs: runs, seed: explorationSeed)
            let stuck = outcomes.outcomes.filter { $0.stuck != nil }.count
            if stuck > 0 { stuckSomewhere += 1 }
            if stuck > 0 && stuck < outcomes.outcomes.count { stuckSometimes += 1 }
            for kind in Set(outcomes.outcomes.flatMap { $0.stuck?.rootCauses.map(\.kind.rawValue) ?? [] }) { causes[kind, default: 0] += 1 }
            for disagreement in Disagreement.find(findings: Linter().lint(graph).findings, outcomes: outcomes) {
                let key = disagreement.kind == .unexplained
                    ? "\(disagreement.kind.rawValue) \(disagreement.detail.prefix(40))"
                    : "\(disagreement.kind.rawValue) \(disagreement.detail.prefix(6))"
                if var group = groups[key] {
                    if group.seeds.last != seed { group.seeds.append(seed) }
                    if graph.operations.count < group.example.operations.count { (group.example, group.detail) = (graph, disagreement.detail) }
                    groups[key] = group
                } else {
                    groups[key] = ([seed], graph, disagreement.detail, [disagreement.kind])
                }
            }
        }
        var report = "\(seeds.count) graphs, \(stuckSomewhere) stuck in some schedule, \(stuckSometimes) in some but not all; root causes: "
            + causes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "\n"
        for key in groups.keys.sorted(by: { groups[$0]!.seeds.count > groups[$1]!.seeds.count }) {
            guard let group = groups[key] else { continue }
            let smallest = GraphMinimiser.minimise(group.example) { candidate in
                let outcomes = ScheduleOutcomes(candidate, runs: runs, seed: explorationSeed)
                return Disagreement.find(findings: Linter().lint(candidate).findings, outcomes: outcomes).contains { group.kinds.contains($0.kind) }
            }
            report += "== \(group.seeds.count)× \(key)\nseeds \(group.seeds.prefix(20).map(String.init).joined(separator: " "))\n\(group.detail)\nminimised:\n\(GraphWriter().write(smallest))\n"
        }
        if range != nil || environment["OPLINT_DIFFERENTIAL_SEEDS"] != nil { print(report) }
        #expect(groups.isEmpty, "\(report)")
    }
}
