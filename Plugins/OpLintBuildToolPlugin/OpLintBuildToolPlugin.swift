import Foundation
import PackagePlugin

/// Lints a target during `swift build` (and Xcode builds): its Swift and Objective-C sources
/// and any `*.opgraph.json` graph files in it. Findings print in the compiler's
/// `file:line:column: error: …` form, which Xcode and editors show as diagnostics; an
/// error fails the build.
@main
struct OpLintBuildToolPlugin: BuildToolPlugin {
    static let sourceSuffixes = ["swift", "m", "mm", "h"]
    static let graphSuffix = ".opgraph.json"

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles.map(\.url).filter { Self.sourceSuffixes.contains($0.pathExtension) }
        let files = sources + Self.graphFiles(in: target.directoryURL)
        guard !files.isEmpty else { return [] }
        let report = context.pluginWorkDirectoryURL.appendingPathComponent("oplint-\(target.name).json")
        return [
            .buildCommand(
                displayName: "oplint \(target.name)",
                executable: try context.tool(named: "oplint").url,
                arguments: ["lint"] + files.map(\.path) + ["--format", "text", "--format", "json:\(report.path)"],
                inputFiles: files,
                outputFiles: [report]
            ),
        ]
    }

    /// The `*.opgraph.json` files under a target's directory, sorted (not every kind of target
    /// lists such files among its sources).
    static func graphFiles(in directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent.hasSuffix(graphSuffix) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
