import Foundation
import Testing
@testable import OpLintCore

/// The scheduling rules' descriptions and their example files. (The examples themselves run in
/// `RuleExampleTests`, through the JSON loader.)
@Suite struct SchedulingRuleDocumentationTests {
    static let rules: [any Rule.Type] = [
        WaitDeadlockRule.self, MainThreadWaitRule.self, ZeroWidthQueueRule.self, SuspendedForeverRule.self,
        NeverFinishesRule.self, ExclusivityDeadlockRule.self, PriorityInversionRule.self,
        CrossQueuePriorityRule.self, UnorderedConflictRule.self,
    ]

    @Test(arguments: rules.map { $0.description.id.code })
    func descriptionIsCompleteAndRegistered(code: String) throws {
        let rule = try #require(Self.rules.first { $0.description.id.code == code })
        let description = rule.description
        #expect(description.id.code.hasPrefix("OPL2"))
        #expect(description.rationale.contains(/\(S\d+|S\d+/))
        #expect(description.failingExample.markedPositions.count >= 1)
        #expect(description.fixedExample.markedPositions.isEmpty)
        #expect(RuleRegistry.rule(named: code) == nil ? false : RuleRegistry.rule(named: description.id.name) != nil)
    }

    /// `examples/rules/CODE-name.json` has a one-line `.md` beside it saying what to run and what it shows.
    @Test(arguments: rules.map { $0.description.id.code })
    func exampleFileHasItsNote(code: String) throws {
        let rule = try #require(Self.rules.first { $0.description.id.code == code })
        let id = rule.description.id
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let base = root.appendingPathComponent("examples/rules/\(id.code)-\(id.name)")
        let json = try String(contentsOf: base.appendingPathExtension("json"), encoding: .utf8)
        #expect(json == rule.description.failingExample.cleanText + "\n")
        let note = try String(contentsOf: base.appendingPathExtension("md"), encoding: .utf8)
        #expect(note.split(separator: "\n").count == 1)
        #expect(note.contains("examples/rules/\(id.code)-\(id.name).json"))
        #expect(note.contains(id.code))
    }
}
