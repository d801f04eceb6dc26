import Foundation
import Testing
@testable import OpLintCore

/// The failing example of each scheduling rule fires exactly at its `↓` markers; the fixed one is silent.
@Suite struct SchedulingRuleExampleTests {
    static let rules: [any Rule.Type] = [
        WaitDeadlockRule.self, MainThreadWaitRule.self, ZeroWidthQueueRule.self, SuspendedForeverRule.self,
        NeverFinishesRule.self, ExclusivityDeadlockRule.self, PriorityInversionRule.self,
        CrossQueuePriorityRule.self, UnorderedConflictRule.self,
    ]

    static func findings(_ rule: any Rule.Type, _ example: RuleExample) throws -> [Finding] {
        let graph = try SchedulingExampleReader.graph(example.cleanText)
        return Linter(rules: [rule.init()]).lint(graph).findings.filter { $0.rule == rule.description.id }
    }

    @Test(arguments: rules.map { $0.description.id.code })
    func failingExampleFiresAtEachMarker(code: String) throws {
        let rule = try #require(Self.rules.first { $0.description.id.code == code })
        let example = rule.description.failingExample
        let findings = try Self.findings(rule, example)
        let marked = example.markedPositions.map { "\($0.line):\($0.column)" }.sorted()
        let found = findings.map { "\($0.location.line):\($0.location.column)" }.sorted()
        #expect(!marked.isEmpty)
        #expect(found == marked, "\(findings.map(\.message))")
    }

    @Test(arguments: rules.map { $0.description.id.code })
    func fixedExampleIsSilent(code: String) throws {
        let rule = try #require(Self.rules.first { $0.description.id.code == code })
        let example = rule.description.fixedExample
        #expect(example.markedPositions.isEmpty)
        let findings = try Self.findings(rule, example)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test(arguments: rules.map { $0.description.id.code })
    func descriptionIsComplete(code: String) throws {
        let rule = try #require(Self.rules.first { $0.description.id.code == code })
        let description = rule.description
        #expect(description.id.code.hasPrefix("OPL2"))
        #expect(description.id.name.allSatisfy { $0.isLowercase || $0 == "-" })
        #expect(description.rationale.contains("(S") || description.rationale.contains("S1") || description.rationale.contains("S2"))
        #expect(!description.summary.isEmpty && !description.details.isEmpty)
        #expect(RuleRegistry.rule(named: code) != nil)
        #expect(RuleRegistry.rule(named: description.id.name) != nil)
    }

    /// `examples/rules/CODE-name.json` is a copy of the failing example, with a one-line `.md` beside it.
    @Test(arguments: rules.map { $0.description.id.code })
    func exampleFileMatchesTheFailingExample(code: String) throws {
        let rule = try #require(Self.rules.first { $0.description.id.code == code })
        let id = rule.description.id
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let base = root.appendingPathComponent("examples/rules/\(id.code)-\(id.name)")
        let json = try String(contentsOf: base.appendingPathExtension("json"), encoding: .utf8)
        #expect(json == rule.description.failingExample.cleanText + "\n")
        let note = try String(contentsOf: base.appendingPathExtension("md"), encoding: .utf8)
        #expect(note.split(separator: "\n").count == 1)
        #expect(note.contains("examples/rules/\(id.code)-\(id.name).json"))
    }
}
