import Foundation
import OpLintCore
import OpLintRender
import Testing
@testable import OpLintCLI

/// `oplint render`: options, usage errors, and the files it writes, end to end.
@Suite struct RenderCommandTests {
    /// A fresh empty folder for output files.
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func context() -> CommandContext {
        CommandContext(standardOutput: OutputChannel(), standardError: OutputChannel(), colorOutput: false,
                       showsProgress: false, environment: [:], currentDirectory: "/")
    }

    @Test(arguments: [
        (["render", "g.json"], "needs an output file"),
        (["render", "g.json", "-o", "deps.jpeg"], "cannot tell the format"),
        (["render", "g.json", "-o", "-", "-f", "png"], "binary"),
        (["render", "g.json", "-o", "deps.svg", "--engine", "dott"], "did you mean 'dot'"),
        (["render", "g.json", "-o", "deps.svg", "--depth", "2"], "--depth needs --focus"),
        (["render", "g.json", "-o", "deps.svg", "--max-nodes", "-5"], "--max-nodes expects"),
        (["render", "g.json", "-o", "deps.svg", "--collapse", "queue"], "did you mean 'queues'"),
    ])
    func usageErrorsExitTwoWithAMessage(_ arguments: [String], _ message: String) {
        let outcome = CLIHarness.run(arguments)
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("Usage: oplint render"))
    }

    @Test func helpListsTheOptions() {
        let outcome = CLIHarness.run(["render", "--help"])
        #expect(outcome.code == 0)
        for option in ["--output", "--format", "--engine", "--rankdir", "--edges", "--focus", "--depth", "--findings-only",
                       "--collapse", "--condense", "--link", "--max-nodes"] {
            #expect(outcome.standardOutput.contains(option), "\(option)")
        }
    }

    @Test func formatComesFromTheExtensionUnlessGiven() throws {
        func command(_ arguments: [String]) throws -> RenderCommand {
            try RenderCommand(try ArgumentParser.parse(arguments, for: RenderCommand.configuration))
        }
        #expect(try command(["g.json", "-o", "x.pdf"]).format == .pdf)
        #expect(try command(["g.json", "-o", "x.pdf", "-f", "png"]).format == .png)
        #expect(try command(["g.json", "-o", "-", "-f", "dot"]).format == .dot)
        let options = try command(["g.json", "-o", "x.svg", "--focus", "a", "--depth", "3", "--max-nodes", "0",
                                   "--edges", "depends-on", "--rankdir", "LR", "--condense"]).options
        #expect(options.focus == "a" && options.depth == 3 && options.maxNodes == nil)
        #expect(options.edges == .dependsOn && options.rankDirection == .leftToRight && options.condense)
        #expect(try command(["g.json", "-o", "x.svg", "--engine", "fdp"]).options.drawsQueueBoxes)
        #expect(try !command(["g.json", "-o", "x.svg", "--engine", "neato"]).options.drawsQueueBoxes)
    }

    @Test(arguments: LintCommandTests.examples)
    func everyExampleRendersAsWellFormedSVG(example: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("deps.svg").path
        let outcome = CLIHarness.run(["render", example, "-o", output])
        #expect(outcome.code == 0, "\(outcome.standardError)")
        let svg = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(svg.starts(with: Data("<?xml".utf8)))
        #expect(String(decoding: svg, as: UTF8.self).contains("<title>op0</title>"))
        // Written atomically: nothing but the output is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["deps.svg"])
    }

    @Test func dotOnStandardOutputMatchesSnapshotAndIsDeterministic() throws {
        let arguments = ["render", "examples/image-pipeline/broken.json", "-o", "-", "-f", "dot"]
        let first = CLIHarness.run(arguments)
        #expect(first.code == 0, "\(first.standardError)")
        #expect(first.standardOutput == CLIHarness.run(arguments).standardOutput)
        try CLIHarness.assertSnapshot(first.standardOutput, named: "render__image-pipeline__broken.dot")
    }

    @Test func theRealProcessWritesPNGAndPDF() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, signature) in [("deps.png", [UInt8]([0x89, 0x50, 0x4E, 0x47])), ("deps.pdf", Array("%PDF".utf8))] {
            let output = folder.appendingPathComponent(name).path
            let outcome = try CLIHarness.spawn(["render", "examples/image-pipeline/graph.json", "-o", output, "--rankdir", "LR"])
            #expect(outcome.code == 0, "\(outcome.standardError)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
            #expect(Array(bytes.prefix(4)) == signature)
            #expect(bytes.count > 5_000)
        }
    }

    @Test func criticalPathComesFromTheSimulatedSchedule() throws {
        let example = "examples/image-pipeline/graph.json"
        let path = try RenderCommand.criticalPath(of: GraphLoader.load(paths: [CLIHarness.path(example)]))
        #expect(path == ["download2", "combine", "show"] || path == ["download1", "combine", "show"])
        let plain = CLIHarness.run(["render", example, "-o", "-", "-f", "dot"])
        let bold = CLIHarness.run(["render", example, "-o", "-", "-f", "dot", "--critical-path"])
        #expect(bold.code == 0, "\(bold.standardError)")
        #expect(!plain.standardOutput.contains("critical path") && bold.standardOutput.contains("bold: critical path"))
        #expect(bold.standardOutput.split(separator: "\n").contains { $0.contains("\"op2\" -> \"op3\"") && $0.contains("bold") })
    }

    @Test func neverWritesOntoAnInput() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("graph.json")
        try FileManager.default.copyItem(atPath: CLIHarness.path("examples/image-pipeline/graph.json"), toPath: input.path)
        let before = try Data(contentsOf: input)
        let outcome = CLIHarness.run(["render", input.path, "-o", input.path, "-f", "svg"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("refusing to overwrite"))
        #expect(try Data(contentsOf: input) == before)
    }

    @Test func invalidInputAndAnUnknownFocusExitTwo() throws {
        let missing = CLIHarness.run(["render", "no-such-file.json", "-o", "-", "-f", "dot"])
        #expect(missing.code == 2 && missing.standardOutput.isEmpty)
        let focus = CLIHarness.run(["render", "examples/image-pipeline/graph.json", "-o", "-", "-f", "dot", "--focus", "combin"])
        #expect(focus.code == 2)
        #expect(focus.standardError.contains("did you mean \u{201C}combine\u{201D}"))
    }

    @Test func drawsTheLintersFindings() throws {
        let operations = [
            OperationGraph.Operation(name: "a", queue: "q", dependencies: ["b"]),
            OperationGraph.Operation(name: "b", queue: "q", dependencies: ["a"]),
            OperationGraph.Operation(name: "c", queue: "q", dependencies: ["b"]),
        ]
        let graph = OperationGraph(queues: [.init(name: "q")], operations: operations)
        let dot = try RenderCommand.draw(graph, format: .dot, engine: .dot, options: DrawingOptions(), context: context())
        let text = String(decoding: dot, as: UTF8.self)
        #expect(text.contains("error OPL101 dependency-cycle"))
        #expect(text.contains("never starts (OPL106)"))
    }

    @Test func aLargeGraphFallsBackWithANoteOnStandardError() throws {
        let operations = (0..<50).map { i in
            OperationGraph.Operation(name: "o\(i)", queue: "q\(i % 3)",
                                     dependencies: i == 0 ? [] : [OperationGraph.Reference("o\(i - 1)")])
        }
        let graph = OperationGraph(queues: (0..<3).map { .init(name: "q\($0)") }, operations: operations)
        var options = DrawingOptions()
        options.maxNodes = 10
        let context = context()
        let svg = try RenderCommand.draw(graph, format: .svg, engine: .dot, options: options, context: context)
        #expect(context.standardError.text.contains("oplint: note: 50 operations exceed --max-nodes 10"))
        #expect(String(decoding: svg, as: UTF8.self).contains("<title>queue0</title>"))
    }
}

/// The note on standard error while Graphviz lays out a large graph.
@Suite struct LayoutProgressTests {
    private func context(terminal: Bool) -> CommandContext {
        CommandContext(standardOutput: OutputChannel(), standardError: OutputChannel(), colorOutput: false,
                       showsProgress: terminal, environment: [:], currentDirectory: "/")
    }

    @Test func shownOnATerminalForLargeGraphsAndErasedAfterwards() {
        let terminal = context(terminal: true)
        let progress = LayoutProgress(nodes: 350, engine: "dot", context: terminal)
        #expect(terminal.standardError.text == "oplint: laying out 350 nodes with dot…")
        progress.end()
        #expect(terminal.standardError.text.hasSuffix("\r\u{1B}[K"))
    }

    @Test func silentForSmallGraphsAndWhenNotATerminal() {
        for (nodes, isTerminal) in [(LayoutProgress.threshold - 1, true), (5_000, false)] {
            let context = context(terminal: isTerminal)
            LayoutProgress(nodes: nodes, engine: "dot", context: context).end()
            #expect(context.standardError.text.isEmpty)
        }
    }
}
