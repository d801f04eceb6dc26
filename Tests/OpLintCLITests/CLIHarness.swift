import Foundation
import Testing
@testable import OpLintCLI

/// Runs oplint in-process (fast, for most tests) or as a real process (exit codes, stdin, pipes).
enum CLIHarness {
    struct Outcome {
        var code: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The package root, from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

    /// `oplint ARGUMENTS` in this process, with captured streams and no colour.
    static func run(_ arguments: [String], environment: [String: String] = [:]) -> Outcome {
        let out = OutputChannel()
        let err = OutputChannel()
        let context = CommandContext(
            standardOutput: out, standardError: err, colorOutput: false, showsProgress: false,
            environment: environment, currentDirectory: packageRoot.path
        )
        let code = OplintCLI.run(arguments, context: context)
        return Outcome(code: code.rawValue, standardOutput: out.text, standardError: err.text)
    }

    /// The built `oplint` executable, beside the test bundle.
    static var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("oplint")
    }

    /// `oplint ARGUMENTS` as a child process, with `input` on its standard input; with
    /// `addressSpaceLimit`, started by `sh` after `ulimit -v` that many kilobytes.
    static func spawn(
        _ arguments: [String], input: [UInt8]? = nil, environment: [String: String]? = nil, addressSpaceLimit: Int? = nil
    ) throws -> Outcome {
        let process = Process()
        if let addressSpaceLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(addressSpaceLimit) && exec \"$0\" \"$@\"", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = packageRoot
        if let environment { process.environment = environment }
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes concurrently so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Outcome(
            code: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self)
        )
    }

    /// Compares `text` with the snapshot file `name`; `OPLINT_UPDATE_SNAPSHOTS=1` rewrites it.
    static func assertSnapshot(_ text: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = packageRoot.appendingPathComponent("Tests/OpLintCLITests/Snapshots/\(name)")
        if ProcessInfo.processInfo.environment["OPLINT_UPDATE_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "output differs from snapshot \(name); run with OPLINT_UPDATE_SNAPSHOTS=1 to update", sourceLocation: sourceLocation)
    }
}
