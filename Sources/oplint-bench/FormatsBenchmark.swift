import Foundation
import OpLintShapes

/// `oplint-bench formats`: every report format on graphs with tens of thousands of findings —
/// the random workload (its OPL107 notes checked at any size) and the shapes that give one
/// finding per operation — with time, memory, output size and each format's wall and CPU time
/// as multiples of the text format's.
enum FormatsBenchmark {
    static let formats = ["text", "json", "sarif", "github", "junit", "checkstyle", "gitlab", "markdown"]
    /// The shapes that give one finding (or more) per operation.
    static let defaultShapes = ["small-cycles", "chain-no-queue", "wait-chain", "shared-tail"]

    /// One graph to lint.
    struct Graph {
        var name: String
        var operations: Int
        var path: String
        var findings = 0
    }

    static func run(_ arguments: ArraySlice<String>) throws {
        let options = try Arguments(
            arguments, known: ["--oplint", "--sizes", "--shapes", "--shape-operations", "--runs", "--seed", "--formats"])
        guard let oplint = options.string("--oplint") else { throw UsageError("formats needs --oplint PATH") }
        let sizes = try options.integers("--sizes", default: [100_000, 200_000])
        let shapeOperations = try options.integers("--shape-operations", default: [100_000])
        let runs = max(1, try options.integer("--runs", default: 7))
        let seed = try options.integer("--seed", default: 1)
        let shapes = try (options.string("--shapes").map { $0.split(separator: ",").map(String.init) } ?? defaultShapes).map { name in
            guard name == "none" || GraphShape(rawValue: name) != nil else {
                throw UsageError("unknown shape \(name); shapes: \(GraphShape.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return name
        }.filter { $0 != "none" }
        let formats = try (options.string("--formats").map { $0.split(separator: ",").map(String.init) } ?? Self.formats).map { name in
            guard Self.formats.contains(name) else { throw UsageError("unknown format \(name); formats: \(Self.formats.joined(separator: ", "))") }
            return name
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("oplint-bench-formats-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var graphs: [Graph] = sizes.map { size in
            Graph(name: "random", operations: size, path: directory.appendingPathComponent("random-\(size).json").path)
        }
        for shape in shapes {
            for size in shapeOperations {
                graphs.append(Graph(name: shape, operations: size, path: directory.appendingPathComponent("\(shape)-\(size).json").path))
            }
        }
        print("| graph | operations | findings | format | wall s | cpu s | peak MB | output MB | wall × text | cpu × text |")
        print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|")
        fflush(nil)
        var verdicts: [(Graph, [Row])] = []
        for var graph in graphs {
            _ = try ShapeBenchmark.generate(graph.name, operations: graph.operations, seed: seed, to: graph.path)
            graph.findings = try countFindings(oplint: oplint, graph: graph.path, directory: directory)
            let rows = try measure(formats, oplint: oplint, graph: graph.path, runs: runs, seed: UInt64(seed), directory: directory)
            let text = rows.first { $0.format == "text" }
            for row in rows {
                func ratio(_ value: Double, _ base: Double?) -> String {
                    base.map { String(format: "%.2f", value / max($0, 0.000_001)) } ?? "–"
                }
                print("| \(graph.name) | \(graph.operations) | \(graph.findings) | \(row.format) | \(String(format: "%.3f", row.seconds)) | "
                    + "\(String(format: "%.3f", row.cpuSeconds)) | \(String(format: "%.0f", row.megabytes)) | "
                    + "\(String(format: "%.1f", Double(row.bytes) / 1_000_000)) | \(ratio(row.seconds, text?.seconds)) | "
                    + "\(ratio(row.cpuSeconds, text?.cpuSeconds))\(row.note.isEmpty ? "" : " (\(row.note))") |")
            }
            fflush(nil)
            try? FileManager.default.removeItem(atPath: graph.path)
            verdicts.append((graph, rows))
        }
        printBudget(verdicts)
    }

    /// quality.md and the reporters' issue: every format within 10% of text, judged per graph
    /// on wall and on CPU time.
    static func printBudget(_ measured: [(Graph, [Row])]) {
        func verdict(_ ok: Bool) -> String { ok ? "met" : "**not met**" }
        print()
        print("| budget: each format within 10% of text | graph | wall × text | CPU × text | verdict (wall / CPU) |")
        print("|---|---|---:|---:|---|")
        for (graph, rows) in measured {
            guard let text = rows.first(where: { $0.format == "text" }) else { continue }
            for row in rows where row.format != "text" {
                let wall = row.seconds / max(text.seconds, 0.000_001)
                let cpu = row.cpuSeconds / max(text.cpuSeconds, 0.000_001)
                print("| \(row.format) | \(graph.name) \(graph.operations) | \(String(format: "%.2f", wall)) | \(String(format: "%.2f", cpu)) | "
                    + "\(verdict(wall <= 1.1)) / \(verdict(cpu <= 1.1)) |")
            }
        }
    }

    /// What one format measured: medians of the rounds.
    struct Row {
        var format: String
        var seconds: Double
        var cpuSeconds: Double
        var megabytes: Double
        var bytes: Int
        var note: String
    }

    /// Every format once (its peak memory, from GNU time), then `runs` rounds of every format,
    /// in an order shuffled afresh each round (seeded): a format measured always right after
    /// another, or always first, would carry what that place costs (a noisy neighbour, the
    /// freeing of the previous report's pages) into its figures. Times come from `ChildRun`:
    /// a monotonic clock and the kernel's accounting, to the microsecond.
    static func measure(_ formats: [String], oplint: String, graph: String, runs: Int, seed: UInt64, directory: URL) throws -> [Row] {
        func command(_ format: String) -> [String] {
            [oplint, graph, "--format", format, "-o", directory.appendingPathComponent("out.\(format)").path, "--exit-zero", "--redundant-limit", "0"]
        }
        let peaks = formats.map { ChildRun.peakKilobytes(command($0), scratch: directory.path) ?? .nan }
        var samples = [[ChildRun]](repeating: [], count: formats.count)
        var random = SeededRandom(seed: seed)
        for _ in 0..<runs {
            var order = Array(formats.indices)
            for k in stride(from: order.count - 1, to: 0, by: -1) {
                order.swapAt(k, Int(random.next() % UInt64(k + 1)))
            }
            for f in order { samples[f].append(try ChildRun(command(formats[f]))) }
        }
        return formats.indices.map { f in
            let output = directory.appendingPathComponent("out.\(formats[f])").path
            let bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            try? FileManager.default.removeItem(atPath: output)
            let odd = Set(samples[f].map(\.exitCode)).subtracting([0])
            return Row(format: formats[f], seconds: LintBenchmark.median(samples[f].map(\.seconds)),
                       cpuSeconds: LintBenchmark.median(samples[f].map(\.cpuSeconds)), megabytes: peaks[f] / 1024, bytes: bytes,
                       note: odd.isEmpty ? "" : "exit \(odd.sorted().map(String.init).joined(separator: ","))")
        }
    }

    /// How many findings oplint reports on `graph`, from the JSON report's summary.
    static func countFindings(oplint: String, graph: String, directory: URL) throws -> Int {
        let output = directory.appendingPathComponent("count.json").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: oplint)
        process.arguments = [graph, "--format", "json", "-o", output, "--exit-zero", "--redundant-limit", "0"]
        try process.run()
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(atPath: output) }
        guard let data = FileManager.default.contents(atPath: output),
              let report = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let summary = report["summary"] as? [String: Any]
        else { throw UsageError("\(oplint) wrote no JSON report for \(graph)") }
        return ["errors", "warnings", "notes"].reduce(0) { $0 + ((summary[$1] as? Int) ?? 0) }
    }
}
