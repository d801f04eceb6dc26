import Foundation
import OpLintCore

/// `oplint-bench load`: the JSON loader alone, in this process.
enum LoadCommand {
    static func run(_ arguments: ArraySlice<String>) throws {
        let paths = Array(arguments)
        guard !paths.isEmpty else { throw UsageError("missing FILE") }
        let start = DispatchTime.now().uptimeNanoseconds
        let graph: OperationGraph
        do {
            graph = try GraphLoader.load(paths: paths)
        } catch {
            fail(error.description)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let dependencies = graph.operations.reduce(0) { $0 + $1.dependencies.count }

        print("\(graph.operations.count) operations, \(dependencies) dependencies, \(graph.queues.count) queues, "
            + "\(graph.unknownKeys.count) unknown keys; loaded in \(String(format: "%.3f", seconds)) s")
        // Exit as a command-line tool does, without tearing the graph down first.
        fflush(nil)
        exit(0)
    }
}
