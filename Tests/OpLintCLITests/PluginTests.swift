import Foundation
import Testing

/// The SwiftPM plugins, built and run on a small sample package that uses this package by path.
///
/// Slow the first time (the sample builds oplint); later runs reuse `.build/plugin-sample`.
@Suite(.serialized) struct PluginTests {
    static let scratch = FormatsCLI.packageRoot.appendingPathComponent(".build/plugin-sample").path
    static let cycle = FormatsCLI.packageRoot.appendingPathComponent("examples/rules/OPL101-dependency-cycle.json")
    static let clean = FormatsCLI.packageRoot.appendingPathComponent("examples/image-pipeline/graph.json")

    /// A package with a C target `Graphs` holding `feed.opgraph.json` and the build-tool plugin applied.
    func samplePackage(graph: URL) throws -> URL {
        let root = try FormatsCLI.temporaryDirectory()
        let sources = root.appendingPathComponent("Sources/Graphs")
        try FileManager.default.createDirectory(at: sources.appendingPathComponent("include"), withIntermediateDirectories: true)
        let identity = FormatsCLI.packageRoot.lastPathComponent.lowercased()
        let manifest = """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "Sample",
            dependencies: [.package(path: "\(FormatsCLI.packageRoot.path)")],
            targets: [
                .target(name: "Graphs", plugins: [.plugin(name: "OpLintBuildToolPlugin", package: "\(identity)")]),
            ]
        )
        """
        try Data(manifest.utf8).write(to: root.appendingPathComponent("Package.swift"))
        try Data("int graphs_version(void) { return 1; }\n".utf8).write(to: sources.appendingPathComponent("graphs.c"))
        try Data("int graphs_version(void);\n".utf8).write(to: sources.appendingPathComponent("include/graphs.h"))
        try FileManager.default.copyItem(at: graph, to: sources.appendingPathComponent("feed.opgraph.json"))
        return root
    }

    /// `swift SUBCOMMAND --scratch-path … ARGUMENTS` in `directory`.
    func swift(_ subcommand: String, _ arguments: [String] = [], in directory: URL) throws -> (status: Int32, output: String) {
        try FormatsCLI.bash("cd '\(directory.path)' && swift \(subcommand) --scratch-path '\(Self.scratch)' \(arguments.joined(separator: " ")) 2>&1")
    }

    @Test func commandPluginLintsThePackage() throws {
        let sample = try samplePackage(graph: Self.cycle)
        defer { try? FileManager.default.removeItem(at: sample) }
        let failing = try swift("package", ["oplint", "Sources/Graphs/feed.opgraph.json"], in: sample)
        #expect(failing.status != 0)
        #expect(failing.output.contains("Sources/Graphs/feed.opgraph.json:5:58: error: dependency cycle: parse → download → auth → parse [OPL101 dependency-cycle]"), "\(failing.output)")
        let passing = try swift("package", ["oplint", "Sources/Graphs/feed.opgraph.json", "--rule", "OPL101=off"], in: sample)
        #expect(passing.status == 0, "\(passing.output)")
    }

    /// Without paths, the command plugin lints the directories of the package's source targets.
    @Test func commandPluginWithoutPathsLintsTheTargets() throws {
        let sample = try samplePackage(graph: Self.clean)
        defer { try? FileManager.default.removeItem(at: sample) }
        // Objective-C the target never compiles (a private header nothing includes): two
        // operations that wait for each other.
        let code = """
        static void schedule(NSOperationQueue *queue) {
            NSBlockOperation *fetch = [NSBlockOperation blockOperationWithBlock:^{}];
            NSBlockOperation *store = [NSBlockOperation blockOperationWithBlock:^{}];
            [fetch addDependency:store];
            [store addDependency:fetch];
            [queue addOperations:@[fetch, store] waitUntilFinished:NO];
        }

        """
        try Data(code.utf8).write(to: sample.appendingPathComponent("Sources/Graphs/Schedule.h"))
        let failing = try swift("package", ["oplint"], in: sample)
        #expect(failing.status != 0)
        #expect(failing.output.contains("Schedule.h:4:"), "\(failing.output)")
        #expect(failing.output.contains("[OPL101 dependency-cycle]"), "\(failing.output)")
    }

    @Test func buildToolPluginReportsFindingsAsBuildDiagnostics() throws {
        let broken = try samplePackage(graph: Self.cycle)
        defer { try? FileManager.default.removeItem(at: broken) }
        let failing = try swift("build", in: broken)
        #expect(failing.status != 0, "an error fails the build")
        #expect(failing.output.contains("feed.opgraph.json:5:58: error: dependency cycle"), "\(failing.output)")

        let sound = try samplePackage(graph: Self.clean)
        defer { try? FileManager.default.removeItem(at: sound) }
        let passing = try swift("build", in: sound)
        #expect(passing.status == 0, "\(passing.output)")
    }
}
