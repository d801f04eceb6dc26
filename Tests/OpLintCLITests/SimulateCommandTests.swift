import Foundation
import Testing
@testable import OpLintCLI

/// `oplint simulate`, end to end.
@Suite struct SimulateCommandTests {
    /// Each scenario with the command its `.md` documents.
    static let scenarios: [(name: String, arguments: [String])] = {
        let directory = CLIHarness.packageRoot.appendingPathComponent("examples/scenarios")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".md") }.sorted().compactMap { file in
            guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix("oplint simulate ") }) else { return nil }
            return (String(file.dropLast(3)), line.split(separator: " ").dropFirst().map(String.init))
        }
    }()

    @Test func everyScenarioDocumentsItsCommand() {
        let directory = CLIHarness.packageRoot.appendingPathComponent("examples/scenarios")
        let graphs = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }
        #expect(graphs.count >= 20)
        #expect(Self.scenarios.count == graphs.count)
    }

    @Test(arguments: scenarios.map(\.name))
    func scenarioScheduleMatchesSnapshot(name: String) throws {
        let arguments = try #require(Self.scenarios.first { $0.name == name }?.arguments)
        let outcome = CLIHarness.run(arguments)
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        #expect(outcome.code == 0 || outcome.code == 1)
        #expect(outcome.code == 1 || !outcome.standardOutput.contains("stuck at t="))
        try CLIHarness.assertSnapshot("exit \(outcome.code)\n" + outcome.standardOutput, named: "simulate__\(name).txt")
        #expect(CLIHarness.run(arguments).standardOutput == outcome.standardOutput)
    }

    @Test func platformsDifferWhereTheDocsSay() {
        let graph = "examples/scenarios/linux-priority-lost.json"
        let apple = CLIHarness.run(["simulate", graph, "--format", "csv"]).standardOutput
        let linux = CLIHarness.run(["simulate", graph, "--format", "csv", "--platform", "linux"]).standardOutput
        #expect(apple.contains("\nh,q,0,1.000,2.000,finished,slot:l2\n"))
        #expect(linux.contains("\nh,q,4,2.000,3.000,finished,thread:l3\n"))
    }

    @Test func csvJSONAndTrace() throws {
        let graph = "examples/scenarios/s13-width.json"
        let csv = CLIHarness.run(["simulate", graph, "--format", "csv"])
        #expect(csv.standardOutput.hasPrefix("operation,queue,slot,start,end,state,waited_for\na,q,0,0.000,1.000,finished,added\n"))
        let json = CLIHarness.run(["simulate", graph, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["makespan"] as? Double == 2)
        #expect((object["schedule"] as? [[String: Any]])?.count == 3)
        #expect(object["stuck"] is NSNull)
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-trace-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: trace) }
        #expect(CLIHarness.run(["simulate", graph, "--trace", trace.path]).code == 0)
        let events = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any])
        let list = try #require(events["traceEvents"] as? [[String: Any]])
        #expect(list.filter { $0["ph"] as? String == "X" }.count == 3)
        #expect(list.contains { $0["ph"] as? String == "M" && ($0["args"] as? [String: Any])?["name"] as? String == "q slot 1" })
    }

    @Test func whatIfAndCompare() {
        let graph = "examples/scenarios/s13-width.json"
        let whatIf = CLIHarness.run(["simulate", graph, "--width", "q=3", "--compare-what-if"])
        #expect(whatIf.code == 0)
        #expect(whatIf.standardOutput.hasPrefix("makespan: 2.000 s → 2.000 s (+0.000 s)\n"))
        #expect(whatIf.standardOutput.contains("  c  1.000 → 0.000 (-1.000 s)\n"))
        let other = CLIHarness.run(["simulate", graph, "--compare", "examples/scenarios/s21-exclusivity.json"])
        #expect(other.code == 0)
        #expect(other.standardOutput.hasPrefix("makespan: 2.000 s → 3.000 s (+1.000 s)\n"))
        let slower = CLIHarness.run(["simulate", graph, "--duration", "b=5", "--cancel", "c@0.5", "--format", "csv"])
        #expect(slower.standardOutput.contains("\nb,q,1,0.000,5.000,finished,added\n"))
        #expect(slower.standardOutput.contains("\nc,q,0,1.000,1.000,cancelled,slot:a\n"))
    }

    @Test func exploreReportsDeadlocksWithAReproducingSeed() throws {
        let outcome = CLIHarness.run(["simulate", "examples/scenarios/s19-slot-exhaustion.json", "--explore", "20", "--seed", "5"])
        #expect(outcome.code == 1)
        #expect(outcome.standardOutput.contains("deadlocks: 1\n"))
        #expect(outcome.standardOutput.contains("reached by 20 runs; reproduce with --explore 1 --seed 5\n"))
        let clean = CLIHarness.run(["simulate", "examples/scenarios/s13-width.json", "--explore", "20", "--format", "json"])
        #expect(clean.code == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(clean.standardOutput.utf8)) as? [String: Any])
        #expect(object["runs"] as? Int == 20)
        #expect(CLIHarness.run(["simulate", "examples/scenarios/s13-width.json", "--explore", "20", "--format", "json"]).standardOutput == clean.standardOutput)
    }

    @Test func operationsEnqueuedOnAQueueTheSourceDoesNotShowRun() throws {
        // The scanner cannot tell which queue a parameter is; lint takes the operations as
        // enqueued, and simulate runs them instead of listing them as never started.
        let directory = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("Runner.swift")
        try """
        import Foundation
        final class Runner {
            func run(on queue: OperationQueue) {
                let load = BlockOperation { print("load") }
                let store = BlockOperation { print("store") }
                store.addDependency(load)
                queue.addOperations([load, store], waitUntilFinished: false)
            }
        }
        """.write(to: source, atomically: true, encoding: .utf8)
        let lint = CLIHarness.run(["lint", source.path])
        #expect(lint.code == 0, "\(lint.standardOutput)\(lint.standardError)")
        let outcome = CLIHarness.run(["simulate", source.path, "--format", "csv"])
        #expect(outcome.code == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("\nload,(unnamed queue),0,0.000,1.000,finished,added\n"))
        #expect(outcome.standardOutput.contains("\nstore,(unnamed queue),0,1.000,2.000,finished,dependency:load\n"))
        #expect(!outcome.standardOutput.contains("never-started"))
    }

    @Test func badInputAndUsage() {
        let graph = "examples/scenarios/s13-width.json"
        let unknown = CLIHarness.run(["simulate", graph, "--cancel", "nope@1"])
        #expect(unknown.code == 2)
        #expect(unknown.standardError.contains("--cancel names \"nope\", which is not an operation"))
        #expect(CLIHarness.run(["simulate", graph, "--duration", "a=-1"]).code == 2)
        #expect(CLIHarness.run(["simulate", graph, "--platform", "windows"]).code == 2)
        #expect(CLIHarness.run(["simulate", graph, "--width", "nope=2"]).code == 2)
        #expect(CLIHarness.run(["simulate", graph, "--format", "csv", "--explore", "3"]).code == 2)
        #expect(CLIHarness.run(["simulate", graph, "--compare-what-if"]).code == 2)
    }
}

/// Input whose size after `count` expansion the simulator refuses.
@Suite struct SimulateCountLimitTests {
    @Test func countsThatMultiplyIntoTooManyEdgesExitWithAMessage() throws {
        let graph = """
        { "version": 1, "queues": [{ "name": "q" }], "operations": [
          { "name": "download", "queue": "q", "count": 100000 },
          { "name": "parse", "queue": "q", "count": 100000, "dependencies": ["download"] } ] }
        """
        let outcome = try CLIHarness.spawn(["simulate", "-"], input: Array(graph.utf8))
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("count expands the graph to 200000 operations and 10000000000 dependencies and waits"))
        #expect(outcome.standardOutput.isEmpty)
    }
}
