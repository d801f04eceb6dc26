#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OpLintCore
import OpLintSource

/// Lets commands that read graphs take Swift and Objective-C sources too: directories and
/// `.swift`/`.m`/`.mm`/`.h` files are extracted (`oplint extract`), the other paths are
/// loaded as JSON graphs, and everything merges into one graph.
enum SourceInput {
    /// Whether a command-line path is source code rather than a JSON graph.
    static func isSource(_ path: String) -> Bool {
        if path == "-" { return false }
        if SourceLanguage(path: path) != nil { return true }
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }

    /// The merged graph of `paths`; warnings about unreadable source files go to standard error.
    /// With `times`, reading JSON graphs is one phase and each phase of extraction another.
    static func load(_ paths: [String], context: CommandContext, excludes: [String] = [], times: PhaseTimes? = nil) throws -> OperationGraph {
        let sources = paths.filter(isSource)
        let graphs = paths.filter { !isSource($0) }
        var graph = graphs.isEmpty ? OperationGraph() : try measure(times, "read the graph") { try GraphInput.load(graphs, context: context) }
        guard !sources.isEmpty else { return graph }
        let (extracted, warnings) = SourceExtractor.extract(paths: sources, excludes: excludes, times: times)
        for warning in warnings { context.standardError.line("oplint: warning: \(warning)") }
        try requireFiles(extracted, under: sources)
        if graphs.isEmpty { return extracted }
        graph.merge(extracted)
        return graph
    }

    /// Fails (exit 2) when the paths held no source file at all: a mistyped directory must not
    /// pass as a codebase without operations.
    static func requireFiles(_ extracted: OperationGraph, under sources: [String]) throws {
        if extracted.source?.files.isEmpty ?? true {
            throw CommandError.input("oplint: error: no .swift, .m, .mm or .h file under \(sources.joined(separator: ", "))")
        }
    }
}
