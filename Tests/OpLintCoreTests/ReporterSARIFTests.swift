import Foundation
import Testing
@testable import OpLintCore

@Suite struct ReporterSARIFTests {
    typealias F = ReporterFixtures

    func parse(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func run(_ document: [String: Any]) throws -> [String: Any] {
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return try #require(runs.first)
    }

    @Test(arguments: [false, true])
    func validatesAgainstTheOfficialSchema(withBaseline: Bool) throws {
        var context = F.context
        if withBaseline { context.baselineUnchanged = [F.note] }
        let text = SARIFReporter().report(F.result, context: context)
        let outcome = try ExternalTool.validateSARIF(text)
        #expect(outcome.status == 0, "SARIF does not validate (is jsonschema installed? `make setup`):\n\(outcome.output)")
    }

    @Test func validatorRejectsAnInvalidDocument() throws {
        // The validator really checks: a result without a message is invalid SARIF.
        let text = #"{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"oplint"}},"results":[{"ruleId":"X"}]}]}"#
        #expect(try ExternalTool.validateSARIF(text).status != 0)
    }

    @Test func rulesCarryHelpAndDefaultLevelAndResultsPointAtThem() throws {
        let run = try run(parse(SARIFReporter().report(F.result, context: F.context)))
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "oplint")
        #expect(driver["version"] as? String == "9.9.9")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids == ids.sorted())
        #expect(ids.contains("OPL000"), "a rule named only by a finding is described too")
        for description in RuleRegistry.all.map({ $0.description }) {
            let rule = try #require(rules.first { $0["id"] as? String == description.id.code })
            #expect(rule["name"] as? String == description.id.name)
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == description.summary)
            #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == description.details)
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.contains(description.rationale) == true)
            #expect((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String == description.defaultSeverity.rawValue)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 4)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
    }

    @Test func cycleIsACodeFlowWithRelativeRegions() throws {
        let run = try run(parse(SARIFReporter().report(F.result, context: F.context)))
        let results = try #require(run["results"] as? [[String: Any]])
        let cycle = try #require(results.first { $0["ruleId"] as? String == "OPL101" })
        #expect(cycle["level"] as? String == "error")
        let physical = try #require(((cycle["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Sources/Feed/FeedLoader.swift")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 41)
        #expect((physical["region"] as? [String: Any])?["startColumn"] as? Int == 9)
        let flows = try #require(cycle["codeFlows"] as? [[String: Any]])
        let steps = try #require(((flows.first?["threadFlows"] as? [[String: Any]])?.first?["locations"]) as? [[String: Any]])
        let messages = steps.compactMap { (($0["location"] as? [String: Any])?["message"] as? [String: Any])?["text"] as? String }
        #expect(messages == ["parse waits for download", "download waits for auth", "auth waits for parse"])
        let related = try #require(cycle["relatedLocations"] as? [[String: Any]])
        #expect(related.compactMap { $0["id"] as? Int } == [1, 2, 3])
        let fingerprints = try #require(cycle["partialFingerprints"] as? [String: String])
        #expect(fingerprints[SARIFReporter.fingerprintKey] == F.cycle.fingerprint)
        #expect(cycle["suppressions"] == nil)
        #expect(cycle["baselineState"] == nil, "no baseline, no baselineState")
    }

    @Test func hostilePathIsPercentEncodedAndTextIsKept() throws {
        let run = try run(parse(SARIFReporter().report(F.result, context: F.context)))
        let results = try #require(run["results"] as? [[String: Any]])
        let hostile = try #require(results.first { $0["ruleId"] as? String == "OPL103" })
        #expect(((hostile["message"] as? [String: Any])?["text"] as? String)?.hasPrefix(F.hostile.message) == true)
        let uri = try #require((((hostile["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String)
        #expect(uri.hasPrefix("weird%20dir/a%22b%27%3Cscript%3E"))
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/%")
        #expect(uri.unicodeScalars.allSatisfy { allowed.contains($0) })
        #expect(uri.removingPercentEncoding == "weird dir/\(F.hostileName).json")
    }

    @Test func suppressedAndBaselineFindingsAreMarked() throws {
        var context = F.context
        let result = LintResult(findings: [F.cycle, F.suppressed].sorted(by: Finding.reportOrder))
        context.baselineUnchanged = [F.hostile]
        let run = try run(parse(SARIFReporter().report(result, context: context)))
        let results = try #require(run["results"] as? [[String: Any]])
        let states = Dictionary(uniqueKeysWithValues: results.map { ($0["ruleId"] as? String ?? "", $0["baselineState"] as? String ?? "") })
        #expect(states == ["OPL101": "new", "OPL107": "new", "OPL103": "unchanged"])
        let suppressed = try #require(results.first { $0["ruleId"] as? String == "OPL107" })
        #expect((suppressed["suppressions"] as? [[String: Any]])?.first?["kind"] as? String == "inSource")
        let unchanged = try #require(results.first { $0["ruleId"] as? String == "OPL103" })
        #expect((unchanged["suppressions"] as? [[String: Any]])?.first?["kind"] as? String == "external")
    }

    @Test func outputIsDeterministic() {
        let first = SARIFReporter().report(F.result, context: F.context)
        let second = SARIFReporter().report(F.result, context: F.context)
        #expect(first == second)
    }
}
