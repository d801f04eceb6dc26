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
