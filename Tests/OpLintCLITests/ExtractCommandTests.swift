import Foundation
import Testing
@testable import OpLintCLI

/// `oplint extract` and `oplint lint` on Swift and Objective-C sources.
@Suite struct ExtractCommandTests {
    static func graph(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func extractWritesTheInferredGraph() throws {
        let outcome = CLIHarness.run(["extract", "examples/source/ImageLoader.swift"])
        #expect(outcome.code == 0)
        #expect(outcome.standardError.isEmpty)
        let graph = try Self.graph(outcome.standardOutput)
        let operations = try #require(graph["operations"] as? [[String: Any]])
        #expect(operations.compactMap { $0["name"] as? String } == ["decode", "fetch", "show"])
        let decode = operations[0]
        let dependency = try #require((decode["dependencies"] as? [[String: Any]])?.first)
        #expect(dependency["name"] as? String == "fetch")
        let location = try #require(dependency["location"] as? [String: Any])
        #expect(location["file"] as? String == "examples/source/ImageLoader.swift")
        #expect(location["line"] as? Int == 16)
        #expect(location["column"] as? Int == 9)
        let queues = try #require(graph["queues"] as? [[String: Any]])
        #expect(queues.compactMap { $0["name"] as? String } == ["downloads", "main"])
        let source = try #require(graph["source"] as? [String: Any])
        #expect(source["files"] as? [String] == ["examples/source/ImageLoader.swift"])
        // The same input gives the same bytes.
        #expect(CLIHarness.run(["extract", "examples/source/ImageLoader.swift"]).standardOutput == outcome.standardOutput)
    }

    @Test func extractWritesAFileAndWarnsAboutBadPaths() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-extract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("graph.json").path
        let outcome = CLIHarness.run(["extract", "examples/source", directory.appendingPathComponent("missing").path, "-o", output])
        #expect(outcome.code == 0)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.contains("missing: no such file or directory"))
        let graph = try Self.graph(String(contentsOfFile: output, encoding: .utf8))
        let files = (graph["source"] as? [String: Any])?["files"] as? [String]
        #expect(files == ["examples/source/Annotated.swift", "examples/source/ImageLoader.swift", "examples/source/SyncEngine.m"])
    }

    @Test func timingNamesEachPhaseOfExtractionAndLeavesTheGraphAlone() throws {
        let plain = CLIHarness.run(["extract", "examples/source"])
        let timed = CLIHarness.run(["extract", "examples/source", "--timing"])
        #expect(timed.code == 0)
        #expect(timed.standardOutput == plain.standardOutput)
        let lines = timed.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("phase") == true)
        #expect(lines.last?.hasPrefix("total") == true)
        let phases = ["find and read files, find classes", "scan operation code", "build the graph", "write the graph"]
        for phase in phases {
            #expect(lines.filter { $0.hasPrefix(phase + " ") }.count == 1, "\(phase)")
        }
        #expect(lines.count == phases.count + 2, "\(lines)")
        // `lint` on sources times the same phases of extraction, and no JSON reading.
        let lint = CLIHarness.run(["lint", "examples/source", "--timing"])
        for phase in phases.dropLast() {
            #expect(lint.standardError.contains("\n" + phase + " "), "\(phase)")
        }
        #expect(!lint.standardError.contains("read the graph"))
        #expect(!CLIHarness.run(["extract", "examples/source"]).standardError.contains("phase"))
    }

    @Test func pathsWithoutAnySourceFileAreAnError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-extract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("# notes".utf8).write(to: directory.appendingPathComponent("README.md"))
        let missing = directory.appendingPathComponent("Sourcs").path
        for paths in [[directory.path], [missing]] {
            let output = directory.appendingPathComponent("graph.json").path
            let outcome = CLIHarness.run(["extract"] + paths + ["-o", output])
            #expect(outcome.code == 2, "\(paths)")
            #expect(outcome.standardError.contains("oplint: error: no .swift, .m, .mm or .h file under \(paths[0])"))
            // Nothing is written: no empty graph stands in for a codebase without operations.
            #expect(!FileManager.default.fileExists(atPath: output))
            #expect(CLIHarness.run(["lint"] + paths).code == 2)
        }
        #expect(CLIHarness.run(["extract", missing]).standardError.contains("Sourcs: no such file or directory"))
    }

    @Test func theSummaryCountsTheSourceFilesLinted() {
        let clean = CLIHarness.run(["lint", "examples/source/Annotated.swift"])
        #expect(clean.standardOutput.contains("no findings in 1 file\n"), "\(clean.standardOutput)")
        // Findings in some of the three files; the summary counts the files read, as for graphs.
        let tree = CLIHarness.run(["lint", "examples/source"])
        #expect(tree.standardOutput.contains(" in 3 files\n"), "\(tree.standardOutput)")
        #expect(tree.standardOutput.contains("source: 3 files read"))
    }

    @Test func lintReadsSourcesDirectly() {
        let swift = CLIHarness.run(["lint", "examples/source/ImageLoader.swift", "--fail-on", "warning"])
        #expect(swift.code == 1)
        #expect(swift.standardOutput.contains("examples/source/ImageLoader.swift:16:9: warning:"))
        #expect(swift.standardOutput.contains("[OPL301 dependency-after-enqueue]"))
        #expect(swift.standardOutput.contains("[OPL304 cancelled-dependency]"))
        let objc = CLIHarness.run(["examples/source/SyncEngine.m"])
        #expect(objc.code == 1)
        for rule in ["OPL208 gcd-sync-self", "OPL302 enqueued-twice", "OPL303 start-not-ready"] {
            #expect(objc.standardOutput.contains(rule), "\(rule)")
        }
        let annotated = CLIHarness.run(["lint", "examples/source/Annotated.swift"])
        #expect(annotated.code == 0, "\(annotated.standardOutput)")
    }

    @Test func lintOfSourceEndsWithACoverageLineAndListsUnfollowedCallsOnRequest() throws {
        let text = CLIHarness.run(["lint", "Tests/OpLintSourceTests/Corpus/ChainHelper.swift", "--exit-zero"])
        let lines = text.standardOutput.split(separator: "\n")
        #expect(lines.last == "source: 1 file read, 1 with operation code; 4 operations, 1 queue, 1 dependency; 2 of 4 API calls followed (2 not: --unfollowed lists them)")
        #expect(!text.standardOutput.contains("OPL306"))
        let listed = CLIHarness.run(["lint", "Tests/OpLintSourceTests/Corpus/ChainHelper.swift", "--exit-zero", "--unfollowed"])
        #expect(listed.standardOutput.contains("ChainHelper.swift:7:13: note: cannot tell which operation or queue `next` is in this `addDependency` call (a parameter, closure argument or loop variable); no fact recorded [OPL306 unresolved-reference]"))
        // --rule wins over --unfollowed.
        let off = CLIHarness.run(["lint", "Tests/OpLintSourceTests/Corpus/ChainHelper.swift", "--exit-zero", "--unfollowed", "--rule", "OPL306=off"])
        #expect(!off.standardOutput.contains("OPL306"))
        let json = CLIHarness.run(["lint", "Tests/OpLintSourceTests/Corpus/ChainHelper.swift", "--exit-zero", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let coverage = try #require(document["coverage"] as? [String: Int])
        #expect(coverage == ["files": 1, "filesUsingOperations": 1, "operations": 4, "queues": 1, "dependencies": 1, "callsFollowed": 2, "callsNotFollowed": 2])
        // A JSON graph has no coverage.
        let graph = CLIHarness.run(["lint", "examples/image-pipeline/graph.json"])
        #expect(!graph.standardOutput.contains("source:"))
    }
}
