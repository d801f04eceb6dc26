import Foundation

/// `oplint-bench extract`: source extraction against `grep -rc addDependency` (and ripgrep
/// when it is installed) on generated trees of Swift and Objective-C, with the ratio the
/// budget is stated in (quality.md: ≤ 2 s and ≤ 3× grep's wall time at 1,000,000 lines).
///
/// The tools take turns run by run, so that a change in the machine's load during the
/// measurement reaches every tool alike, in an order shuffled afresh each round (seeded), as
/// `oplint-bench formats` does: a tool always run right after the same other one would carry
/// what that place costs (the caches that tool leaves, the memory it has just given back) into
/// its figures. Each tool runs once unmeasured first, so that every measured run reads the tree
/// from the page cache. Times are taken to the
/// microsecond (`ChildRun`): grep needs a few milliseconds, below `/usr/bin/time`'s 10 ms.
enum ExtractBenchmark {
    /// One program run on the tree.
    struct Tool {
        var name: String
        var command: (_ tree: String, _ output: String) -> [String]
    }

    /// The medians of one tool's runs on one tree.
    struct Row {
        var lines: Int
        var tool: String
        var seconds: Double
        var cpuSeconds: Double
        var megabytes: Double
        var note: String
    }

    static func run(_ arguments: ArraySlice<String>) throws {
        let options = try Arguments(arguments, known: ["--lines", "--runs", "--oplint", "--before", "--generator", "--tools"])
        let sizes = try options.integers("--lines", default: [100_000, 300_000, 1_000_000])
        let runs = max(1, try options.integer("--runs", default: 11))
        let generator = options.string("--generator") ?? "examples/source/generate-benchmark-tree.py"
        guard FileManager.default.fileExists(atPath: generator) else {
            throw UsageError("the tree generator \(generator) is missing; run from the repository or give --generator")
        }
        let tools = try selectedTools(options)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("oplint-bench-extract-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        print("cores: \(ProcessInfo.processInfo.activeProcessorCount); load average at the start: \(loadAverage())")
        print()
        print(tableHeader)
        fflush(nil)
        var million: [Row] = []
        for size in sizes {
            let tree = directory.appendingPathComponent("tree-\(size)").path
            let summary = try generate(tree, lines: size, generator: generator)
            FileHandle.standardError.write(Data("\(size) lines: \(summary)\n".utf8))
            let rows = try measure(tools, tree: tree, lines: size, runs: runs, directory: directory)
            let grep = rows.first { $0.tool == grepName }
            for row in rows {
                print(line(row, against: grep))
            }
            if size == 1_000_000 { million = rows }
            fflush(nil)
            try? FileManager.default.removeItem(atPath: tree)
        }
        print()
        print("load average at the end: \(loadAverage()); ratios are oplint's median over grep's median, wall and CPU (user + sys)")
        printBudget(million)
    }

    /// quality.md's budget for extraction, judged on the 1,000,000-line rows when measured.
    static func printBudget(_ rows: [Row]) {
        guard let extract = rows.first(where: { $0.tool == extractName }) else { return }
        func verdict(_ ok: Bool) -> String { ok ? "met" : "**not met**" }
        print()
        print("| budget (quality.md), 1,000,000 lines | measured | verdict |")
        print("|---|---|---|")
        print("| \(extractName) ≤ 2 s wall | \(String(format: "%.3f", extract.seconds)) s | \(verdict(extract.seconds <= 2)) |")
        if let grep = rows.first(where: { $0.tool == grepName }) {
            let times = extract.seconds / max(grep.seconds, 0.000_001)
            print("| \(extractName) ≤ 3× \(grepName), wall | \(String(format: "%.1f", times))× | \(verdict(times <= 3)) |")
        }
    }

    static let grepName = "grep -rc addDependency"
    static let extractName = "oplint extract -o"

    /// The tools asked for with `--tools` (default: grep, rg when installed, oplint extract and
    /// lint), and the `--before` build's extraction when one is given.
    static func selectedTools(_ options: Arguments) throws -> [Tool] {
        let names = (options.string("--tools") ?? "grep,rg,extract,lint").split(separator: ",").map(String.init)
        var tools: [Tool] = []
        for name in names {
            switch name {
            case "grep":
                // Run directly, not through env: an extra exec is a tenth of grep's time here.
                guard let grep = executable(named: "grep") else { throw UsageError("grep is not on PATH") }
                tools.append(Tool(name: grepName) { tree, _ in [grep, "-rc", "addDependency", tree] })
            case "rg":
                guard let rg = executable(named: "rg") else {
                    FileHandle.standardError.write(Data("ripgrep (rg) is not installed; its row is left out\n".utf8))
                    continue
                }
                tools.append(Tool(name: "rg -c addDependency") { tree, _ in [rg, "-c", "addDependency", tree] })
            case "extract":
                guard let oplint = options.string("--oplint") else { throw UsageError("extract needs --oplint PATH") }
                tools.append(Tool(name: extractName) { tree, output in [oplint, "extract", tree, "-o", output] })
            case "lint":
                guard let oplint = options.string("--oplint") else { throw UsageError("lint needs --oplint PATH") }
                tools.append(Tool(name: "oplint lint --format json") { tree, _ in [oplint, "lint", tree, "--format", "json"] })
            default:
                throw UsageError("unknown tool \(name); tools: grep, rg, extract, lint")
            }
        }
        // Another build (the one before a change) measured in the same rounds.
        if let before = options.string("--before") {
            tools.append(Tool(name: "oplint extract -o, --before build") { tree, output in [before, "extract", tree, "-o", output] })
        }
        return tools
    }

    /// Writes the tree with the repository's generator; its summary line (files and lines).
    static func generate(_ tree: String, lines: Int, generator: String) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", generator, tree, String(lines)]
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw UsageError("\(generator) failed with exit \(process.terminationStatus)") }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The seed of the rounds' order: the same orders on every run of the benchmark.
    static let orderSeed: UInt64 = 1

    /// Every tool once to warm the page cache (and take its peak memory), then `runs` rounds
    /// of every tool, in an order shuffled afresh each round.
    static func measure(_ tools: [Tool], tree: String, lines: Int, runs: Int, directory: URL) throws -> [Row] {
        let output = directory.appendingPathComponent("graph.json").path
        var samples = [[ChildRun]](repeating: [], count: tools.count)
        var exitCodes = [Set<Int32>](repeating: [], count: tools.count)
        // The unmeasured first round reads the tree into the page cache and takes each tool's peak memory.
        let peaks = tools.map { ChildRun.peakKilobytes($0.command(tree, output), scratch: directory.path) ?? .nan }
        var random = SeededRandom(seed: orderSeed)
        for _ in 0..<runs {
            var order = Array(tools.indices)
            for k in stride(from: order.count - 1, to: 0, by: -1) {
                order.swapAt(k, Int(random.next() % UInt64(k + 1)))
            }
            for t in order {
                let run = try ChildRun(tools[t].command(tree, output))
                exitCodes[t].insert(run.exitCode)
                samples[t].append(run)
            }
        }
        return tools.indices.map { t in
            // grep and oplint lint exit 1 when they find something; only other codes are worth a note.
            let odd = exitCodes[t].subtracting([0, 1])
            return Row(
                lines: lines, tool: tools[t].name,
                seconds: LintBenchmark.median(samples[t].map(\.seconds)),
                cpuSeconds: LintBenchmark.median(samples[t].map(\.cpuSeconds)),
                megabytes: peaks[t] / 1024,
                note: odd.isEmpty ? "" : "exit \(odd.sorted().map(String.init).joined(separator: ","))")
        }
    }

    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The 1-, 5- and 15-minute load averages, as the kernel gives them.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    static let tableHeader = """
    | lines | tool | wall s | cpu s | cpu / wall | peak MB | × grep wall | × grep cpu | note |
    |---:|---|---:|---:|---:|---:|---:|---:|---|
    """

    static func line(_ row: Row, against grep: Row?) -> String {
        func ratio(_ value: Double, _ base: Double?) -> String {
            guard let base, base > 0, value.isFinite else { return "—" }
            return String(format: "%.1f", value / base)
        }
        let isGrep = row.tool == grepName
        return "| \(row.lines) | \(row.tool) | \(String(format: "%.3f", row.seconds)) | \(String(format: "%.3f", row.cpuSeconds)) | "
            + "\(row.seconds > 0 ? String(format: "%.2f", row.cpuSeconds / row.seconds) : "—") | \(String(format: "%.0f", row.megabytes)) | "
            + "\(isGrep ? "1.0" : ratio(row.seconds, grep?.seconds)) | \(isGrep ? "1.0" : ratio(row.cpuSeconds, grep?.cpuSeconds)) | \(row.note) |"
    }
}
