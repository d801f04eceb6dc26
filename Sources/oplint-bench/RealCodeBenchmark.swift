import Foundation
import OpLintSource

/// `oplint-bench realcode DIR`: lints every checkout in DIR as a user would
/// (`oplint lint CHECKOUT --format json`) and prints one Markdown row per repository:
/// commit, lines read, what the scanner found, findings by severity, how many of the errors
/// and warnings a reader judged true or false (from a judgments file), and the time taken.
enum RealCodeBenchmark {
    /// One reader's verdict on one error or warning.
    struct Judgment: Hashable {
        var repository: String
        var rule: String
        /// `path:line`, the path relative to the checkout.
        var place: String
    }

    /// What one lint of one checkout gave.
    struct Row {
        var repository: String
        var commit: String
        var lines: Int
        var operations = 0, dependencies = 0, queues = 0
        var errors = 0, warnings = 0, notes = 0
        var judgedTrue = 0, judgedFalse = 0
        var callsFollowed = 0, callsNotFollowed = 0
        var cpuSeconds = 0.0, seconds = 0.0
        /// Errors and warnings no judgment covers, as `rule path:line`.
        var unjudged: [String] = []
    }

    static func run(_ arguments: ArraySlice<String>) throws {
        let options = try Arguments(arguments, known: ["--oplint", "--judgments", "--runs"])
        guard let directory = options.positional.first else { throw UsageError("realcode needs the folder of checkouts") }
        let oplint = options.string("--oplint") ?? ".build/release/oplint"
        guard FileManager.default.isExecutableFile(atPath: oplint) else { throw UsageError("\(oplint) is not an executable; build it or give --oplint") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            throw UsageError("/usr/bin/time is missing (Debian package `time`)")
        }
        let runs = max(1, try options.integer("--runs", default: 3))
        let judgments = try options.string("--judgments").map(readJudgments) ?? [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted().filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        print(tableHeader)
        fflush(nil)
        var total = Row(repository: "total", commit: "", lines: 0)
        var unjudged: [String] = []
        for name in names {
            // A folder without Swift or Objective-C sources (oplint exits 2): said, and left out.
            guard let row = try measure(name, in: directory, oplint: oplint, runs: runs, judgments: judgments) else { continue }
            print(line(row))
            fflush(nil)
            total.add(row)
            unjudged += row.unjudged.map { "\(name): \($0)" }
        }
        print(line(total))
        for item in unjudged { FileHandle.standardError.write(Data("unjudged: \(item)\n".utf8)) }
    }

    /// `repository<TAB>rule<TAB>path:line<TAB>true|false<TAB>why`, one per line; `#` starts a comment.
    static func readJudgments(_ path: String) throws -> [Judgment: Bool] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var result: [Judgment: Bool] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, fields[3] == "true" || fields[3] == "false" else {
                throw UsageError("\(path):\(number + 1): expected repository, rule, path:line, true|false and a reason, tab-separated")
            }
            result[Judgment(repository: fields[0], rule: fields[1], place: fields[2])] = fields[3] == "true"
        }
        return result
    }

    static func measure(_ name: String, in directory: String, oplint: String, runs: Int, judgments: [Judgment: Bool]) throws -> Row? {
        var row = Row(repository: name, commit: commit(of: directory + "/" + name), lines: lineCount(directory + "/" + name))
        var cpu: [Double] = []
        var wall: [Double] = []
        var output = Data()
        let timeFile = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-realcode-\(ProcessInfo.processInfo.processIdentifier).txt").path
        defer { try? FileManager.default.removeItem(atPath: timeFile) }
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            process.arguments = ["-f", "%e %U %S", "-o", timeFile, URL(fileURLWithPath: oplint).standardizedFileURL.path,
                                 "lint", name, "--format", "json", "--exit-zero"]
            let pipe = Pipe()
            // Standard error goes to a file: a checkout with many unreadable files fills a
            // pipe's buffer with warnings while standard output is being read.
            let errorFile = timeFile + ".err"
            defer { try? FileManager.default.removeItem(atPath: errorFile) }
            guard FileManager.default.createFile(atPath: errorFile, contents: nil), let errors = FileHandle(forWritingAtPath: errorFile) else {
                throw UsageError("cannot write \(errorFile)")
            }
            process.standardOutput = pipe
            process.standardError = errors
            try process.run()
            output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try? errors.close()
            let message = FileManager.default.contents(atPath: errorFile) ?? Data()
            if process.terminationStatus == 2 {
                let first = String(decoding: message, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit 2"
                FileHandle.standardError.write(Data("skipped \(name): \(first)\n".utf8))
                return nil
            }
            let fields = ((try? String(contentsOfFile: timeFile, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            if fields.count == 3 {
                wall.append(fields[0])
                cpu.append(fields[1] + fields[2])
            }
        }
        row.seconds = LintBenchmark.median(wall)
        row.cpuSeconds = LintBenchmark.median(cpu)
        guard let document = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
            throw UsageError("oplint gave no JSON for \(name)")
        }
        if let coverage = document["coverage"] as? [String: Int] {
            row.operations = coverage["operations"] ?? 0
            row.dependencies = coverage["dependencies"] ?? 0
            row.queues = coverage["queues"] ?? 0
            row.callsFollowed = coverage["callsFollowed"] ?? 0
            row.callsNotFollowed = coverage["callsNotFollowed"] ?? 0
        }
        for finding in document["findings"] as? [[String: Any]] ?? [] {
            let severity = finding["severity"] as? String ?? ""
            switch severity {
            case "error": row.errors += 1
            case "warning": row.warnings += 1
            default: row.notes += 1; continue
            }
            let rule = finding["rule"] as? String ?? ""
            let location = finding["location"] as? [String: Any] ?? [:]
            var file = location["file"] as? String ?? ""
            if file.hasPrefix(name + "/") { file.removeFirst(name.count + 1) }
            let place = "\(file):\(location["line"] as? Int ?? 0)"
            switch judgments[Judgment(repository: name, rule: rule, place: place)] {
            case true?: row.judgedTrue += 1
            case false?: row.judgedFalse += 1
            case nil: row.unjudged.append("\(rule) \(place)")
            }
        }
        return row
    }

    /// The checkout's commit (`git rev-parse HEAD`), or `?`.
    static func commit(of path: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", path, "rev-parse", "--short=10", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "?" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "?" : text
    }

    /// Lines of the Swift and Objective-C files oplint reads under `path`.
    static func lineCount(_ path: String) -> Int {
        var lines = 0
        for file in FileWalker().files(under: [path]).files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            lines += data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        return lines
    }

    static let tableHeader = """
    | repository | commit | lines | operations | dependencies | queues | errors | warnings | notes | judged true / false | API calls followed / not | CPU s | wall s |
    |---|---|---:|---:|---:|---:|---:|---:|---:|---|---|---:|---:|
    """

    static func line(_ row: Row) -> String {
        let judged = row.errors + row.warnings == 0 ? "—" : "\(row.judgedTrue) / \(row.judgedFalse)" + (row.unjudged.isEmpty ? "" : " (\(row.unjudged.count) unjudged)")
        return "| \(row.repository) | \(row.commit) | \(row.lines) | \(row.operations) | \(row.dependencies) | \(row.queues) | "
            + "\(row.errors) | \(row.warnings) | \(row.notes) | \(judged) | \(row.callsFollowed) / \(row.callsNotFollowed) | "
            + "\(String(format: "%.2f", row.cpuSeconds)) | \(String(format: "%.2f", row.seconds)) |"
    }
}

extension RealCodeBenchmark.Row {
    /// Adds another repository's counts (and times) to a total.
    mutating func add(_ other: Self) {
        lines += other.lines
        operations += other.operations
        dependencies += other.dependencies
        queues += other.queues
        errors += other.errors
        warnings += other.warnings
        notes += other.notes
        judgedTrue += other.judgedTrue
        judgedFalse += other.judgedFalse
        callsFollowed += other.callsFollowed
        callsNotFollowed += other.callsNotFollowed
        cpuSeconds += other.cpuSeconds
        seconds += other.seconds
        unjudged += other.unjudged
    }
}
