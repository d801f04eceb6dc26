#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The settings of `.oplint.json`: rule severities, excluded paths, the baseline and simulation defaults.
public struct Configuration: Sendable, Equatable {
    /// The file name searched for in the working directory and its parents.
    public static let fileName = ".oplint.json"

    /// Severity per rule code; nil turns the rule off.
    public var rules: [String: Severity?]
    /// Glob patterns of source paths not to scan, relative to `directory`.
    public var exclude: [String]
    /// The baseline file, resolved against `directory`.
    public var baseline: String?
    /// Simulator defaults; a graph's own `simulation` object takes precedence.
    public var simulation: OperationGraph.SimulationSettings
    /// The file it was read from; nil for the empty configuration.
    public var path: String?
    /// The directory relative paths in the file are resolved against.
    public var directory: String?

    public init(
        rules: [String: Severity?] = [:],
        exclude: [String] = [],
        baseline: String? = nil,
        simulation: OperationGraph.SimulationSettings = .init(),
        path: String? = nil,
        directory: String? = nil
    ) {
        self.rules = rules
        self.exclude = exclude
        self.baseline = baseline
        self.simulation = simulation
        self.path = path
        self.directory = directory
    }

    /// The `.oplint.json` in `directory` or the nearest parent, if any.
    ///
    /// - Complexity: O(*d*) file checks for a directory *d* levels deep.
    public static func find(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let candidate = url.appendingPathComponent(fileName).path
            var isDirectory = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory {
                return candidate
            }
            let parent = url.deletingLastPathComponent().standardizedFileURL
            if parent.path == url.path { return nil }
            url = parent
        }
    }

    /// Reads and checks a configuration file.
    public static func load(path: String) throws(ConfigurationError) -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(location: SourceLocation(file: path, line: 1, column: 1), message: "cannot read the configuration file")
        }
        return try parse([UInt8](data), path: path)
    }
}

/// An invalid configuration or baseline file: where and what.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    /// `file:line:column: error: message`, on one line: a line break or control character
    /// quoted from the file (an unknown key `"a\nb"`) is shown escaped.
    public var description: String { "\(location): error: \(TextReporter.singleLine(message))" }
}
