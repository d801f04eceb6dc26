import Foundation

/// `oplint-bench lint`: the lint workload at several sizes, oplint against its peers.
enum LintBenchmark {
    /// One program run on one input: what to run and on which generated file.
    struct Tool {
        var name: String
        var command: (_ files: [Workload.Format: String]) -> [String]
    }

    /// The median of a tool's runs.
    struct Row {
        var workload = "lint"
        var tool: String
        var size: Int
        var seconds: Double
        /// User plus system CPU time: steadier than wall time on a busy machine.
        var cpuSeconds: Double
        var megabytes: Double
        var note: String
    }

    static let networkxScript = """
    import json, sys
    import networkx as nx
    with open(sys.argv[1]) as f:
        graph = json.load(f)
    g = nx.DiGraph()
    for op in graph.get("operations", []):
        g.add_node(op["name"])
        for d in op.get("dependencies", []):
            g.add_edge(op["name"], d if isinstance(d, str) else d["name"])
    cyclic = [c for c in nx.strongly_connected_components(g) if len(c) > 1]
    print(len(cyclic), "cycles;", "acyclic" if nx.is_directed_acyclic_graph(g) else "cyclic")
    """

    static func run(_ arguments: ArraySlice<String>) throws {
        let options = try Arguments(
            arguments, known: ["--sizes", "--runs", "--oplint", "--tools", "--queues", "--cycles", "--seed"])
        let sizes = try options.integers("--sizes", default: [10_000, 100_000, 1_000_000])
        let runs = max(1, try options.integer("--runs", default: 3))
        let queues = try options.integer("--queues", default: 16)
        // Planted cycles make GNU tsort superlinear (minutes at 1,000,000), so none by default.
        let cycles = try options.integer("--cycles", default: 0)
        let seed = try options.integer("--seed", default: 1)
        guard hasGNUTime else {
            throw UsageError("/usr/bin/time is missing or not GNU time (Debian package `time`)")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("oplint-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("networkx_cycles.py").path
        try Data(networkxScript.utf8).write(to: URL(fileURLWithPath: script))
        let tools = try selectedTools(options, script: script)

        // Rows are printed as they are measured, so a long run shows its progress.
        print(tableHeader)
        fflush(nil)
        var ratioRows: [Int: [Row]] = [:]
        for size in sizes {
            let workload = Workload(operations: size, queues: queues, cycles: cycles, seed: UInt64(seed))
            var files: [Workload.Format: String] = [:]
            for format in Workload.Format.allCases {
                let path = directory.appendingPathComponent("workload-\(size).\(format.rawValue)").path
                try GenerateCommand.write(workload, format, to: path)
                files[format] = path
            }
            let jsonBytes = (try? FileManager.default.attributesOfItem(atPath: files[.json] ?? "")[.size] as? Int) ?? 0
            FileHandle.standardError.write(Data(
                "size \(size): \(workload.edgeCount) dependencies, \(workload.plantedCycles) planted cycles, JSON \(jsonBytes / 1_000_000) MB\n".utf8))
            var rows: [Row] = []
            for tool in tools {
                let row = try measure(tool, files: files, size: size, runs: runs, directory: directory)
                rows.append(row)
                print(line(row))
                fflush(nil)
            }
            ratioRows[size] = rows
        }
        printRatios(ratioRows)
    }

    /// How many times longer each peer takes than oplint (text and JSON), per size, and the
    /// budgets of quality.md for the lint workload.
    static func printRatios(_ rowsBySize: [Int: [Row]]) {
        let oplints = ["oplint lint (text)", "oplint lint (json)"]
        let peers = ["coreutils tsort", "Graphviz acyclic -nv", "networkx SCC + is_dag"]
        guard rowsBySize.values.contains(where: { $0.contains { oplints.contains($0.tool) } }) else { return }
        print("")
        print("| size (operations) | peer | peer ÷ oplint text, wall / cpu | peer ÷ oplint json, wall / cpu |")
        print("|---:|---|---:|---:|")
        for size in rowsBySize.keys.sorted() {
            let rows = rowsBySize[size] ?? []
            let text = rows.first { $0.tool == oplints[0] }
            let json = rows.first { $0.tool == oplints[1] }
            for peer in peers {
                guard let row = rows.first(where: { $0.tool == peer }) else { continue }
                func ratio(_ base: Row?) -> String {
                    guard let base else { return "–" }
                    return String(format: "%.2f× / %.2f×", row.seconds / base.seconds, row.cpuSeconds / base.cpuSeconds)
                }
                print("| \(size) | \(peer) | \(ratio(text)) | \(ratio(json)) |")
            }
        }
        print("")
        print("| budget (quality.md and the lint workload) | measured | verdict |")
        print("|---|---|---|")
        func verdict(_ ok: Bool) -> String { ok ? "met" : "**not met**" }
        for (size, limit) in [(100_000, 0.15), (1_000_000, 0.8)] {
            guard let rows = rowsBySize[size] else { continue }
            for name in oplints {
                guard let row = rows.first(where: { $0.tool == name }) else { continue }
                print("| \(name), \(size) operations ≤ \(limit) s wall | \(String(format: "%.3f", row.seconds)) s | \(verdict(row.seconds <= limit)) |")
                if size == 1_000_000 {
                    print("| \(name), 1,000,000 operations ≤ 600 MB | \(String(format: "%.0f", row.megabytes)) MB | \(verdict(row.megabytes <= 600)) |")
                    for (peer, factor) in [("coreutils tsort", 2.0), ("Graphviz acyclic -nv", 6.0)] {
                        guard let other = rows.first(where: { $0.tool == peer }) else { continue }
                        let times = other.seconds / row.seconds
                        print("| \(name) at least \(Int(factor))× faster than \(peer) | \(String(format: "%.2f", times))× | \(verdict(times >= factor)) |")
                    }
                }
            }
        }
    }

    /// The tools asked for with `--tools` (default: all), with their command lines.
    static func selectedTools(_ options: Arguments, script: String) throws -> [Tool] {
        let names = (options.string("--tools") ?? "oplint,load,tsort,acyclic,networkx").split(separator: ",").map(String.init)
        var tools: [Tool] = []
        for name in names {
            switch name {
            case "oplint":
                guard let oplint = options.string("--oplint") else { continue }
                for format in ["text", "json"] {
                    tools.append(Tool(name: "oplint lint (\(format))") {
                        [oplint, "lint", $0[.json] ?? "", "--format", format, "--exit-zero"]
                    })
                }
            case "load":
                let me = Bundle.main.executablePath ?? CommandLine.arguments[0]
                tools.append(Tool(name: "oplint JSON loader") { [me, "load", $0[.json] ?? ""] })
            case "tsort":
                tools.append(Tool(name: "coreutils tsort") { ["/usr/bin/env", "tsort", $0[.tsort] ?? ""] })
            case "acyclic":
                tools.append(Tool(name: "Graphviz acyclic -nv") { ["/usr/bin/env", "acyclic", "-nv", $0[.dot] ?? ""] })
            case "networkx":
                tools.append(Tool(name: "networkx SCC + is_dag") { ["/usr/bin/env", "python3", script, $0[.json] ?? ""] })
            default:
                throw UsageError("unknown tool \(name); tools: oplint, load, tsort, acyclic, networkx")
            }
        }
        return tools
    }

    /// Whether /usr/bin/time is GNU time, whose -f reports each tool's peak memory.
    static var hasGNUTime: Bool {
        #if os(Linux)
        FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        #else
        // macOS's /usr/bin/time is BSD time, which has no -f.
        false
        #endif
    }

    /// Runs `tool` `runs` times under `/usr/bin/time` and keeps the medians.
    static func measure(_ tool: Tool, files: [Workload.Format: String], size: Int, runs: Int, directory: URL) throws -> Row {
        var seconds: [Double] = []
        var cpu: [Double] = []
        var kilobytes: [Double] = []
        var exitCodes: Set<Int32> = []
        let timeFile = directory.appendingPathComponent("time.txt").path
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "%e %M %U %S", "-o", timeFile] + tool.command(files)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            exitCodes.insert(process.terminationStatus)
            let text = (try? String(contentsOfFile: timeFile, encoding: .utf8)) ?? ""
            // With a non-zero exit, time writes "Command exited with non-zero status N" first.
            let fields = text.split(whereSeparator: \.isNewline).last?.split(separator: " ") ?? []
            if fields.count == 4, let wall = Double(fields[0]), let peak = Double(fields[1]),
               let user = Double(fields[2]), let system = Double(fields[3]) {
                seconds.append(wall)
                kilobytes.append(peak)
                cpu.append(user + system)
            }
        }
        let note = exitCodes == [0] ? "" : "exit \(exitCodes.sorted().map(String.init).joined(separator: ","))"
        return Row(
            tool: tool.name, size: size, seconds: median(seconds), cpuSeconds: median(cpu),
            megabytes: median(kilobytes) / 1024, note: note)
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The header of the Markdown table.
    static let tableHeader = """
    | workload | tool | size (operations) | wall s | cpu s | peak MB | note |
    |---|---|---:|---:|---:|---:|---|
    """

    /// One row of the Markdown table.
    static func line(_ row: Row) -> String {
        "| \(row.workload) | \(row.tool) | \(row.size) | \(String(format: "%.3f", row.seconds)) | \(String(format: "%.3f", row.cpuSeconds)) | "
            + "\(String(format: "%.0f", row.megabytes)) | \(row.note) |"
    }
}
