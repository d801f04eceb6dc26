import Foundation
import OpLintCore
import Testing
@testable import OpLintCLI

/// `oplint report` loaded in a real browser: headless Chromium (Debian's `chromium`, which
/// `make setup` installs) must load the page without a console error, a script exception or
/// a network request, draw both SVGs at a real size, and show hostile names as text. A
/// screenshot of each page is saved under `.build/test-artifacts/` for people to look at.
@Suite(.serialized) struct ReportBrowserTests {
    /// What the page reports about itself, measured in the browser.
    static let measurement = """
    (() => {
      const drawings = [...document.querySelectorAll('svg.drawing')].map(svg => {
        const box = svg.getBoundingClientRect();
        return { section: svg.closest('section').id, width: box.width, height: box.height,
                 nodes: svg.querySelectorAll('g.node').length, edges: svg.querySelectorAll('g.edge').length };
      });
      return {
        drawings,
        scripts: document.querySelectorAll('script').length,
        handlers: [...document.querySelectorAll('*')].filter(e => [...e.attributes].some(a => a.name.startsWith('on'))).length,
        title: document.title,
        text: document.body.innerText,
        svgText: [...document.querySelectorAll('svg text')].map(t => t.textContent).join('\\n'),
        findingRows: document.querySelectorAll('table.findings > tbody > tr').length,
        scheduleRows: document.querySelectorAll('table.schedule > tbody > tr').length,
        verdict: document.querySelector('.verdict').innerText,
        bodyWidth: document.body.scrollWidth,
      };
    })()
    """

    struct PageVisit {
        var facts: [String: Any]
        /// Console calls, exceptions and log entries at warning level or above.
        var problems: [String]
        /// Every URL the page asked for.
        var requests: [String]
        var screenshot: Data
    }

    /// Loads `page` in a fresh headless Chromium and collects what happened.
    static func visit(_ page: URL, folder: URL) throws -> PageVisit {
        guard let chromium = ChromiumSession.executable() else {
            throw ChromiumSession.Failure(description: "no chromium on PATH: run `make setup` (installs Debian's chromium) or set OPLINT_CHROMIUM")
        }
        let browser = try ChromiumSession(executable: chromium, folder: folder)
        defer { browser.shutDown() }
        try browser.attachToPage()
        for domain in ["Runtime", "Log", "Network", "Page"] { try browser.send("\(domain).enable") }
        try browser.send("Page.navigate", ["url": page.absoluteString])
        try browser.waitForEvent("Page.loadEventFired")
        browser.drain()
        let facts = try browser.evaluate(measurement) as? [String: Any] ?? [:]
        let screenshot = try browser.screenshot(width: 1280)
        var problems: [String] = []
        var requests: [String] = []
        for event in browser.events {
            switch event.method {
            case "Runtime.consoleAPICalled":
                let type = event.params["type"] as? String ?? ""
                if ["error", "warning", "assert"].contains(type) { problems.append("console.\(type): \(event.params["args"] ?? "")") }
            case "Runtime.exceptionThrown":
                problems.append("exception: \(event.params["exceptionDetails"] ?? "")")
            case "Log.entryAdded":
                let entry = event.params["entry"] as? [String: Any] ?? [:]
                if ["error", "warning"].contains(entry["level"] as? String ?? "") {
                    problems.append("log \(entry["level"] ?? ""): \(entry["text"] ?? "") \(entry["url"] ?? "")")
                }
            case "Network.requestWillBeSent":
                let request = event.params["request"] as? [String: Any] ?? [:]
                requests.append(request["url"] as? String ?? "?")
            default:
                break
            }
        }
        return PageVisit(facts: facts, problems: problems, requests: requests, screenshot: screenshot)
    }

    static func saveScreenshot(_ data: Data, named name: String) throws {
        let folder = CLIHarness.packageRoot.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: folder.appendingPathComponent(name))
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The drawings' measurements, by section.
    static func drawings(_ facts: [String: Any]) -> [String: [String: Double]] {
        var result: [String: [String: Double]] = [:]
        for drawing in facts["drawings"] as? [[String: Any]] ?? [] {
            guard let section = drawing["section"] as? String else { continue }
            var numbers: [String: Double] = [:]
            for key in ["width", "height", "nodes", "edges"] { numbers[key] = (drawing[key] as? NSNumber)?.doubleValue ?? 0 }
            result[section] = numbers
        }
        return result
    }

    @Test func theExampleReportLoadsCleanlyWithBothDrawings() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let outcome = CLIHarness.run(["report", "examples/image-pipeline/broken.json", "-o", page.path,
                                      "--link", "https://example.com/repo/blob/main/{file}#L{line}"])
        #expect(outcome.code == 1, "\(outcome.standardError)")

        let visit = try Self.visit(page, folder: folder)
        try Self.saveScreenshot(visit.screenshot, named: "report-image-pipeline-broken.png")
        #expect(visit.problems.isEmpty, "\(visit.problems)")
        #expect(visit.requests == [page.absoluteString], "the page asked for more than itself: \(visit.requests)")
        #expect(visit.screenshot.starts(with: [0x89, 0x50, 0x4E, 0x47]) && visit.screenshot.count > 20_000)

        let drawings = Self.drawings(visit.facts)
        #expect(Set(drawings.keys) == ["dag", "timeline"])
        let dag = try #require(drawings["dag"])
        // Six operations and the legend's sample node; the dependencies and the legend's arrows.
        #expect(dag["width"]! > 300 && dag["height"]! > 300, "\(dag)")
        #expect(dag["nodes"]! >= 6 && dag["edges"]! >= 6, "\(dag)")
        let timeline = try #require(drawings["timeline"])
        #expect(timeline["width"]! > 600 && timeline["height"]! > 60, "\(timeline)")
        // The timeline fits the page; only the DAG box may scroll.
        #expect(timeline["width"]! <= 1280)

        #expect(visit.facts["scripts"] as? Int == 0)
        #expect(visit.facts["handlers"] as? Int == 0)
        #expect(visit.facts["findingRows"] as? Int == 4)
        #expect(visit.facts["scheduleRows"] as? Int == 6)
        #expect((visit.facts["verdict"] as? String ?? "").contains("Fail"))
        let text = visit.facts["text"] as? String ?? ""
        #expect(text.contains("dependency cycle: download2 → show → combine → download2"))
        #expect(text.contains("The graph never finishes: 5 operations stuck"))
        let bodyWidth = (visit.facts["bodyWidth"] as? NSNumber)?.intValue ?? .max
        #expect(bodyWidth <= 1280, "the page scrolls sideways: \(bodyWidth) px")
    }

    @Test func hostileNamesAreShownAsTextInTheBrowser() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let graphFile = folder.appendingPathComponent("hostile.json")
        try Data(GraphWriter().write(ReportFixtures.hostileGraph()).utf8).write(to: graphFile)
        let page = folder.appendingPathComponent("hostile.html")
        let outcome = CLIHarness.run(["report", graphFile.path, "-o", page.path, "--title", "<i>title</i> & \"more\""])
        #expect(outcome.code == 1, "\(outcome.standardError)")

        let visit = try Self.visit(page, folder: folder)
        try Self.saveScreenshot(visit.screenshot, named: "report-hostile-names.png")
        #expect(visit.problems.isEmpty, "\(visit.problems)")
        #expect(visit.requests == [page.absoluteString], "\(visit.requests)")
        #expect(visit.facts["scripts"] as? Int == 0)
        #expect(visit.facts["handlers"] as? Int == 0)
        #expect(visit.facts["title"] as? String == "<i>title</i> & \"more\"")
        let text = visit.facts["text"] as? String ?? ""
        let svgText = visit.facts["svgText"] as? String ?? ""
        // Names as they are shown: a bidirectional override made visible, not obeyed.
        for name in ReportFixtures.hostileNames where !name.contains("\n") && !name.contains("\t") && name.count < 40 {
            let shown = DOTText.visible(name)
            #expect(text.contains(shown), "page text lacks \(shown.debugDescription)")
            #expect(svgText.contains(shown), "drawings lack \(shown.debugDescription)")
        }
        #expect(text.contains("rlo ⟨U+202E⟩evil") && !text.contains("\u{202E}"))
        let drawings = Self.drawings(visit.facts)
        #expect(drawings["dag"]?["nodes"] ?? 0 >= Double(ReportFixtures.hostileNames.count))
        #expect(drawings["timeline"]?["width"] ?? 0 > 600)
    }
}
