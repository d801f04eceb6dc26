import Foundation
import Testing
@testable import OpLintCore

@Suite struct ReporterGitHubTests {
    typealias F = ReporterFixtures

    /// Reverses the toolkit's escaping, as the runner does.
    func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }

    @Test(arguments: [
        ("plain", "plain", "plain"),
        ("100%", "100%25", "100%25"),
        ("a\nb\r\nc", "a%0Ab%0D%0Ac", "a%0Ab%0D%0Ac"),
        ("x:y,z", "x:y,z", "x%3Ay%2Cz"),
        ("%0A", "%250A", "%250A"),
        ("::error::", "::error::", "%3A%3Aerror%3A%3A"),
    ])
    func escapesLikeTheToolkit(input: String, data: String, property: String) {
        #expect(GitHubReporter.escapeData(input) == data)
        #expect(GitHubReporter.escapeProperty(input) == property)
    }

    @Test func oneCommandPerFindingWithHostileNamesIntact() throws {
        let text = GitHubReporter().report(F.result, context: F.context)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Three reported findings (the suppressed one is left out), a summary and the final newline.
        #expect(lines.count == 5)
        // Report order: Sources/… sorts before graph.json, before "weird dir/…".
        #expect(lines[0].hasPrefix("::error file=Sources/Feed/FeedLoader.swift,line=41,col=9,title=OPL101 dependency-cycle::dependency cycle"))
        #expect(lines[0].contains("%0ASources/Feed/FeedLoader.swift:42:9: download waits for auth%0A"))
        #expect(lines[1] == "::notice file=graph.json,line=1,col=1,title=OPL000 input-note::graph has no queues")
        #expect(lines[3] == "oplint: 1 error, 1 warning, 1 note in 3 files")

        let hostile = lines[2]
        #expect(hostile.hasPrefix("::warning file="))
        // The properties end at the first `::`; nothing in a property can end them early.
        let afterCommand = hostile.dropFirst("::warning ".count)
        let separator = try #require(afterCommand.range(of: "::"))
        let properties = afterCommand[..<separator.lowerBound]
        let message = afterCommand[separator.upperBound...]
        let fields = properties.split(separator: ",").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        #expect(fields.map { $0[0] } == ["file", "line", "col", "title"])
        #expect(unescape(fields[0][1]) == "weird dir/\(F.hostileName).json")
        #expect(fields[1][1] == "3" && fields[2][1] == "14")
        #expect(!message.contains("\n") && !message.contains("\r"))
        #expect(unescape(String(message)).hasPrefix(F.hostile.message))
    }

    @Test func stepSummaryIsTheMarkdownReport() {
        #expect(GitHubReporter.stepSummary(F.result, context: F.context) == MarkdownReporter().report(F.result, context: F.context))
    }
}
