import Foundation
import Testing
@testable import OpLintCLI

@Suite struct FormatsCompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func everyShellGetsEveryCommandAndOption(shell: String) {
        let outcome = FormatsCLI.run(["completion", shell])
        #expect(outcome.code == 0)
        let script = outcome.standardOutput
        for command in OplintCLI.commands.map({ $0.configuration }) {
            #expect(script.contains(command.name), "\(shell) script lacks command \(command.name)")
            for option in command.options {
                let spelling = shell == "fish" ? "-l \(option.name)" : "--\(option.name)"
                #expect(script.contains(spelling), "\(shell) script lacks \(spelling) of \(command.name)")
            }
        }
        #expect(script.contains("sarif") && script.contains("dependency-cycle"))
    }

    @Test func bashScriptParses() throws {
        let script = FormatsCLI.run(["completion", "bash"]).standardOutput
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-completion-\(UUID().uuidString).bash")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(script.utf8).write(to: file)
        let outcome = try FormatsCLI.bash("bash -n \(file.path)")
        #expect(outcome.status == 0, "\(outcome.output)")
    }

    @Test(arguments: [
        ("oplint lint --form", "--format"),
        ("oplint --format sa", "sarif"),
        ("oplint graph.json --fail-on w", "warning"),
        ("oplint explain dependency-c", "dependency-cycle"),
        ("oplint help exp", "explain"),
        ("oplint completion fi", "fish"),
        ("oplint ru", "rules"),
    ])
    func bashCompletesWords(line: String, expected: String) throws {
        let script = FormatsCLI.run(["completion", "bash"]).standardOutput
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-completion-\(UUID().uuidString).bash")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(script.utf8).write(to: file)
        let words = line.split(separator: " ").map { "'\($0)'" }.joined(separator: " ")
        let outcome = try FormatsCLI.bash("""
        cd "$(mktemp -d)" && source \(file.path)
        COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        _oplint
        printf '%s\\n' "${COMPREPLY[@]}"
        """)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.output.split(separator: "\n").map(String.init) == [expected], "\(line) → \(outcome.output)")
    }

    @Test func unknownShellIsAUsageError() {
        let outcome = FormatsCLI.run(["completion", "bas"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("did you mean 'bash'?"))
    }
}
