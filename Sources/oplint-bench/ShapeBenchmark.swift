import Foundation
import OpLintShapes

/// `oplint-bench shapes`: lint and simulate every adversarial graph shape at several sizes,
/// with time, memory and output size, then how each grows per tenfold against the budgets.
enum ShapeBenchmark {
    /// Every shape the generator knows, `random` (the lint workload) first.
    static let shapeNames = ["random"] + GraphShape.allCases.map(\.rawValue)

    /// What is run on each graph.
    enum Command: String, CaseIterable {
        /// `oplint lint FILE --format json:OUT`.
        case lint
        /// The same lint writing every format at once, each to its own file.
        case lintAllFormats = "lint-all-formats"
        /// `oplint simulate FILE --format json -o OUT`.
        case simulate

        /// The budget at 100,000 operations and at 1,000,000 (quality.md), in seconds.
        var budgets: (hundredThousand: Double, million: Double) {
            self == .simulate ? (2, 10) : (1, 10)
        }
    }

    static let lintFormats = ["text", "json", "sarif", "github", "junit", "checkstyle", "gitlab", "markdown"]

    /// One measured run.
    struct Measurement {
        var shape: String
        var command: Command
        var operations: Int
        var row: LintBenchmark.Row
        var outputBytes: Int
        var timedOut: Bool
    }

    static func run(_ arguments: ArraySlice<String>) throws {
        let options = try Arguments(
            arguments, known: ["--oplint", "--shapes", "--sizes", "--runs", "--timeout", "--commands", "--seed"])
        guard let oplint = options.string("--oplint") else { throw UsageError("shapes needs --oplint PATH") }
        let sizes = try options.integers("--sizes", default: [10_000, 100_000, 1_000_000])
        let runs = max(1, try options.integer("--runs", default: 1))
        let timeout = max(1, try options.integer("--timeout", default: 60))
        let seed = try options.integer("--seed", default: 1)
        let shapes = try (options.string("--shapes").map { $0.split(separator: ",").map(String.init) } ?? shapeNames).map { name in
            guard shapeNames.contains(name) else { throw UsageError("unknown shape \(name); shapes: \(shapeNames.joined(separator: ", "))") }
            return name
        }
        let commands = try (options.string("--commands").map { $0.split(separator: ",").map(String.init) } ?? Command.allCases.map(\.rawValue)).map { name in
            guard let command = Command(rawValue: name) else {
                throw UsageError("unknown command \(name); commands: \(Command.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return command
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            throw UsageError("/usr/bin/time is missing (Debian package `time`)")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("oplint-bench-shapes-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        print("| shape | operations | dependencies + waits | command | wall s | cpu s | peak MB | output MB | note |")
        print("|---|---:|---:|---|---:|---:|---:|---:|---|")
        fflush(nil)
        var measurements: [Measurement] = []
        for shape in shapes {
            for size in sizes {
                let input = directory.appendingPathComponent("\(shape)-\(size).json").path
                let edges = try generate(shape, operations: size, seed: seed, to: input)
                for command in commands {
                    let measurement = try measure(
                        command, oplint: oplint, input: input, shape: shape, size: size,
                        runs: runs, timeout: timeout, directory: directory)
                    measurements.append(measurement)
                    print(line(measurement, edges: edges))
                    fflush(nil)
                }
                try? FileManager.default.removeItem(atPath: input)
            }
        }
        print()
        print(growthTable(measurements, sizes: sizes))
    }

    /// Writes the graph of `shape` to `path`; returns its number of dependencies and waits.
    static func generate(_ shape: String, operations: Int, seed: Int, to path: String) throws -> Int {
        if let graphShape = GraphShape(rawValue: shape) {
            let graph = ShapeGraph(graphShape, operations: operations, seed: UInt64(seed))
            try Data(graph.json()).write(to: URL(fileURLWithPath: path))
            return graph.edgeCount
        }
        let workload = Workload(operations: operations, queues: 16, cycles: 3, seed: UInt64(seed))
        try GenerateCommand.write(workload, .json, to: path)
        return workload.edgeCount
    }

    /// Runs `command` on `input` `runs` times, each stopped after `timeout` seconds of CPU time.
    static func measure(
        _ command: Command, oplint: String, input: String, shape: String, size: Int,
        runs: Int, timeout: Int, directory: URL
    ) throws -> Measurement {
        let output = directory.appendingPathComponent("out").path
        let arguments: [String]
        var outputs: [String] = []
        switch command {
        case .lint:
            arguments = ["lint", input, "--exit-zero", "--format", "json:\(output).json"]
            outputs = ["\(output).json"]
        case .lintAllFormats:
            outputs = lintFormats.map { "\(output).\($0)" }
            arguments = ["lint", input, "--exit-zero"] + lintFormats.flatMap { ["--format", "\($0):\(output).\($0)"] }
        case .simulate:
            arguments = ["simulate", input, "--format", "json", "-o", "\(output).schedule.json"]
            outputs = ["\(output).schedule.json"]
        }
        // A CPU-time limit rather than a wall-clock one: fair on a busy machine, and the
        // process stays the one /usr/bin/time measures.
        let tool = LintBenchmark.Tool(name: command.rawValue) { _ in
            ["/usr/bin/env", "prlimit", "--cpu=\(timeout)", oplint] + arguments
        }
        var row = try LintBenchmark.measure(tool, files: [:], size: size, runs: runs, directory: directory)
        row.workload = shape
        let timedOut = row.note.contains("137") || row.note.contains("152")
        if timedOut { row.note = "stopped after \(timeout) s of CPU" }
        // simulate exits 1 when the graph gets stuck: expected on most shapes.
        if command == .simulate && row.note == "exit 1" { row.note = "stuck" }
        var bytes = 0
        for path in outputs {
            bytes += (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            try? FileManager.default.removeItem(atPath: path)
        }
        return Measurement(shape: shape, command: command, operations: size, row: row, outputBytes: bytes, timedOut: timedOut)
    }

    static func line(_ m: Measurement, edges: Int) -> String {
        let wall = m.timedOut ? "> \(String(format: "%.0f", m.row.seconds))" : String(format: "%.3f", m.row.seconds)
        let cpu = m.timedOut ? "> \(String(format: "%.0f", m.row.cpuSeconds))" : String(format: "%.3f", m.row.cpuSeconds)
        return "| \(m.shape) | \(m.operations) | \(edges) | \(m.command.rawValue) | \(wall) | "
            + "\(cpu) | \(String(format: "%.0f", m.row.megabytes)) | "
            + "\(String(format: "%.1f", Double(m.outputBytes) / 1_000_000)) | \(m.row.note) |"
    }

    /// Per shape and command: CPU time growth per tenfold, output growth, and the budgets.
    static func growthTable(_ measurements: [Measurement], sizes: [Int]) -> String {
        var text = "| shape | command | cpu growth per tenfold | output growth per tenfold | 100,000 operations: budget, wall s, cpu s | 1,000,000 operations |\n"
        text += "|---|---|---|---|---|---|\n"
        var keys: [(String, Command)] = []
        for m in measurements where !keys.contains(where: { $0.0 == m.shape && $0.1 == m.command }) { keys.append((m.shape, m.command)) }
        for (shape, command) in keys {
            let rows = measurements.filter { $0.shape == shape && $0.command == command }.sorted { $0.operations < $1.operations }
            var cpu: [String] = []
            var output: [String] = []
            for (a, b) in zip(rows, rows.dropFirst()) where b.operations == a.operations * 10 {
                cpu.append(b.timedOut ? "> \(String(format: "%.1f", b.row.cpuSeconds / max(a.row.cpuSeconds, 0.001)))×"
                    : String(format: "%.1f×", b.row.cpuSeconds / max(a.row.cpuSeconds, 0.001)))
                output.append(a.outputBytes > 0 && !b.timedOut ? String(format: "%.1f×", Double(b.outputBytes) / Double(a.outputBytes)) : "–")
            }
            // Judged on wall time (the budget) and on CPU time (steadier on a busy machine).
            func budget(_ operations: Int, _ limit: Double) -> String {
                guard let m = rows.first(where: { $0.operations == operations }) else { return "–" }
                func verdict(_ seconds: Double) -> String {
                    let shown = m.timedOut ? "> \(String(format: "%.0f", seconds))" : String(format: "%.2f", seconds)
                    return shown + (!m.timedOut && seconds <= limit ? " met" : " **missed**")
                }
                return "≤ \(String(format: "%.0f", limit)): wall \(verdict(m.row.seconds)), cpu \(verdict(m.row.cpuSeconds))"
            }
            text += "| \(shape) | \(command.rawValue) | \(cpu.isEmpty ? "–" : cpu.joined(separator: ", ")) | "
                + "\(output.isEmpty ? "–" : output.joined(separator: ", ")) | "
                + "\(budget(100_000, command.budgets.hundredThousand)) | \(budget(1_000_000, command.budgets.million)) |\n"
        }
        return text
    }
}
