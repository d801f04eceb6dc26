import Foundation
import Testing
@testable import OpLintCLI

/// action.yml: its structure, then its steps run here as on an Ubuntu runner
/// (Tests/Packaging/run_action.py stands in for the runner and the actions it uses).
extension PackagingTests {
    static let runner = root.appendingPathComponent("Tests/Packaging/run_action.py").path

    struct ActionRun: Decodable {
        struct Step: Decodable {
            var name: String
            var ran: Bool
            var status: Int?
            var outputs: [String: String]?
            var log: String?
        }
        struct Use: Decodable {
            var uses: String
            var with: [String: String]
        }
        var steps: [Step]
        var uses: [Use]
        var outputs: [String: String]
        var exitCode: Int
        var failedStep: String?
        var stepSummary: String
        var path: [String]

        enum CodingKeys: String, CodingKey {
            case steps, uses, outputs, path
            case exitCode = "exit_code", failedStep = "failed_step", stepSummary = "step_summary"
        }

        func step(_ name: String) -> Step? { steps.first { $0.name == name } }
        var ran: [String] { steps.filter(\.ran).map(\.name) }
    }

    /// Runs the action with `inputs` in `workspace`; the runner's temporary directory and the
    /// cache live in `state`, so that a second run can find what the first one saved.
    static func runAction(_ inputs: [String: String], workspace: URL, state: URL) throws -> ActionRun {
        var all = inputs
        all["build-directory"] = scratch
        let settings: [String: Any] = [
            "inputs": all, "workspace": workspace.path, "temp": state.appendingPathComponent("temp").path,
            "cache_store": state.appendingPathComponent("cache").path, "action_path": root.path,
        ]
        let file = state.appendingPathComponent("settings-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: settings).write(to: file)
        let outcome = try FormatsCLI.bash("python3 \(quoted(runner)) run \(quoted(root.appendingPathComponent("action.yml").path)) \(quoted(file.path)) 2>&1")
        try #require(outcome.status == 0, "\(outcome.output)")
        return try JSONDecoder().decode(ActionRun.self, from: Data(outcome.output.utf8))
    }

    @Test func actionYmlIsWellFormed() throws {
        let check = try FormatsCLI.bash("python3 \(Self.quoted(Self.runner)) validate \(Self.quoted(Self.root.appendingPathComponent("action.yml").path)) 2>&1")
        #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")

        // The check itself finds the mistakes it is there for.
        let original = try String(contentsOf: Self.root.appendingPathComponent("action.yml"), encoding: .utf8)
        let mistakes: [(String, String, String)] = [
            ("if: inputs.report != ''", "if: inputs.reports != ''", "'inputs.reports' is not a declared input"),
            ("make -C \"$GITHUB_ACTION_PATH\" --no-print-directory build-deps", "make -C \"${{ github.action_path }}\" build-deps",
             "expressions inside 'run'"),
            ("uses: actions/cache/save@v5", "uses: actions/cache/save@main", "is not pinned to a version tag"),
            ("sarif_file: ${{", "sarif: ${{", "has no input 'sarif'"),
            ("value: ${{ steps.lint.outputs.exit-code }}", "value: ${{ steps.lnt.outputs.exit-code }}", "names no output of an earlier step"),
        ]
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (from, to, message) in mistakes {
            #expect(original.contains(from), "\(from)")
            let broken = directory.appendingPathComponent("action.yml")
            try Data(original.replacingOccurrences(of: from, with: to).utf8).write(to: broken)
            let result = try FormatsCLI.bash("python3 \(Self.quoted(Self.runner)) validate \(Self.quoted(broken.path)) 2>&1")
            #expect(result.status == 1 && result.output.contains(message), "\(to): \(result.output)")
        }
        let noShell = original.replacingOccurrences(of: "      shell: bash\n      run: |\n        # GitHub's images", with: "      run: |\n        # GitHub's images")
        #expect(noShell != original)
        try Data(noShell.utf8).write(to: directory.appendingPathComponent("action.yml"))
        let result = try FormatsCLI.bash("python3 \(Self.quoted(Self.runner)) validate \(Self.quoted(directory.appendingPathComponent("action.yml").path)) 2>&1")
        #expect(result.output.contains("a run step needs a shell"), "\(result.output)")
    }

    @Test func actionBuildsLintsUploadsAndFailsOnFindingsThenReusesTheCache() throws {
        let state = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let workspace = state.appendingPathComponent("workspace")
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("graphs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("examples/image-pipeline/broken.json"),
                                         to: workspace.appendingPathComponent("graphs/broken.json"))

        // First run: nothing cached, so it builds; findings fail the action at the end only.
        let first = try Self.runAction(["paths": "graphs/*.json", "format": "github, markdown:oplint.md"], workspace: workspace, state: state)
        let skipped = first.steps.filter { !$0.ran }.map(\.name)
        #expect(skipped.isEmpty, "\(skipped)")
        #expect(first.failedStep == "Fail on findings" && first.exitCode == 1, "\(first.failedStep ?? "none")")
        #expect(first.outputs["exit-code"] == "1")
        let lint = first.step("Lint")?.log ?? ""
        #expect(lint.contains("::error file=graphs/broken.json,line=10,col=24,title=OPL101 dependency-cycle::"), "\(lint)")
        #expect(first.stepSummary.contains("oplint:"), "the GitHub format appends its Markdown summary")
        let sarif = workspace.appendingPathComponent("oplint.sarif").path
        #expect(first.outputs["sarif-file"] == sarif)
        let report = try String(contentsOfFile: workspace.appendingPathComponent("oplint-report.html").path, encoding: .utf8)
        #expect(first.outputs["report"] == workspace.appendingPathComponent("oplint-report.html").path && report.contains("<svg"))
        #expect(report.contains("https://github.com/example/app/blob/0123456789abcdef0123456789abcdef01234567/graphs/broken.json#L10"),
                "locations link to the commit's lines")

        let uses = Dictionary(first.uses.map { ($0.uses.components(separatedBy: "@")[0], $0.with) }, uniquingKeysWith: { a, _ in a })
        let key = try #require(uses["actions/cache/restore"]?["key"])
        #expect(key.hasPrefix("oplint-Linux-X64-") && uses["actions/cache/save"]?["key"] == key)
        #expect(uses["github/codeql-action/upload-sarif"]?["sarif_file"] == sarif)
        let artefact = Set((uses["actions/upload-artifact"]?["path"] ?? "").components(separatedBy: "\n").filter { !$0.isEmpty })
        #expect(artefact == Set(["oplint.md", "oplint.sarif", "oplint-report.html"].map { workspace.appendingPathComponent($0).path }))
        let bin = state.appendingPathComponent("temp/oplint-bin").path
        #expect(first.path == [bin])

        // Second run: the binary comes from the cache; with fail-on never nothing fails.
        try FileManager.default.removeItem(atPath: bin)
        let second = try Self.runAction(["paths": "graphs/broken.json", "fail-on": "never", "report": "", "artifact": ""],
                                        workspace: workspace, state: state)
        #expect(second.step("Restore oplint from the cache")?.outputs?["cache-hit"] == "true")
        #expect(!second.ran.contains("Build oplint") && !second.ran.contains("Save oplint in the cache"))
        #expect(!second.ran.contains("Write the HTML report") && !second.ran.contains("Keep the reports"))
        #expect(second.failedStep == nil && second.exitCode == 0 && second.outputs["exit-code"] == "0")
        #expect(FileManager.default.fileExists(atPath: bin + "/oplint"))

        // A wrong fail-on stops at the lint step, with a message, before anything is uploaded.
        let third = try Self.runAction(["paths": "graphs/broken.json", "fail-on": "sometimes"], workspace: workspace, state: state)
        #expect(third.failedStep == "Lint" && third.exitCode == 2)
        #expect(third.step("Lint")?.log?.contains("::error::fail-on must be error, warning, note or never, not 'sometimes'") == true)
        #expect(!third.ran.contains("Upload SARIF to code scanning") && !third.ran.contains("Fail on findings"))
    }
}
