import Foundation
import OpLintCore
import Testing
@testable import OpLintCLI

/// `oplint report`: options, exit codes, determinism, escaping and links, without a browser
/// (ReportBrowserTests loads the page in Chromium).
@Suite struct ReportCommandTests {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(arguments: [
        (["report", "g.json"], "needs an output file"),
        (["report", "g.json", "-o", "r.html", "--platform", "windows"], "--platform expects one of apple, linux"),
        (["report", "g.json", "-o", "r.html", "--rows", "-1"], "--rows expects"),
        (["report", "g.json", "-o", "r.html", "--rule", "OPL999=off"], "unknown rule 'OPL999'"),
        (["report", "g.json", "-o", "r.html", "--fail-on", "fatal"], "--fail-on"),
        (["report", "g.json", "-o", "r.html", "--tittle", "x"], "did you mean '--title'"),
    ])
    func usageErrorsExitTwoWithAMessage(_ arguments: [String], _ message: String) {
        let outcome = CLIHarness.run(arguments)
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func missingAndInvalidInputsExitTwoWithTheirLocation() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data("{\"version\": 1, \"operations\": [{\"name\": \"a\",}]}".utf8).write(to: bad)
        let outcome = CLIHarness.run(["report", bad.path, "-o", folder.appendingPathComponent("r.html").path])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("bad.json:1:"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.html").path))
        #expect(CLIHarness.run(["report", folder.appendingPathComponent("missing.json").path, "-o", "-"]).code == 2)
    }

    @Test func exitStatusFollowsTheFindingsAndFailOn() {
        // The example graph has warnings and notes but no error.
        #expect(CLIHarness.run(["report", "examples/image-pipeline/graph.json", "-o", "-"]).code == 0)
        #expect(CLIHarness.run(["report", "examples/image-pipeline/broken.json", "-o", "-"]).code == 1)
        #expect(CLIHarness.run(["report", "examples/image-pipeline/broken.json", "-o", "-", "--exit-zero"]).code == 0)
        let passing = CLIHarness.run(["report", "examples/image-pipeline/graph.json", "-o", "-"]).standardOutput
        #expect(passing.contains("<strong>Pass</strong>"))
    }

    @Test func theReportIsSelfContainedAndDeterministic() throws {
        let arguments = ["report", "examples/image-pipeline/broken.json", "-o", "-"]
        let first = CLIHarness.run(arguments).standardOutput
        #expect(first == CLIHarness.run(arguments).standardOutput)
        #expect(first.hasPrefix("<!DOCTYPE html>"))
        #expect(first.contains("Content-Security-Policy"))
        for forbidden in ["<script", "<link", "<iframe", "<img", "src=\"http", "href=\"http", "@import", "url(http"] {
            #expect(!first.lowercased().contains(forbidden), "\(forbidden)")
        }
        // Both drawings inline, without their XML prolog, with ids that do not collide.
        #expect(first.components(separatedBy: "<svg ").count == 3)
        #expect(!first.contains("<?xml") && !first.contains("<!DOCTYPE svg") && !first.contains("<!--"))
        #expect(first.contains("id=\"dag_graph0\"") && first.contains("id=\"timeline_graph0\""))
        for section in ["summary", "findings", "dag", "timeline", "queues", "schedule"] {
            #expect(first.contains("<section id=\"\(section)\">"), "\(section)")
        }
    }

    @Test func writesTheFileAtomicallyAndNeverOverAnInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("report.html")
        #expect(CLIHarness.run(["report", "examples/image-pipeline/graph.json", "-o", output.path]).code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.html"])
        let input = folder.appendingPathComponent("graph.json")
        try FileManager.default.copyItem(atPath: CLIHarness.path("examples/image-pipeline/graph.json"), toPath: input.path)
        let overwrite = CLIHarness.run(["report", input.path, "-o", input.path])
        #expect(overwrite.code == 2)
        #expect(try String(contentsOf: input, encoding: .utf8).hasPrefix("{"))
    }

    @Test func hostileNamesNeverBecomeMarkup() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graphFile = folder.appendingPathComponent("hostile.json")
        try Data(GraphWriter().write(ReportFixtures.hostileGraph()).utf8).write(to: graphFile)
        let html = CLIHarness.run(["report", graphFile.path, "-o", "-", "--title", "</title><script>x()</script>",
                                   "--link", "https://example.com/{file}#L{line}"]).standardOutput
        for raw in ["<script", "<img", "<svg onload", "<b>queue", "</title><script>"] {
            #expect(!html.contains(raw), "\(raw) appears as markup")
        }
        #expect(html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;</title>"))
        // The file name in links is percent-encoded: no quote can end the attribute.
        #expect(html.contains("href=\"https://example.com/"))
        #expect(!html.contains("href=\"https://example.com/dir/<"))
    }

    @Test func linksReachFindingsOperationsAndBars() throws {
        let html = CLIHarness.run(["report", "examples/image-pipeline/broken.json", "-o", "-",
                                   "--link", "https://example.com/r/blob/main/{file}#L{line}"]).standardOutput
        let findingLink = "<a class=\"location\" href=\"https://example.com/r/blob/main/examples/image-pipeline/broken.json#L10\">"
        #expect(html.contains(findingLink))
        let dag = try #require(html.range(of: "<section id=\"dag\">"))
        let timeline = try #require(html.range(of: "<section id=\"timeline\">"))
        #expect(html[dag.upperBound..<timeline.lowerBound].contains("xlink:href=\"https://example.com/r/blob/main/examples/image-pipeline/broken.json#L"))
        #expect(html[timeline.upperBound...].contains("xlink:href=\"https://example.com/r/blob/main/examples/image-pipeline/broken.json#L"))
        let plain = CLIHarness.run(["report", "examples/image-pipeline/broken.json", "-o", "-"]).standardOutput
        #expect(!plain.contains("href=\"https://"))
    }

    @Test func rowsLimitTheScheduleTableAndSaySo() {
        let html = CLIHarness.run(["report", "examples/image-pipeline/broken.json", "-o", "-", "--rows", "2"]).standardOutput
        #expect(html.contains("The first 2 of 6 operations"))
        #expect(html.components(separatedBy: "of 6 operations").count == 2, "said once")
        let table = html.components(separatedBy: "<table class=\"schedule\">").last ?? ""
        #expect(table.components(separatedBy: "<tr class=").count - 1 == 2)
    }

    @Test func ruleSettingsAndTheLinuxModelApply() {
        let html = CLIHarness.run(["report", "examples/image-pipeline/broken.json", "-o", "-", "--rule", "OPL101=off",
                                   "--platform", "linux"]).standardOutput
        #expect(!html.contains("OPL101</code>"))
        #expect(html.contains("Simulated with the linux model."))
    }

    @Test func timelineLinksFromSimulate() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("t.svg").path
        let outcome = CLIHarness.run(["simulate", "examples/image-pipeline/graph.json", "--timeline", output,
                                      "--link", "https://example.com/{file}#L{line}"])
        #expect(outcome.code == 0, "\(outcome.standardError)")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("xlink:href=\"https://example.com/examples/image-pipeline/graph.json#L"))
    }
}
