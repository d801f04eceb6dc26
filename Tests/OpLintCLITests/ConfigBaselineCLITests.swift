import Foundation
import Testing
@testable import OpLintCLI

@Suite struct ConfigBaselineCLITests {
    static let cycleGraph = """
    {
      "version": 1,
      "queues": [{ "name": "feed" }],
      "operations": [
        { "name": "parse", "queue": "feed", "dependencies": ["download"] },
        { "name": "download", "queue": "feed", "dependencies": ["parse"] },
        { "name": "render", "queue": "feed", "dependencies": ["parse", "parse2"] }
      ]
    }
    """

    /// A temporary project: `graph.json` and, if given, `.oplint.json`.
    func project(config: String? = nil, graph: String = cycleGraph) throws -> URL {
        let directory = try FormatsCLI.temporaryDirectory()
        try Data(graph.utf8).write(to: directory.appendingPathComponent("graph.json"))
        if let config { try Data(config.utf8).write(to: directory.appendingPathComponent(".oplint.json")) }
        return directory
    }

    func lint(_ directory: URL, _ extra: [String] = [], in workingDirectory: URL? = nil) -> FormatsCLI.Outcome {
        FormatsCLI.run([directory.appendingPathComponent("graph.json").path] + extra, in: (workingDirectory ?? directory).path)
    }

    @Test func configurationFileSetsRuleSeverities() throws {
        let directory = try project(config: #"{"rules": {"OPL101": "off", "unknown-dependency": "note", "OPL106": "warning"}}"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = lint(directory)
        #expect(!outcome.standardOutput.contains("OPL101"))
        #expect(outcome.standardOutput.contains(": note: ") && outcome.standardOutput.contains("[OPL103 unknown-dependency]"))
        #expect(outcome.standardOutput.contains(": warning: ") && outcome.standardOutput.contains("[OPL106 unreachable-operation]"))
        #expect(outcome.code == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        // The command line overrides the file.
        let overridden = lint(directory, ["--rule", "OPL101=error"])
        #expect(overridden.standardOutput.contains("OPL101 dependency-cycle"))
        #expect(overridden.code == 1)
    }

    @Test func configurationIsFoundInAParentDirectory() throws {
        let directory = try project(config: #"{"rules": {"OPL101": "off"}}"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let nested = directory.appendingPathComponent("Sources/App")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        #expect(!lint(directory, in: nested).standardOutput.contains("OPL101"))
        // --config names another file instead.
        let other = directory.appendingPathComponent("strict.json")
        try Data(#"{"rules": {"OPL101": "warning"}}"#.utf8).write(to: other)
        #expect(lint(directory, ["--config", other.path], in: nested).standardOutput.contains("warning: dependency cycle"))
    }

    @Test(arguments: [
        (#"{"rule": {}}"#, ".oplint.json:1:2: error: unknown key 'rule' (did you mean 'rules'?)"),
        ("{\n  \"rules\": { \"dependency-cycel\": \"off\" }\n}", ".oplint.json:2:14: error: unknown rule 'dependency-cycel' (did you mean 'dependency-cycle'?)"),
        (#"{"rules": {"OPL101": "fatal"}}"#, ".oplint.json:1:22: error: rule 'OPL101' must be one of off, note, warning, error, found 'fatal'"),
        ("{", ".oplint.json:1:2: error: unexpected end of file"),
    ])
    func invalidConfigurationIsAnInputError(config: String, message: String) throws {
        let directory = try project(config: config)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = lint(directory)
        #expect(outcome.code == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == directory.path + "/" + message + "\n")
    }

    @Test func missingConfigFileIsAnError() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = lint(directory, ["--config", "nope.json"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("nope.json:1:1: error: cannot read the configuration file"))
    }

    @Test func baselineHidesRecordedFindingsEvenAfterLinesMove() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.appendingPathComponent("baseline.json")
        #expect(lint(directory).code == 1)
        // Writing a baseline reports as if it were given: nothing new.
        let written = lint(directory, ["--write-baseline", "baseline.json"])
        #expect(written.code == 0, "\(written.standardOutput)")
        let text = try String(contentsOf: baseline, encoding: .utf8)
        #expect(text.contains("\"file\": \"graph.json\""))
        #expect(lint(directory, ["--write-baseline", "baseline.json"]).code == 0)
        #expect(try String(contentsOf: baseline, encoding: .utf8) == text, "same findings, same bytes")

        // Reformat the graph: every line moves; the baseline still hides every finding.
        let moved = "\n\n\n" + Self.cycleGraph.replacingOccurrences(of: "\"operations\": [", with: "\"operations\": [\n\n")
        try Data(moved.utf8).write(to: directory.appendingPathComponent("graph.json"))
        let hidden = lint(directory, ["--baseline", "baseline.json"])
        #expect(hidden.code == 0)
        #expect(hidden.standardOutput.hasPrefix("no findings in 1 file (3 in the baseline)"), "\(hidden.standardOutput)")
        let json = lint(directory, ["--baseline", "baseline.json", "--format", "json"]).standardOutput
        #expect(json.contains("\"baseline\": 3"))

        // A new problem is reported; the old ones stay hidden.
        let worse = moved.replacingOccurrences(of: #""dependencies": ["parse", "parse2"]"#, with: #""dependencies": ["parse", "parse2", "render"]"#)
        try Data(worse.utf8).write(to: directory.appendingPathComponent("graph.json"))
        let new = lint(directory, ["--baseline", "baseline.json"])
        #expect(new.code == 1)
        #expect(new.standardOutput.contains("OPL102 self-dependency"))
        #expect(!new.standardOutput.contains("OPL101"))

        // SARIF marks new and unchanged results.
        let sarif = lint(directory, ["--baseline", "baseline.json", "--format", "sarif"]).standardOutput
        #expect(sarif.contains("\"baselineState\":\"new\"") && sarif.contains("\"baselineState\":\"unchanged\""))
        #expect(try FormatsValidator.sarif(sarif).status == 0)
    }

    @Test func baselineFromConfigurationAndFromAnotherDirectory() throws {
        let directory = try project(config: #"{"baseline": "ci/baseline.json"}"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("ci"), withIntermediateDirectories: true)
        _ = lint(directory, ["--write-baseline", "ci/baseline.json"])
        let entries = try String(contentsOf: directory.appendingPathComponent("ci/baseline.json"), encoding: .utf8)
        #expect(entries.contains("\"file\": \"../graph.json\""))
        let nested = directory.appendingPathComponent("ci")
        #expect(lint(directory, in: nested).code == 0, "the configuration's baseline applies from a subdirectory")
        #expect(lint(directory).code == 0)
    }

    @Test func nothingIsWrittenUnlessAsked() throws {
        let directory = try project(config: #"{"baseline": "missing-baseline.json"}"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = lint(directory, ["--format", "sarif"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("missing-baseline.json:1:1: error: cannot read the baseline file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [".oplint.json", "graph.json"])
    }

    @Test func invalidBaselineIsAnInputError() throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"version": 1, "findings": [{"rule": 1}]}"#.utf8).write(to: directory.appendingPathComponent("b.json"))
        let outcome = lint(directory, ["--baseline", "b.json"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("b.json:1:38: error: 'rule' must be a string"))
    }
}
