import Foundation
import Testing
@testable import OpLintCLI

/// Outputs that are not regular files — `/dev/null`, a named pipe, a directory — are written
/// in place or refused, never replaced by a renamed temporary file.
@Suite struct SpecialOutputFileTests {
    static func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    /// The temporary files a write into `/dev` would leave (`.null.oplint-…`).
    static func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/dev").filter { $0.contains(".oplint-") }
    }

    @Test func devNullStaysADevice() throws {
        #expect(Self.fileType("/dev/null") == S_IFCHR)
        for format in ["text", "json", "sarif"] {
            let outcome = FormatsCLI.run(["examples/image-pipeline/broken.json", "--format", "\(format):/dev/null", "--exit-zero"])
            #expect(outcome.code == 0 && outcome.standardError.isEmpty, "\(format): \(outcome.standardError)")
            #expect(Self.fileType("/dev/null") == S_IFCHR, "\(format) replaced /dev/null")
        }
        let extracted = FormatsCLI.run(["extract", "examples/source", "-o", "/dev/null"])
        #expect(extracted.code == 0 && extracted.standardError.isEmpty)
        let rendered = FormatsCLI.run(["render", "examples/image-pipeline/graph.json", "--format", "dot", "-o", "/dev/null"])
        #expect(rendered.code == 0, "\(rendered.standardError)")
        #expect(Self.fileType("/dev/null") == S_IFCHR)
        #expect(try Self.leftovers().isEmpty)
    }

    /// Two formats may both be thrown away.
    @Test func twoFormatsMayDiscardIntoDevNull() throws {
        let outcome = FormatsCLI.run(["examples/image-pipeline/broken.json", "--format", "json:/dev/null", "--format", "sarif:/dev/null", "--exit-zero"])
        #expect(outcome.code == 0 && outcome.standardError.isEmpty, "\(outcome.standardError)")
        #expect(Self.fileType("/dev/null") == S_IFCHR)
    }

    /// A named pipe receives the report as the reader reads it, and stays a pipe.
    @Test func namedPipeReceivesTheReport() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pipe = directory.appendingPathComponent("report.pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let received = ReceivedBytes()
        let reader = Thread {
            received.bytes = FileHandle(forReadingAtPath: pipe)?.readDataToEndOfFile()
            received.done.signal()
        }
        reader.start()
        let outcome = FormatsCLI.run(["examples/image-pipeline/broken.json", "--format", "json:\(pipe)", "--exit-zero"])
        #expect(received.done.wait(timeout: .now() + 30) == .success)
        #expect(outcome.code == 0 && outcome.standardError.isEmpty, "\(outcome.standardError)")
        let printed = FormatsCLI.run(["examples/image-pipeline/broken.json", "--format", "json", "--exit-zero"])
        #expect(received.bytes == Data(printed.standardOutput.utf8))
        #expect(Self.fileType(pipe) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.pipe"])
    }

    /// A reader that reads a little and leaves ends the output quietly, as `| head` does on
    /// standard output: no error, the exit status of the findings.
    @Test func aReaderLeavingEndsTheOutputQuietly() throws {
        // As `oplint` itself does (main.swift): a write to a pipe without a reader fails with
        // EPIPE instead of ending the process.
        signal(SIGPIPE, SIG_IGN)
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let chain = directory.appendingPathComponent("chain.json").path
        try Data(FormatsOutputFileTests.hostileChain(operations: 3_000).utf8).write(to: URL(fileURLWithPath: chain))
        let pipe = directory.appendingPathComponent("report.pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let received = ReceivedBytes()
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: pipe)
            received.bytes = try? handle?.read(upToCount: 100)
            try? handle?.close()
            received.done.signal()
        }
        reader.start()
        let outcome = FormatsCLI.run([chain, "--format", "json:\(pipe)"])
        #expect(received.done.wait(timeout: .now() + 30) == .success)
        #expect(received.bytes?.count == 100)
        #expect(outcome.code == FormatsCLI.run([chain, "--format", "json"]).code, "the findings' status: \(outcome.standardError)")
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
    }

    @Test func directoryIsRefused() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = FormatsCLI.run(["examples/image-pipeline/broken.json", "--format", "json:\(directory.path)", "--exit-zero"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("\(directory.path): error: cannot write output (Is a directory)"), "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}

private final class ReceivedBytes: @unchecked Sendable {
    var bytes: Data?
    let done = DispatchSemaphore(value: 0)
}
