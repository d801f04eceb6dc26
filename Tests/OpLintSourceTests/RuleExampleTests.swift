import Testing
import OpLintCore
@testable import OpLintSource

/// The Swift and Objective-C examples of every rule, run through extraction and the linter:
/// a failing example fires exactly where its `↓` markers are, a fixed one stays silent.
@Suite("Source rule examples")
struct RuleExampleTests {
    static let sourceRules: [String] = RuleRegistry.all
        .filter { $0.description.failingExample.language != .json }
        .map { $0.description.id.code }

    static func findings(_ example: RuleExample, rule code: String) -> [Finding] {
        let name = example.language == .objectiveC ? "Example.m" : "Example.swift"
        let graph = SourceExtractor.extract(files: [(name, Array(example.cleanText.utf8))]).graph
        // A rule that is off by default runs when asked for, as `--rule CODE=SEVERITY` does.
        let severity = RuleRegistry.rule(named: code).map { $0.description.defaultSeverity }
        return Linter(severities: [code: severity]).lint(graph).reported.filter { $0.rule.code == code }
    }

    @Test("Every API-misuse rule has source examples")
    func apiRulesHaveSourceExamples() {
        for code in ["OPL208", "OPL301", "OPL302", "OPL303", "OPL304", "OPL305", "OPL306", "OPL307", "OPL308"] {
            #expect(Self.sourceRules.contains(code), "\(code)")
        }
    }

    @Test("A failing example fires where it is marked", arguments: sourceRules)
    func failingExample(code: String) throws {
        let rule = try #require(RuleRegistry.rule(named: code))
        let example = rule.description.failingExample
        let found = Self.findings(example, rule: code).map { "\($0.location.line):\($0.location.column)" }.sorted()
        let marked = example.markedPositions.map { "\($0.line):\($0.column)" }.sorted()
        #expect(!marked.isEmpty)
        #expect(found == marked)
    }

    @Test("A fixed example stays silent", arguments: sourceRules)
    func fixedExample(code: String) throws {
        let rule = try #require(RuleRegistry.rule(named: code))
        let found = Self.findings(rule.description.fixedExample, rule: code)
        #expect(found.isEmpty, "\(found.map(\.message))")
    }
}
