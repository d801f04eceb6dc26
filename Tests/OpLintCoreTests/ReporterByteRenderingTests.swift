import Foundation
import Testing
@testable import OpLintCore

/// Every format written as bytes equals the report as it was built as one `String` (through
/// `JSONValue` trees for JSON, SARIF and GitLab), byte for byte, on seeded random findings
/// whose names and messages carry hostile text; streamed in chunks, the report is the same.
@Suite struct ReporterByteRenderingTests {
    /// Pieces of hostile text: quotes, markup, separators, every kind of control character,
    /// characters XML cannot carry, line and paragraph separators, bidirectional marks,
    /// combining and astral characters, U+FFFD where invalid UTF-8 or a lone surrogate was read.
    static let pieces: [String] = [
        "\"", "'", "<script>alert(1)</script>", "&amp;", ",", ":", "%0A", "%", "|", "*", "_", "`", "@team", "#1",
        "\n::error::forged", "\r\n", "\u{1B}[31m", "\u{0}", "\u{7}", "\t", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}",
        "\u{A9}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{202E}", "\u{200F}", "\u{200B}", "\u{FEFF}", "\u{FFFE}",
        "\u{FFFF}", "\u{FFFD}", "\u{EFFF}", "é", "e\u{301}", "日本", "🙂", "👩‍👩‍👧", "\\", "[x](y)", "{z}", "$", "~", "!", "(",
        String(decoding: [0xED, 0xA0, 0x80, 0x61, 0xC0, 0xFF], as: UTF8.self), "plain", "op", "0123456789", "/", "-",
    ]

    static func text(_ generator: inout SeededGenerator, long: Bool = true) -> String {
        if long, Int.random(in: 0..<40, using: &generator) == 0 {
            return String(repeating: pieces.randomElement(using: &generator) ?? "x", count: Int.random(in: 1_000...6_000, using: &generator))
        }
        return (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    static let base = "/repo"
    static func file(_ generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<7, using: &generator) {
        case 0: "/repo/Sources/A.swift"
        case 1: "/repo/graph.json"
        case 2: "/repo/weird dir/" + text(&generator, long: false) + ".json"
        case 3: "/elsewhere/" + text(&generator, long: false) + ".m"
        case 4: "./relative.json"
        case 5: "<stdin>"
        default: text(&generator, long: false)
        }
    }

    static func location(_ generator: inout SeededGenerator) -> OpLintCore.SourceLocation {
        SourceLocation(file: file(&generator), line: Int.random(in: -1...400, using: &generator), column: Int.random(in: 0...90, using: &generator))
    }

    static let rules: [RuleID] = RuleRegistry.all.map { $0.description.id } + [RuleID(code: "OPL000", name: "input-error")]

    static func finding(_ generator: inout SeededGenerator) -> Finding {
        func list(_ limit: Int) -> [String] { (0..<Int.random(in: 0...limit, using: &generator)).map { _ in text(&generator) } }
        let related = (0..<Int.random(in: 0...4, using: &generator)).map { _ in Finding.Related(location(&generator), text(&generator)) }
        let edges = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Finding.Edge(text(&generator), text(&generator)) }
        var finding = Finding(
            rule: rules.randomElement(using: &generator) ?? rules[0],
            severity: Severity.allCases.randomElement(using: &generator) ?? .error,
            message: text(&generator),
            location: location(&generator),
            related: related,
            notes: list(2),
            fix: Bool.random(using: &generator) ? Finding.Fix(text(&generator), removeEdges: edges) : nil,
            operations: list(12),
            queues: list(3)
        )
        finding.isSuppressed = Int.random(in: 0..<6, using: &generator) == 0
        return finding
    }

    /// A run's findings (some repeated, for fingerprints that collide) in report order, and a context.
    static func run(_ generator: inout SeededGenerator) -> (LintResult, ReportContext) {
        var findings = (0..<Int.random(in: 0...30, using: &generator)).map { _ in finding(&generator) }
        if let repeated = findings.randomElement(using: &generator) { findings += Array(repeating: repeated, count: Int.random(in: 0...3, using: &generator)) }
        findings.sort(by: Finding.reportOrder)
        let coverage = Bool.random(using: &generator)
            ? SourceCoverage(files: 3, filesUsingOperations: 2, operations: 9, queues: 1, dependencies: 4, callsFollowed: 7, callsNotFollowed: 1) : nil
        var context = ReportContext(
            color: Bool.random(using: &generator),
            inputFiles: (0..<Int.random(in: 0...3, using: &generator)).map { "in\($0).json" },
            toolVersion: Bool.random(using: &generator) ? "9.9.9" : text(&generator),
            baseDirectory: Bool.random(using: &generator) ? base : nil,
            rules: RuleRegistry.all.map { $0.description }.filter { _ in Int.random(in: 0..<3, using: &generator) > 0 })
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: context.baselineUnchanged = nil
        case 1: context.baselineUnchanged = []
        default:
            context.baselineUnchanged = (0..<Int.random(in: 1...5, using: &generator)).map { _ in finding(&generator) }.sorted(by: Finding.reportOrder)
        }
        return (LintResult(findings: findings, coverage: coverage), context)
    }

    /// Each format's bytes equal the reference; streamed in chunks of `chunkSizes`, the chunks
    /// join to the same bytes and each but the last holds at least that many.
    static func expectSameBytes(_ result: LintResult, _ context: ReportContext, _ label: String, chunkSizes: [Int] = [1, 100, 4096]) {
        for reporter in ReporterRegistry.all {
            let name = reporter.name
            let bytes = reporter.init().reportBytes(result, context: context)
            let expected = Array(ReferenceReports.report(name, result, context).utf8)
            #expect(bytes == expected, "\(name) \(label): \(Self.firstDifference(bytes, expected))")
            for size in chunkSizes {
                var chunks: [[UInt8]] = []
                try? reporter.init().report(result, context: context, chunkSize: size) { chunks.append($0) }
                #expect(chunks.joined().elementsEqual(expected), "\(name) \(label) in chunks of \(size)")
                #expect(chunks.dropLast().allSatisfy { $0.count >= size } && chunks.allSatisfy { !$0.isEmpty }, "\(name) \(label) in chunks of \(size)")
            }
        }
    }

    /// Where two renderings part, with some text around it.
    static func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String {
        guard let index = (0..<min(actual.count, expected.count)).first(where: { actual[$0] != expected[$0] })
                ?? (actual.count == expected.count ? nil : min(actual.count, expected.count))
        else { return "equal" }
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 120)..<min(bytes.count, index + 120)], as: UTF8.self).debugDescription
        }
        return "at byte \(index): \(around(actual)) instead of \(around(expected))"
    }

    @Test func randomFindingsRenderTheSameBytes() {
        var generator = SeededGenerator(seed: 2_718)
        for round in 0..<200 {
            let (result, context) = Self.run(&generator)
            Self.expectSameBytes(result, context, "round \(round)", chunkSizes: [[1, 100, 4096][round % 3]])
        }
    }

    @Test func theFixturesRenderTheSameBytes() {
        Self.expectSameBytes(ReporterFixtures.result, ReporterFixtures.context, "fixtures")
        Self.expectSameBytes(LintResult(findings: []), ReporterFixtures.context, "no findings")
        var colored = ReporterFixtures.context
        colored.color = true
        colored.baselineUnchanged = [ReporterFixtures.note]
        Self.expectSameBytes(ReporterFixtures.result, colored, "fixtures with colour and a baseline")
    }

    @Test func unsortedFindingsRenderTheSameBytes() {
        // Findings not in report order (a caller's own list) are grouped and merged as before.
        var generator = SeededGenerator(seed: 99)
        for round in 0..<60 {
            var (result, context) = Self.run(&generator)
            result.findings.shuffle(using: &generator)
            context.baselineUnchanged?.shuffle(using: &generator)
            Self.expectSameBytes(result, context, "shuffled round \(round)", chunkSizes: [64])
        }
    }

    @Test func escapesEqualTheScalarByScalarOnes() {
        var generator = SeededGenerator(seed: 7)
        var samples = Self.pieces + (0...0x2100).compactMap { Unicode.Scalar($0).map { "a\(Character($0))b" } }
        samples += (0xFFF0...0x1_0010).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        samples += (0..<2_000).map { _ in Self.text(&generator) }
        for text in samples {
            #expect(TextReporter.singleLine(text) == ReferenceEscaping.singleLine(text), "\(text.debugDescription)")
            #expect(XMLText.escape(text) == ReferenceEscaping.xml(text), "\(text.debugDescription)")
            #expect(MarkdownReporter.escape(text) == ReferenceEscaping.markdown(text), "\(text.debugDescription)")
            #expect(GitHubReporter.escapeData(text) == ReferenceEscaping.githubData(text), "\(text.debugDescription)")
            #expect(GitHubReporter.escapeProperty(text) == ReferenceEscaping.githubProperty(text), "\(text.debugDescription)")
            #expect(JSONReporter.quoted(text) == ReferenceEscaping.json(text), "\(text.debugDescription)")
        }
    }

    @Test func escapesFindACharacterAtEveryPlaceInALongRun() {
        // The escapes skip plain text eight bytes at a time: a character to escape must be found
        // wherever it falls in such a word, and at the word's end.
        let specials = ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{FFFE}", "\u{FFFF}",
                        "&", "<", ">", "'", "%", ":", ",", "\r", "\t", "@", "|", "é", "\u{2027}", "\u{FFFD}", "🙂"]
        for special in specials {
            for before in 0...17 {
                for after in [0, 1, 7, 8, 9] {
                    let text = String(repeating: "a", count: before) + special + String(repeating: "b", count: after)
                    #expect(TextReporter.singleLine(text) == ReferenceEscaping.singleLine(text), "\(text.debugDescription)")
                    #expect(XMLText.escape(text) == ReferenceEscaping.xml(text), "\(text.debugDescription)")
                    #expect(MarkdownReporter.escape(text) == ReferenceEscaping.markdown(text), "\(text.debugDescription)")
                    #expect(GitHubReporter.escapeData(text) == ReferenceEscaping.githubData(text), "\(text.debugDescription)")
                    #expect(GitHubReporter.escapeProperty(text) == ReferenceEscaping.githubProperty(text), "\(text.debugDescription)")
                    #expect(JSONReporter.quoted(text) == ReferenceEscaping.json(text), "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func fingerprintsEqualTheStringBuiltOnes() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<3_000 {
            let finding = Self.finding(&generator)
            #expect(finding.fingerprint == ReferenceEscaping.fingerprint(finding))
        }
    }

    @Test func diffJSONEqualsTheTreeBuiltOne() {
        var generator = SeededGenerator(seed: 5)
        let empty = OperationGraph()
        for round in 0..<200 {
            var diff = GraphDiff(old: empty, new: empty, oldResult: LintResult(findings: []), newResult: LintResult(findings: []))
            diff.newFindings = (0..<Int.random(in: 0...5, using: &generator)).map { _ in Self.finding(&generator) }
            diff.fixedFindings = (0..<Int.random(in: 0...5, using: &generator)).map { _ in Self.finding(&generator) }
            diff.addedEdges = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Finding.Edge(Self.text(&generator), Self.text(&generator)) }
            diff.removedEdges = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Finding.Edge(Self.text(&generator), Self.text(&generator)) }
            diff.addedOperations = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Self.text(&generator) }
            diff.removedOperations = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Self.text(&generator) }
            let version = round % 2 == 0 ? "1.0" : Self.text(&generator)
            #expect(diff.json(toolVersion: version) == ReferenceReports.diffJSON(diff, toolVersion: version), "round \(round)")
        }
    }

    @Test func baselinesEqualTheTreeBuiltOnes() {
        var generator = SeededGenerator(seed: 17)
        let files = Baseline.FileKey(currentDirectory: "/repo", baselineDirectory: "/repo/ci")
        for round in 0..<150 {
            let (result, _) = Self.run(&generator)
            let baseline = Baseline(findings: result.findings, files: files)
            // Each file's key is computed once per run of findings in that file: the same keys.
            let expected = result.findings.filter { !$0.isSuppressed }.map { finding in
                Baseline.Entry(rule: finding.rule.code, file: files.key(finding.location.file), fingerprint: finding.fingerprint)
            }
            #expect(baseline.entries == expected.sorted(), "round \(round)")
            let tree = JSONValue.object([
                "tool": .string("oplint"),
                "version": .int(1),
                "findings": .array(baseline.entries.map { .object(["rule": .string($0.rule), "file": .string($0.file), "fingerprint": .string($0.fingerprint)]) }),
            ]).serialized()
            #expect(baseline.serialized() == tree, "round \(round)")
            let (kept, unchanged) = baseline.apply(to: result, files: files)
            #expect(kept.findings.count + unchanged.count == result.findings.count && unchanged.count == expected.count, "round \(round)")
        }
    }

    @Test func sortingByKeysEqualsSortingFindings() {
        var generator = SeededGenerator(seed: 3)
        // Few files, lines and columns, so that many findings tie on their place; canonically
        // equivalent file names (é precomposed and decomposed) are one file to String order.
        let files = ["b.json", "a.json", "\u{E9}.json", "e\u{301}.json", "A.json", ""]
        for _ in 0..<300 {
            var findings = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                var finding = Self.finding(&generator)
                finding.location = SourceLocation(
                    file: files.randomElement(using: &generator) ?? "", line: Int.random(in: 1...3, using: &generator),
                    column: Int.random(in: 1...2, using: &generator))
                finding.message = ["m", "n", "e\u{301}", "\u{E9}", finding.message].randomElement(using: &generator) ?? ""
                return finding
            }
            var expected = findings
            expected.sort(by: Finding.reportOrder)
            Finding.sortInReportOrder(&findings)
            #expect(findings == expected)
            #expect(LintResult(findings: findings).files == ReferenceReports.files(LintResult(findings: findings)))
        }
    }
}
