import Foundation
import OpLintCore
import OpLintRender
import Testing
@testable import OpLintCLI

/// `oplint render`: options, usage errors, and what it writes.
@Suite struct RenderCommandTests {
    private func run(_ arguments: [String]) -> (code: ExitCode, output: String, errors: String) {
        let context = CommandContext(
            standardOutput: OutputChannel(), standardError: OutputChannel(), colorOutput: false, showsProgress: false,
            environment: [:], currentDirectory: FileManager.default.currentDirectoryPath)
        let code = OplintCLI.run(arguments, context: context)
        return (code, context.standardOutput.text, context.standardError.text)
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
        let result = run(arguments)
        #expect(result.code == .invalidInput)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.contains("Usage: oplint render"))
    }

    @Test func helpListsTheOptions() {
        let result = run(["render", "--help"])
        #expect(result.code == .success)
        for option in ["--output", "--format", "--engine", "--rankdir", "--edges", "--focus", "--depth", "--findings-only",
                       "--collapse", "--condense", "--link", "--max-nodes"] {
            #expect(result.output.contains(option), "\(option)")
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
    }

    @Test func drawsTheLintersFindings() throws {
        let operations = [
            OperationGraph.Operation(name: "a", queue: "q", dependencies: ["b"]),
            OperationGraph.Operation(name: "b", queue: "q", dependencies: ["a"]),
            OperationGraph.Operation(name: "c", queue: "q", dependencies: ["b"]),
        ]
        let graph = OperationGraph(queues: [.init(name: "q")], operations: operations)
        let context = CommandContext(
            standardOutput: OutputChannel(), standardError: OutputChannel(), colorOutput: false, showsProgress: false,
            environment: [:], currentDirectory: "/")
        let dot = try RenderCommand.draw(graph, format: .dot, engine: .dot, options: DrawingOptions(), context: context)
        let text = String(decoding: dot, as: UTF8.self)
        #expect(text.contains("error OPL101 dependency-cycle"))
        #expect(text.contains("never starts (OPL106)"))
        let svg = try RenderCommand.draw(graph, format: .svg, engine: .dot, options: DrawingOptions(), context: context)
        #expect(String(decoding: svg, as: UTF8.self).contains("<title>op0</title>"))
    }

    @Test func anUnknownFocusIsAUsageErrorWithASuggestion() throws {
        let graph = OperationGraph(queues: [.init(name: "q")], operations: [.init(name: "download", queue: "q")])
        var options = DrawingOptions()
        options.focus = "downlaod"
        let context = CommandContext(
            standardOutput: OutputChannel(), standardError: OutputChannel(), colorOutput: false, showsProgress: false,
            environment: [:], currentDirectory: "/")
        #expect {
            try RenderCommand.draw(graph, format: .svg, engine: .dot, options: options, context: context)
        } throws: { error in
            (error as? CommandError)?.description.contains("did you mean \u{201C}download\u{201D}") == true
        }
    }

    @Test func aLargeGraphFallsBackWithANoteOnStandardError() throws {
        let operations = (0..<50).map { i in
            OperationGraph.Operation(name: "o\(i)", queue: "q\(i % 3)", dependencies: i == 0 ? [] : [OperationGraph.Reference("o\(i - 1)")])
        }
        let graph = OperationGraph(queues: (0..<3).map { .init(name: "q\($0)") }, operations: operations)
        var options = DrawingOptions()
        options.maxNodes = 10
        let context = CommandContext(
            standardOutput: OutputChannel(), standardError: OutputChannel(), colorOutput: false, showsProgress: false,
            environment: [:], currentDirectory: "/")
        let svg = try RenderCommand.draw(graph, format: .svg, engine: .dot, options: options, context: context)
        #expect(context.standardError.text.contains("oplint: note: 50 operations exceed --max-nodes 10"))
        #expect(String(decoding: svg, as: UTF8.self).contains("<title>queue0</title>"))
    }
}
