import Foundation
import Testing
@testable import OpLintCLI
import OpLintCore

/// `oplint simulate -o FILE`: the bytes written to the file, atomicity, and write errors.
@Suite struct SimulateOutputFileTests {
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(arguments: ["text", "json", "csv"])
    func fileEqualsStandardOutput(format: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        for graph in ["examples/scenarios/s13-width.json", "examples/scenarios/linux-priority-lost.json"] {
            let file = directory.appendingPathComponent("out.\(format)").path
            let printed = CLIHarness.run(["simulate", graph, "--format", format])
            let written = CLIHarness.run(["simulate", graph, "--format", format, "-o", file])
            #expect(written.code == printed.code)
            #expect(written.standardOutput.isEmpty)
            #expect(!printed.standardOutput.isEmpty)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.standardOutput, "\(graph) \(format)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.\(format)"])
    }

    @Test func largeOutputIsWrittenInChunksCompletely() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SplitMix(seed: 3)
        let bytes = (0..<(2 * OutputFile.chunk + 12_345)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let file = directory.appendingPathComponent("big.bin").path
        try OutputFile.write(bytes, to: file)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(bytes))
        try OutputFile.write([1, 2, 3], to: file)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data([1, 2, 3]))
        try OutputFile.write([], to: file)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["big.bin"])
    }

    /// The new content replaces the old file by rename: a hard link to the old file keeps the old bytes.
    @Test func replacesTheTargetAtomically() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("schedule.csv").path
        let link = directory.appendingPathComponent("previous.csv").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.linkItem(atPath: file, toPath: link)
        #expect(CLIHarness.run(["simulate", "examples/scenarios/s13-width.json", "--format", "csv", "-o", file]).code == 0)
        #expect(try String(contentsOfFile: link, encoding: .utf8) == "old\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("operation,queue,slot,start,end,state,waited_for\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["previous.csv", "schedule.csv"])
    }

    @Test func unwritableDestinationIsAnOutputError() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing/out.csv").path
        let outcome = CLIHarness.run(["simulate", "examples/scenarios/s13-width.json", "--format", "csv", "-o", missing])
        #expect(outcome.code == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "\(missing): error: cannot write output (No such file or directory)\n")
        // A directory in the way: the temporary file is written, the rename fails, and it is removed.
        let blocked = directory.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let refused = CLIHarness.run(["simulate", "examples/scenarios/s13-width.json", "-o", blocked.path])
        #expect(refused.code == 2)
        #expect(refused.standardError.hasPrefix("\(blocked.path): error: cannot write output ("))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["blocked"])
    }

    /// An input is never written onto, whatever name the output gives it: the same path, a
    /// symbolic link to it, a path through `..`, another hard link.
    @Test func neverWritesOntoAnInputUnderAnotherName() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("graph.json").path
        try FileManager.default.copyItem(atPath: CLIHarness.path("examples/scenarios/s13-width.json"), toPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("alias.json").path, withDestinationPath: input)
        try FileManager.default.linkItem(atPath: input, toPath: directory.appendingPathComponent("hard.json").path)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for output in [input, directory.appendingPathComponent("alias.json").path, directory.appendingPathComponent("sub/../graph.json").path,
                       directory.appendingPathComponent("hard.json").path] {
            let outcome = CLIHarness.run(["simulate", input, "--format", "csv", "-o", output])
            #expect(outcome.code == 2, "\(output)")
            #expect(outcome.standardError == "\(output): error: refusing to overwrite the input file\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        }
        // A new file beside the input is written.
        let beside = directory.appendingPathComponent("schedule.csv").path
        #expect(CLIHarness.run(["simulate", input, "--format", "csv", "-o", beside]).code == 0)
        #expect(FileManager.default.fileExists(atPath: beside))
    }

    /// The temporary file goes beside the output: the directory and the name are split as
    /// `URL` splits them.
    @Test(arguments: ["out.json", "/out.json", "a/out.json", "/a/b/out.json", "a//out.json", "a/out.json/", "./out.json", "../x/out.json", "a b/ü.json"])
    func temporaryFileGoesBesideTheOutput(path: String) {
        let split = OutputFile.directoryAndName(path)
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: "/base/dir/", isDirectory: true))
        #expect(split.name == url.lastPathComponent, "\(path)")
        let directory = split.directory.hasPrefix("/") ? split.directory : "/base/dir/" + split.directory
        #expect(URL(fileURLWithPath: directory).standardizedFileURL.path == url.deletingLastPathComponent().standardizedFileURL.path, "\(path)")
    }
}

/// Reproducible test bytes: the simulator's seeded SplitMix64 generator.
private typealias SplitMix = SimulationRandom
