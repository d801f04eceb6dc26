import Foundation
import OpLintCore
import Testing
@testable import OpLintCLI

/// What the command line does itself now that it imports only FoundationEssentials, against
/// what Foundation did for it.
@Suite struct CLIFoundationAgreementTests {
    @Test("Completion words are quoted and escaped as with replacingOccurrences(of:with:), before a combining mark too")
    func completionEscapesAgreeWithFoundation() {
        let pieces = ["'", ":", "\\", "[", "]", " ", "a", "\u{301}", "é", "\u{1F600}", "\n"]
        var generator = SimulationRandom(seed: 5)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(CompletionModel.quoted(text) == "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'")
            #expect(CompletionModel.zshText(text) == text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
                .replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")"))
            #expect(CompletionModel.zshWord(text) == text.replacingOccurrences(of: " ", with: "\\ ").replacingOccurrences(of: ":", with: "\\:"))
        }
    }

    @Test("A job summary that cannot be appended to is an error that says why")
    func jobSummaryThatCannotBeWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-summary-\(UUID().uuidString)").path
        let example = "examples/rules/OPL101-dependency-cycle.json"
        let outcome = CLIHarness.run([example, "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": directory + "/missing/summary.md"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("summary.md: error: cannot append the job summary (No such file or directory)"), "\(outcome.standardError)")
    }
}
