import Foundation
import OpLintRender

/// `oplint-bench render`: `oplint render` against the `dot` program on the DOT oplint
/// emits, Graphviz called in this process on the same DOT, and the report and timeline.
enum RenderBenchmark {
    static func run(_ arguments: ArraySlice<String>) throws {
        let options = try Arguments(arguments, known: ["--sizes", "--runs", "--oplint", "--queues", "--seed"])
        let sizes = try options.integers("--sizes", default: [100, 1_000])
        let runs = max(1, try options.integer("--runs", default: 5))
        let queues = try options.integer("--queues", default: 8)
        let seed = try options.integer("--seed", default: 1)
        guard let oplint = options.string("--oplint") else { throw UsageError("render needs --oplint PATH") }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("oplint-bench-render-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        print(LintBenchmark.tableHeader)
        fflush(nil)
        for size in sizes {
            let json = directory.appendingPathComponent("graph-\(size).json").path
            let dot = directory.appendingPathComponent("graph-\(size).dot").path
            let out = directory.appendingPathComponent("out").path
            try GenerateCommand.write(Workload(operations: size, queues: queues, cycles: 0, seed: UInt64(seed)), .json, to: json)
            let emit = Process()
            emit.executableURL = URL(fileURLWithPath: oplint)
            emit.arguments = ["render", json, "-o", dot, "--max-nodes", "0"]
            try emit.run()
            emit.waitUntilExit()
            guard emit.terminationStatus == 0 else { throw UsageError("oplint render \(json) -o \(dot) failed") }
            let tools = [
                LintBenchmark.Tool(name: "oplint render (svg, --max-nodes 0)") { _ in
                    [oplint, "render", json, "-o", out + ".svg", "--max-nodes", "0"] },
                LintBenchmark.Tool(name: "dot -Tsvg on oplint's DOT") { _ in ["/usr/bin/env", "dot", "-Tsvg", dot, "-o", out + "-dot.svg"] },
                LintBenchmark.Tool(name: "oplint render -o x.dot (no Graphviz)") { _ in [oplint, "render", json, "-o", out + ".dot", "--max-nodes", "0"] },
                LintBenchmark.Tool(name: "oplint --version (start-up)") { _ in [oplint, "--version"] },
                LintBenchmark.Tool(name: "oplint report (default --max-nodes)") { _ in [oplint, "report", json, "-o", out + ".html", "--exit-zero"] },
                LintBenchmark.Tool(name: "oplint simulate --timeline") { _ in [oplint, "simulate", json, "--timeline", out + "-t.svg", "--format", "csv"] },
            ]
            for tool in tools {
                var row = try LintBenchmark.measure(tool, files: [:], size: size, runs: runs, directory: directory)
                row.workload = "render"
                print(LintBenchmark.line(row))
                fflush(nil)
            }
            print(LintBenchmark.line(try inProcess(dot: dot, size: size, runs: runs)))
            fflush(nil)
        }
    }

    /// `GraphvizRenderer.render` on the DOT file, in this process (after one warm-up call
    /// that loads Graphviz's plugins, as the `dot` program also does once per run).
    static func inProcess(dot path: String, size: Int, runs: Int) throws -> LintBenchmark.Row {
        let dot = try String(contentsOfFile: path, encoding: .utf8)
        _ = try GraphvizRenderer.render(dot: "digraph { a -> b }", format: .svg)
        var wall: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<runs {
            let cpuBefore = clock()
            let start = ContinuousClock.now
            _ = try GraphvizRenderer.render(dot: dot, format: .svg)
            let elapsed = ContinuousClock.now - start
            wall.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            cpu.append(Double(clock() - cpuBefore) / Double(CLOCKS_PER_SEC))
        }
        return LintBenchmark.Row(workload: "render", tool: "GraphvizRenderer.render in-process", size: size,
                                 seconds: LintBenchmark.median(wall), cpuSeconds: LintBenchmark.median(cpu),
                                 megabytes: peakMegabytes(), note: "layout and SVG only")
    }
}

/// The peak resident size of this process so far, in MiB.
private func peakMegabytes() -> Double {
    var usage = rusage()
    #if os(Linux)
    // Glibc imports RUSAGE_SELF as an enum case, and ru_maxrss counts KiB on Linux.
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #else
    // Darwin: RUSAGE_SELF is an Int32 and ru_maxrss counts bytes (getrusage(2)).
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / (1024 * 1024)
    #endif
}
