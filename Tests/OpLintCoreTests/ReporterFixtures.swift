import Foundation
import Testing
@testable import OpLintCore

/// Findings for the reporter tests: a cycle with its path, a hostile finding whose names carry
/// quotes, markup, separators and control characters, a suppressed finding and a note.
enum ReporterFixtures {
    static let hostileName = "a\"b'<script>alert(1)</script>&amp;,x:y%0A|*_`@team#1\n::error::forged\r\u{1B}[31m\u{7}"

    static var cycle: Finding {
        Finding(
            rule: DependencyCycleRule.description.id,
            severity: .error,
            message: "dependency cycle: parse → download → auth → parse",
            location: SourceLocation(file: "/repo/Sources/Feed/FeedLoader.swift", line: 41, column: 9),
            related: [
                .init(SourceLocation(file: "/repo/Sources/Feed/FeedLoader.swift", line: 41, column: 9), "parse waits for download"),
                .init(SourceLocation(file: "/repo/Sources/Feed/FeedLoader.swift", line: 42, column: 9), "download waits for auth"),
                .init(SourceLocation(file: "/repo/Sources/Feed/Session.swift", line: 88, column: 5), "auth waits for parse"),
            ],
            notes: ["3 operations never start: parse, download, auth"],
            fix: .init("remove the dependency auth → parse", removeEdges: [.init("auth", "parse")]),
            operations: ["parse", "download", "auth"]
        )
    }

    static var hostile: Finding {
        Finding(
            rule: UnknownDependencyRule.description.id,
            severity: .warning,
            message: "operation '\(hostileName)' waits for unknown '\(hostileName)'",
            location: SourceLocation(file: "/repo/weird dir/\(hostileName).json", line: 3, column: 14),
            related: [.init(SourceLocation(file: "/repo/x,y:z.json", line: 1, column: 1), "declared \(hostileName)")],
            fix: .init("declare '\(hostileName)'"),
            operations: [hostileName]
        )
    }

    static var suppressed: Finding {
        var finding = Finding(
            rule: RedundantDependencyRule.description.id,
            severity: .warning,
            message: "render already waits for parse through decode",
            location: SourceLocation(file: "/repo/graph.json", line: 12, column: 5),
            operations: ["render", "parse"]
        )
        finding.isSuppressed = true
        return finding
    }

    static var note: Finding {
        Finding(
            rule: RuleID(code: "OPL000", name: "input-note"),
            severity: .note,
            message: "graph has no queues",
            location: SourceLocation(file: "/repo/graph.json", line: 1, column: 1)
        )
    }

    /// All four, in report order.
    static var result: LintResult {
        LintResult(findings: [cycle, hostile, suppressed, note].sorted(by: Finding.reportOrder))
    }

    static let context = ReportContext(toolVersion: "9.9.9", baseDirectory: "/repo")
}

/// Runs an external program (a validator) with text on its standard input.
enum ExternalTool {
    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs `executable` (looked up on `PATH`) with `arguments`.
    static func run(_ executable: String, _ arguments: [String], input: String = "") throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        let writer = stdin.fileHandleForWriting
        let bytes = Data(input.utf8)
        DispatchQueue.global().async {
            writer.write(bytes)
            try? writer.close()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    /// The repository's `Tests/` directory.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Validates a SARIF document against the official 2.1.0 schema with Python `jsonschema`.
    /// Fails (never skips) when the validator is missing: `make setup` installs it.
    static func validateSARIF(_ text: String) throws -> Outcome {
        let schema = testsDirectory.appendingPathComponent("Schemas/sarif-schema-2.1.0.json").path
        let script = """
        import json, sys
        import jsonschema
        schema = json.load(open(sys.argv[1]))
        document = json.load(sys.stdin)
        errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(document), key=lambda e: list(e.path))
        for error in errors:
            print("/".join(str(p) for p in error.path), error.message)
        sys.exit(1 if errors else 0)
        """
        return try run("python3", ["-c", script, schema], input: text)
    }

    /// Validates XML against an XSD under `Tests/Schemas/` with `xmllint`.
    static func validateXML(_ text: String, schema: String) throws -> Outcome {
        let path = testsDirectory.appendingPathComponent("Schemas/\(schema)").path
        return try run("xmllint", ["--noout", "--schema", path, "-"], input: text)
    }

    /// The result of an XPath expression over `text`, with `xmllint --xpath`.
    static func xpath(_ text: String, _ expression: String) throws -> String {
        var output = try run("xmllint", ["--xpath", expression, "-"], input: text).output
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }
}
