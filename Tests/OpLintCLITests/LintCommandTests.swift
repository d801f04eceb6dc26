import Foundation
import Testing
@testable import OpLintCLI

@Suite struct LintCommandTests {
    /// Every bundled example graph, relative to the package root.
    static let examples: [String] = {
        let root = CLIHarness.packageRoot.appendingPathComponent("examples")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { ($0 as? URL)?.path } ?? []
        return files.filter { $0.hasSuffix(".json") }
            .map { String($0.dropFirst(CLIHarness.packageRoot.path.count + 1)) }
            .sorted()
    }()

    static func snapshotName(_ example: String, _ suffix: String) -> String {
        example.replacingOccurrences(of: "/", with: "__") + suffix
    }

    @Test func examplesExist() {
        #expect(Self.examples.count >= 10)
        #expect(Self.examples.contains("examples/image-pipeline/graph.json"))
    }

    @Test(arguments: examples)
    func textOutputMatchesSnapshot(example: String) throws {
        let outcome = CLIHarness.run([example])
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        #expect(outcome.code == 0 || outcome.code == 1)
        try CLIHarness.assertSnapshot("exit \(outcome.code)\n" + outcome.standardOutput, named: Self.snapshotName(example, ".txt"))
    }

    @Test(arguments: examples)
    func jsonOutputMatchesSnapshotAndParses(example: String) throws {
        let outcome = CLIHarness.run(["lint", example, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        #expect(object?["version"] as? Int == 1)
        try CLIHarness.assertSnapshot(outcome.standardOutput, named: Self.snapshotName(example, ".json"))
    }

    @Test(arguments: examples)
    func outputIsDeterministic(example: String) {
        let first = CLIHarness.run([example, "--format", "json"]).standardOutput
        let second = CLIHarness.run([example, "--format", "json"]).standardOutput
        #expect(first == second)
    }

    @Test func exitCodesFollowFailOn() throws {
        let cycle = "examples/rules/OPL101-dependency-cycle.json"
        let warningOnly = "examples/rules/OPL109-unknown-key.json"
        let clean = "examples/image-pipeline/graph.json"
        #expect(CLIHarness.run([clean]).code == 0)
        #expect(CLIHarness.run([cycle]).code == 1)
        #expect(CLIHarness.run([cycle, "--exit-zero"]).code == 0)
        #expect(CLIHarness.run([warningOnly]).code == 0)
        #expect(CLIHarness.run([warningOnly, "--strict"]).code == 1)
        #expect(CLIHarness.run([warningOnly, "--fail-on", "warning"]).code == 1)
        #expect(CLIHarness.run([cycle, "--rule", "OPL101=off", "--rule", "unreachable-operation=warning"]).code == 0)
    }

    @Test func severityOverridesChangeTheReport() {
        let outcome = CLIHarness.run(["examples/rules/OPL101-dependency-cycle.json", "--rule", "dependency-cycle=warning"])
        #expect(outcome.code == 0)
        #expect(outcome.standardOutput.contains("warning: dependency cycle"))
    }

    @Test func invalidInputExitsTwoWithOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.json")
        try Data("{\n  \"version\": 1,\n  \"operations\": [ { \"name\": \"a\" ]\n}\n".utf8).write(to: broken)
        let outcome = CLIHarness.run([broken.path])
        #expect(outcome.code == 2)
        #expect(outcome.standardOutput.isEmpty)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(broken.path + ":3:") == true, "\(outcome.standardError)")

        let missing = CLIHarness.run([directory.appendingPathComponent("missing.json").path])
        #expect(missing.code == 2)
        #expect(missing.standardError.contains("missing.json"))

        let folder = CLIHarness.run(["lint", directory.path])
        #expect(folder.code == 2)
    }

    /// A command is found by its `name`, without building every command's configuration: the
    /// two must agree, and each name must select its command.
    @Test func everyCommandIsFoundByTheNameItsConfigurationHas() {
        var names: [String] = []
        for command in OplintCLI.commands {
            let name = command.name
            let configured = command.configuration.name
            let found = OplintCLI.command(named: name)?.configuration.name
            #expect(name == configured)
            #expect(found == name)
            names.append(name)
        }
        let unknown = OplintCLI.command(named: "lnt") == nil
        #expect(unknown)
        #expect(Set(names).count == names.count)
    }

    /// The context of the process holds the variables oplint reads, as the process has them,
    /// and no other.
    @Test func theProcessContextReadsItsVariablesByName() {
        let environment = OplintCLI.processContext().environment
        #expect(Set(environment.keys).isSubset(of: OplintCLI.environmentVariables))
        for name in OplintCLI.environmentVariables {
            #expect(environment[name] == ProcessInfo.processInfo.environment[name], "\(name)")
        }
    }

    @Test func usageErrorsSuggestTheNearestName() {
        let option = CLIHarness.run(["lint", "x.json", "--fial-on", "error"])
        #expect(option.code == 2)
        #expect(option.standardError.contains("did you mean '--fail-on'?"))
        let command = CLIHarness.run(["explian", "OPL101"])
        #expect(command.code == 2)
        #expect(command.standardError.contains("did you mean 'explain'?"))
        let rule = CLIHarness.run(["explain", "dependency-cylce"])
        #expect(rule.code == 2)
        #expect(rule.standardError.contains("did you mean 'dependency-cycle'?"))
        let format = CLIHarness.run(["x.json", "--format", "jsn"])
        #expect(format.code == 2)
        #expect(format.standardError.contains("did you mean 'json'?"))
    }

    @Test func formatToFileIsWrittenAndInputIsNeverOverwritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("graph.json")
        try FileManager.default.copyItem(atPath: CLIHarness.path("examples/rules/OPL101-dependency-cycle.json"), toPath: input.path)
        let report = directory.appendingPathComponent("findings.json")
        let outcome = CLIHarness.run([input.path, "--format", "text", "--format", "json:\(report.path)"])
        #expect(outcome.code == 1)
        #expect(outcome.standardOutput.contains("dependency cycle"))
        let written = try String(contentsOf: report, encoding: .utf8)
        #expect(written.contains("\"rule\":\"OPL101\""))
        let before = try Data(contentsOf: input)
        let clobber = CLIHarness.run([input.path, "--format", "json:\(input.path)"])
        #expect(clobber.code == 2)
        #expect(try Data(contentsOf: input) == before)
    }

    @Test func hostileNamesCannotForgeOutputLines() throws {
        let hostile = "evil\n/tmp/x.swift:1:1: error: forged [OPL101 dependency-cycle]"
        let graph = """
        {"version": 1, "queues": [{"name": "q"}], "operations": [
          {"name": \(quoted(hostile)), "queue": "q", "dependencies": ["b"]},
          {"name": "b", "queue": "q", "dependencies": [\(quoted(hostile))]}
        ]}
        """
        let outcome = try CLIHarness.spawn(["-"], input: Array(graph.utf8))
        #expect(outcome.code == 1)
        let forged = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("/tmp/x.swift") }
        #expect(forged.isEmpty)
        #expect(outcome.standardOutput.contains("evil\\n/tmp/x.swift"))
    }

    @Test func readsStandardInputAndHandlesAClosedPipe() throws {
        let graph = try Data(contentsOf: URL(fileURLWithPath: CLIHarness.path("examples/rules/OPL101-dependency-cycle.json")))
        let outcome = try CLIHarness.spawn(["-"], input: Array(graph))
        #expect(outcome.code == 1)
        #expect(outcome.standardOutput.hasPrefix("<stdin>:"))
    }

    @Test func timingGoesToStandardErrorAndLeavesTheReportAlone() throws {
        let graph = CLIHarness.path("examples/image-pipeline/broken.json")
        let plain = CLIHarness.run([graph])
        let timed = CLIHarness.run([graph, "--timing"])
        #expect(timed.code == plain.code)
        #expect(timed.standardOutput == plain.standardOutput)
        let lines = timed.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("phase") == true)
        #expect(lines.last?.hasPrefix("total") == true)
        for phase in ["read the graph", "index names and edges", "rule OPL101 dependency-cycle", "rule OPL105 never-started", "report text"] {
            #expect(lines.contains { $0.hasPrefix(phase + " ") }, "\(phase)")
        }
        // A rule turned off is not run, so it is not timed.
        let off = CLIHarness.run([graph, "--timing", "--rule", "OPL105=off"])
        #expect(!off.standardError.contains("OPL105"))
    }

    @Test func versionAndHelp() throws {
        let version = CLIHarness.run(["--version"])
        #expect(version.code == 0)
        #expect(version.standardOutput == OplintCLI.version + "\n")
        try CLIHarness.assertSnapshot(CLIHarness.run(["help"]).standardOutput, named: "help.txt")
        try CLIHarness.assertSnapshot(CLIHarness.run(["lint", "--help"]).standardOutput, named: "help-lint.txt")
        try CLIHarness.assertSnapshot(CLIHarness.run(["rules"]).standardOutput, named: "rules.txt")
        let explain = CLIHarness.run(["explain", "OPL101"])
        #expect(explain.code == 0)
        #expect(explain.standardOutput.hasPrefix("OPL101 dependency-cycle (default severity: error)"))
        #expect(CLIHarness.run(["explain", "dependency-cycle"]).standardOutput == explain.standardOutput)
    }

    private func quoted(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text], options: [])
        let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }
}
