import Foundation
import Testing
@testable import OpLintCLI

/// Runs oplint in this process with captured streams, in a chosen working directory.
enum FormatsCLI {
    struct Outcome {
        var code: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]) -> Outcome {
        let out = OutputChannel()
        let err = OutputChannel()
        let context = CommandContext(
            standardOutput: out, standardError: err, colorOutput: false, showsProgress: false,
            environment: environment, currentDirectory: directory ?? packageRoot.path
        )
        let code = OplintCLI.run(arguments, context: context)
        return Outcome(code: code.rawValue, standardOutput: out.text, standardError: err.text)
    }

    /// A fresh empty directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a shell script with bash and returns its standard output and status.
    static func bash(_ script: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// External validators for the CLI format tests.
enum FormatsValidator {
    static let schemas = FormatsCLI.packageRoot.appendingPathComponent("Tests/Schemas")

    /// Runs `executable` with `input` on standard input; returns the status and combined output.
    static func run(_ executable: String, _ arguments: [String], input: String) throws -> (status: Int32, output: String) {
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
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// SARIF against the official 2.1.0 schema with Python `jsonschema`; fails (never skips) without it.
    static func sarif(_ text: String) throws -> (status: Int32, output: String) {
        let script = """
        import json, sys
        import jsonschema
        schema = json.load(open(sys.argv[1]))
        errors = list(jsonschema.Draft4Validator(schema).iter_errors(json.load(sys.stdin)))
        for error in errors: print("/".join(str(p) for p in error.path), error.message)
        sys.exit(1 if errors else 0)
        """
        return try run("python3", ["-c", script, schemas.appendingPathComponent("sarif-schema-2.1.0.json").path], input: text)
    }

    /// XML against an XSD in `Tests/Schemas/` with `xmllint`.
    static func xml(_ text: String, schema: String) throws -> (status: Int32, output: String) {
        try run("xmllint", ["--noout", "--schema", schemas.appendingPathComponent(schema).path, "-"], input: text)
    }
}
