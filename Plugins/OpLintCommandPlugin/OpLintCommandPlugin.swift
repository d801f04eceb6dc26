import Foundation
import PackagePlugin

/// `swift package oplint [--target NAME]… [oplint arguments]`: lints the package's own sources
/// (every Swift, Objective-C and C-family target, or the `--target`s given) with oplint. Any
/// other arguments go to `oplint lint` unchanged; when they name paths, only those are linted.
@main
struct OpLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passed = extractor.remainingArguments
        var paths: [String] = []
        if !passed.contains(where: Self.isPath) {
            let targets = try targetNames.isEmpty
                ? context.package.targets
                : context.package.targets(named: targetNames)
            paths = targets.compactMap { $0 as? SourceModuleTarget }.map { $0.directoryURL.path }
        }
        let oplint = try context.tool(named: "oplint")
        let process = Process()
        process.executableURL = oplint.url
        process.arguments = ["lint"] + paths + passed
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0:
            return
        case 1:
            Diagnostics.error("oplint found problems in \(context.package.displayName)")
            throw PluginFailure(status: 1)
        default:
            Diagnostics.error("oplint could not lint \(context.package.displayName) (exit status \(process.terminationStatus))")
            throw PluginFailure(status: process.terminationStatus)
        }
    }

    /// Whether an argument is a path rather than an option or an option's value.
    static func isPath(_ argument: String) -> Bool {
        !argument.hasPrefix("-") && (argument.hasSuffix(".json") || argument.hasSuffix(".swift") || argument.contains("/"))
    }
}

/// oplint exited with a failure status.
struct PluginFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "oplint exited with status \(status)" }
}
