import Foundation
import OpLintShapes

/// `oplint-bench formats`: every report format on graphs with tens of thousands of findings —
/// the random workload (its OPL107 notes checked at any size) and the shapes that give one
/// finding per operation — with time, memory, output size and each format's CPU time as a
/// multiple of the text format's.
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
        let runs = max(1, try options.integer("--runs", default: 3))
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
        guard LintBenchmark.hasGNUTime else {
            throw UsageError("/usr/bin/time is missing or not GNU time (Debian package `time`)")
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
        print("| graph | operations | findings | format | wall s | cpu s | peak MB | output MB | cpu × text |")
        print("|---|---:|---:|---|---:|---:|---:|---:|---:|")
        fflush(nil)
        for var graph in graphs {
            _ = try ShapeBenchmark.generate(graph.name, operations: graph.operations, seed: seed, to: graph.path)
            graph.findings = try countFindings(oplint: oplint, graph: graph.path, directory: directory)
            var textCPU: Double?
            for format in formats {
                let output = directory.appendingPathComponent("out.\(format)").path
                let tool = LintBenchmark.Tool(name: format) { _ in
                    [oplint, graph.path, "--format", format, "-o", output, "--exit-zero", "--redundant-limit", "0"]
                }
                let row = try LintBenchmark.measure(tool, files: [:], size: graph.operations, runs: runs, directory: directory)
                let bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
                try? FileManager.default.removeItem(atPath: output)
                if format == "text" { textCPU = row.cpuSeconds }
                let ratio = textCPU.map { String(format: "%.2f", row.cpuSeconds / max($0, 0.001)) } ?? "–"
                print("| \(graph.name) | \(graph.operations) | \(graph.findings) | \(format) | \(String(format: "%.3f", row.seconds)) | "
                    + "\(String(format: "%.3f", row.cpuSeconds)) | \(String(format: "%.0f", row.megabytes)) | "
                    + "\(String(format: "%.1f", Double(bytes) / 1_000_000)) | \(ratio)\(row.note.isEmpty ? "" : " (\(row.note))") |")
                fflush(nil)
            }
            try? FileManager.default.removeItem(atPath: graph.path)
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
