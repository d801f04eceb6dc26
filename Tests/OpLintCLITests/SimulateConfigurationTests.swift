import Foundation
import Testing
@testable import OpLintCLI

/// The configuration file's `simulation` defaults reach `oplint simulate`; the graph file and
/// the what-if options win over them.
@Suite struct SimulateConfigurationTests {
    static func makespan(_ arguments: [String]) throws -> Double {
        let outcome = CLIHarness.run(["simulate"] + arguments + ["--format", "json"])
        #expect(outcome.code == 0, "\(outcome.standardError)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        return try #require(object["makespan"] as? Double)
    }

    @Test func simulationDefaultsComeFromTheConfiguration() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-simconfig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let graph = directory.appendingPathComponent("graph.json")
        try Data("""
        {"version": 1, "queues": [{"name": "work"}],
         "operations": [{"name": "a", "queue": "work"}, {"name": "b", "queue": "work"}]}
        """.utf8).write(to: graph)
        let config = directory.appendingPathComponent("serial.json")
        try Data(#"{"simulation": {"defaultWidth": 1}}"#.utf8).write(to: config)

        // Default width 64: both run at once. The configuration makes the queue serial.
        #expect(try Self.makespan([graph.path]) == 1)
        #expect(try Self.makespan([graph.path, "--config", config.path]) == 2)
        // The what-if option wins over the configuration.
        #expect(try Self.makespan([graph.path, "--config", config.path, "--default-width", "2"]) == 1)

        // The graph's own simulation object wins over the configuration.
        let own = directory.appendingPathComponent("own.json")
        try Data("""
        {"version": 1, "queues": [{"name": "work"}], "simulation": {"defaultWidth": 2},
         "operations": [{"name": "a", "queue": "work"}, {"name": "b", "queue": "work"}]}
        """.utf8).write(to: own)
        #expect(try Self.makespan([own.path, "--config", config.path]) == 1)

        // An invalid configuration is an input error.
        let broken = directory.appendingPathComponent("broken.json")
        try Data(#"{"simulation": {"defaultWidht": 1}}"#.utf8).write(to: broken)
        let outcome = CLIHarness.run(["simulate", graph.path, "--config", broken.path])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("defaultWidth"))
    }
}
