import Foundation
@testable import OpLintCore

/// Loads `json` as a file named `g.json`.
func loadGraph(_ json: String) throws(LoadError) -> OperationGraph {
    try GraphLoader.load(bytes: Array(json.utf8), path: "g.json")
}

/// The one-line description of the error loading `bytes` gives, or nil if it loads.
func loadFailure(_ bytes: [UInt8], path: String = "g.json") -> String? {
    do {
        _ = try GraphLoader.load(bytes: bytes, path: path)
        return nil
    } catch {
        return error.description
    }
}

/// The one-line description of the error loading `json` gives, or nil if it loads.
func loadFailure(_ json: String) -> String? {
    loadFailure(Array(json.utf8))
}

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Reproducible random inputs: the simulator's seeded SplitMix64 generator.
typealias TestRandom = SimulationRandom
