import Foundation
import OpLintCore

/// `oplint-bench redundant`: redundant-dependency (OPL107) alone, in this process — the
/// judging and the findings, each timed in CPU time of this thread, median of `--runs`.
enum RedundantCommand {
    static func run(_ arguments: ArraySlice<String>) throws {
        var paths: [String] = []
        var runs = 5
        var rest = arguments
        while let argument = rest.popFirst() {
            if argument == "--runs" {
                guard let value = rest.popFirst(), let n = Int(value), n > 0 else { throw UsageError("--runs needs a positive number") }
                runs = n
            } else {
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw UsageError("missing FILE") }
        let graph: OperationGraph
        do {
            graph = try GraphLoader.load(paths: paths)
        } catch {
            fail(error.description)
        }
        let analysis = GraphAnalysis(graph, options: AnalysisOptions(redundantDependencyLimit: Int.max))
        let index = analysis.index
        let components = analysis.components

        var judging: [Double] = []
        var redundant = RedundantDependencies(index, components)
        for _ in 0..<runs {
            let start = threadSeconds()
            redundant = RedundantDependencies(index, components)
            judging.append(threadSeconds() - start)
        }
        var rule: [Double] = []
        var findings: [Finding] = []
        for _ in 0..<runs {
            let start = threadSeconds()
            findings = RedundantDependencyRule().check(analysis)
            rule.append(threadSeconds() - start)
        }
        let size = index.operationCount + index.dependencyTargets.count
        print("\(index.operationCount) operations, \(index.dependencyTargets.count) dependencies, \(components.count) components; "
            + "\(redundant.edges.count) redundant dependencies in \(findings.count) findings, "
            + "\(redundant.unjudged.count) operations unjudged; work \(redundant.work) steps "
            + "(\(String(format: "%.2f", Double(redundant.work) / Double(max(1, size)))) per operation and dependency); "
            + "judging \(milliseconds(judging)) ms, whole rule (judging and findings) \(milliseconds(rule)) ms CPU, median of \(runs)")
        fflush(nil)
        exit(0)
    }

    /// CPU time of the calling thread, in seconds.
    static func threadSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The median, in milliseconds with one decimal.
    static func milliseconds(_ seconds: [Double]) -> String {
        let sorted = seconds.sorted()
        return String(format: "%.1f", sorted[sorted.count / 2] * 1000)
    }
}
