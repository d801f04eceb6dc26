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
}
