import Foundation
import Testing
@testable import OpLintCLI

/// A report written with `-o` (streamed into the atomic output file in chunks) holds the same
/// bytes as the same report on standard output, in every format.
@Suite struct FormatsOutputFileTests {
    static let formats = ["text", "json", "sarif", "github", "junit", "checkstyle", "gitlab", "markdown"]

    /// A graph with hostile names and one finding per operation: a chain of operations that are
    /// never added to a queue, named with quotes, markup, separators and control characters.
    static func hostileChain(operations: Int) -> String {
        let names = (0..<operations).map { i in
            ["plain", "q\\\"uote", "<script>", "a,b:c%d", "line\\nbreak", "tab\\t", "\\u001b[31m", "\\u2028", "\\u202e", "日本"][i % 10] + "\(i)"
        }
        let lines = names.enumerated().map { i, name in
            i == 0 ? "{\"name\": \"\(name)\"}" : "{\"name\": \"\(name)\", \"dependencies\": [\"\(names[i - 1])\"]}"
        }
        return "{\"version\": 1, \"operations\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    @Test(arguments: formats)
    func outputFileEqualsStandardOutput(format: String) throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let chain = directory.appendingPathComponent("chain.json").path
        try Data(Self.hostileChain(operations: 1_500).utf8).write(to: URL(fileURLWithPath: chain))
        for input in ["examples/image-pipeline/broken.json", "examples/rules/OPL101-dependency-cycle.json", "examples/source", chain] {
            let output = directory.appendingPathComponent("out.\(format)").path
            let written = FormatsCLI.run([input, "--format", format, "-o", output, "--exit-zero"])
            #expect(written.code == 0 && written.standardOutput.isEmpty && written.standardError.isEmpty, "\(input) \(format)")
            let printed = FormatsCLI.run([input, "--format", format, "--exit-zero"])
            #expect(printed.code == 0, "\(input) \(format)")
            let file = try Data(contentsOf: URL(fileURLWithPath: output))
            #expect(!file.isEmpty)
            #expect(file == Data(printed.standardOutput.utf8), "\(input) \(format)")
            // Also through --format NAME:FILE next to another format on standard output.
            let named = directory.appendingPathComponent("named.\(format)").path
            let both = FormatsCLI.run([input, "--format", "\(format):\(named)", "--format", format == "text" ? "json" : "text", "--exit-zero"])
            #expect(both.code == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: named)) == file, "\(input) \(format) as \(format):FILE")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["chain.json", "named.\(format)", "out.\(format)"])
    }

    /// Every format at once, each to its own file and one to standard output: with more
    /// findings than `LintCommand.parallelReportThreshold` the reports are written side by
    /// side on several threads, and each must hold the bytes it holds when written alone.
    @Test func everyFormatAtOnceEqualsEachAlone() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let chain = directory.appendingPathComponent("chain.json").path
        try Data(Self.hostileChain(operations: LintCommand.parallelReportThreshold + 500).utf8).write(to: URL(fileURLWithPath: chain))
        var arguments = [chain, "--exit-zero", "--format", "text"]
        for format in Self.formats { arguments += ["--format", "\(format):\(directory.path)/all.\(format)"] }
        let together = FormatsCLI.run(arguments)
        #expect(together.code == 0 && together.standardError.isEmpty)
        #expect(together.standardOutput == FormatsCLI.run([chain, "--exit-zero"]).standardOutput)
        for format in Self.formats {
            let alone = FormatsCLI.run([chain, "--format", format, "--exit-zero"])
            let file = try Data(contentsOf: URL(fileURLWithPath: "\(directory.path)/all.\(format)"))
            #expect(file.count > 100_000 && file == Data(alone.standardOutput.utf8), "\(format)")
        }
    }

    /// When several outputs cannot be written, the first on the command line is the one
    /// named, and every output that can be written still is.
    @Test func firstFailingOutputIsReported() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let chain = directory.appendingPathComponent("chain.json").path
        try Data(Self.hostileChain(operations: LintCommand.parallelReportThreshold + 10).utf8).write(to: URL(fileURLWithPath: chain))
        let missing = directory.appendingPathComponent("missing").path
        let outcome = FormatsCLI.run([chain, "--exit-zero", "--format", "json:\(directory.path)/ok.json",
                                      "--format", "sarif:\(missing)/first.sarif", "--format", "junit:\(missing)/second.xml",
                                      "--format", "markdown:\(directory.path)/ok.md"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("\(missing)/first.sarif: error: cannot write output"))
        #expect(!outcome.standardError.contains("second.xml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["chain.json", "ok.json", "ok.md"])
    }

    /// Two spellings of one file are one destination, refused before anything is written.
    @Test func twoSpellingsOfOneFileAreRefused() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = FormatsCLI.run(["examples/image-pipeline/broken.json", "--format", "json:out.json", "--format", "sarif:./sub/../out.json"], in: directory.path)
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("two formats write to './sub/../out.json'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
