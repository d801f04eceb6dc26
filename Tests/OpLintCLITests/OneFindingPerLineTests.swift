import Foundation
import Testing
@testable import OpLintCLI

/// In `json` and `sarif`, each finding (each SARIF result) takes one line of its own, which is
/// a complete JSON value; the rest of the report is indented.
@Suite struct OneFindingPerLineTests {
    /// The lines between `"KEY": [` and the `]` that closes it.
    static func itemLines(_ report: String, key: String) -> [String] {
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let open = lines.firstIndex(where: { $0.hasSuffix("\"\(key)\": [") }) else { return [] }
        let indent = lines[open].prefix { $0 == " " }
        guard let close = lines[(open + 1)...].firstIndex(where: { $0 == indent + "]" || $0 == indent + "]," }) else { return [] }
        return Array(lines[(open + 1)..<close])
    }

    static func object(_ line: String) -> [String: Any]? {
        var text = line.drop { $0 == " " }
        if text.hasSuffix(",") { text = text.dropLast() }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    @Test(arguments: ["examples/image-pipeline/broken.json", "examples/source", "examples/rules/OPL101-dependency-cycle.json"])
    func eachFindingIsOneLine(input: String) throws {
        let json = FormatsCLI.run([input, "--format", "json", "--exit-zero"])
        #expect(json.code == 0)
        let findings = Self.itemLines(json.standardOutput, key: "findings")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let parsed = try #require(document["findings"] as? [[String: Any]])
        #expect(!parsed.isEmpty)
        #expect(findings.count == parsed.count, "one line per finding")
        for (line, finding) in zip(findings, parsed) {
            #expect(line.hasPrefix("    {\""), "\(line)")
            #expect(Self.object(line)?["fingerprint"] as? String == finding["fingerprint"] as? String)
        }
        #expect(json.standardOutput.contains("\n  \"summary\": {\n    \"errors\": "), "the rest stays indented")

        let sarif = FormatsCLI.run([input, "--format", "sarif", "--exit-zero"])
        let results = Self.itemLines(sarif.standardOutput, key: "results")
        #expect(results.count == parsed.count, "one line per result")
        for line in results {
            #expect(line.hasPrefix("        {\""), "\(line)")
            #expect(Self.object(line)?["ruleId"] is String, "\(line)")
        }
        #expect(sarif.standardOutput.contains("\n      \"tool\": {\n        \"driver\": {\n"), "the rest stays indented")
    }

    /// A name with a line break, a quote and U+2028 stays escaped inside its one line.
    @Test func escapedBreaksStayOnTheLine() throws {
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let graph = directory.appendingPathComponent("g.json").path
        let names = ["a\\nb\\\"c\\u2028d", "e\\r\\nf"]
        try Data(#"{"version": 1, "operations": [{"name": "\#(names[0])", "dependencies": ["\#(names[1])"]}, {"name": "\#(names[1])", "dependencies": ["\#(names[0])"]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: graph))
        for (format, key) in [("json", "findings"), ("sarif", "results")] {
            let outcome = FormatsCLI.run([graph, "--format", format, "--exit-zero"])
            let lines = Self.itemLines(outcome.standardOutput, key: key)
            #expect(!lines.isEmpty, "\(format)")
            for line in lines { #expect(Self.object(line) != nil, "\(format): \(line)") }
            #expect(!outcome.standardOutput.contains("\u{2028}"), "\(format)")
        }
    }
}
