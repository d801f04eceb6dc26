import Testing
@testable import OpLintCore

/// Every rule's documented examples are tests: the failing example fires exactly where it is
/// marked with `↓`, the fixed example stays silent.
@Suite struct RuleExampleTests {
    static let jsonRules = RuleRegistry.all.filter { $0.description.failingExample.language == .json }

    static func findings(of rule: any Rule.Type, in example: RuleExample) throws -> [Finding] {
        let graph = try GraphLoader.load(bytes: Array(example.cleanText.utf8), path: "example.json")
        let analysis = GraphAnalysis(graph)
        return rule.init().check(analysis)
    }

    @Test(arguments: jsonRules.map { $0.description.id.code })
    func failingExampleFiresWhereMarked(code: String) throws {
        let rule = try #require(RuleRegistry.rule(named: code))
        let example = rule.description.failingExample
        let marks = example.markedPositions
        #expect(!marks.isEmpty, "the failing example of \(code) marks no position")
        let found = try Self.findings(of: rule, in: example)
        let positions = found.map { "\($0.location.line):\($0.location.column)" }.sorted()
        let expected = marks.map { "\($0.line):\($0.column)" }.sorted()
        #expect(positions == expected, "\(code): findings at \(positions), marked at \(expected): \(found.map(\.message))")
        #expect(found.allSatisfy { $0.rule.code == code })
    }

    @Test(arguments: jsonRules.map { $0.description.id.code })
    func fixedExamplesAreSilent(code: String) throws {
        let rule = try #require(RuleRegistry.rule(named: code))
        for (k, example) in ([rule.description.fixedExample] + rule.description.moreFixedExamples).enumerated() {
            #expect(example.markedPositions.isEmpty)
            #expect(k == 0 || example.caption != nil, "\(code): a further fixed example has no caption")
            let found = try Self.findings(of: rule, in: example)
            #expect(found.isEmpty, "\(code) fired on a fixed example (\(example.caption ?? "the first")): \(found.map(\.message))")
        }
    }

    @Test func codesAndNamesAreUniqueAndSorted() {
        let ids = RuleRegistry.all.map { $0.description.id }
        #expect(Set(ids.map(\.code)).count == ids.count)
        #expect(Set(ids.map(\.name)).count == ids.count)
        #expect(ids.map(\.code) == ids.map(\.code).sorted())
        for id in ids {
            #expect(id.code.wholeMatch(of: /OPL[1-3]\d\d/) != nil)
            #expect(id.name.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil)
        }
    }

    @Test func everyRuleIsDocumented() {
        for rule in RuleRegistry.all {
            let d = rule.description
            #expect(!d.summary.isEmpty && !d.details.isEmpty && !d.rationale.isEmpty, "\(d.id)")
            #expect(d.rationale.contains("S"), "\(d.id) rationale cites no semantics point")
        }
    }
}
