import Foundation
import Testing
@testable import OpLintCore

/// The byte renderings of a schedule (`csvBytes`, `textBytes`, `jsonBytes`) equal the
/// `String` and `JSONValue` renderings byte for byte.
@Suite struct SimulationByteRenderingTests {
    typealias F = SimulationFixture

    static func expectSameBytes(_ schedule: Schedule, _ label: String) {
        #expect(schedule.csvBytes() == Array(schedule.csv().utf8), "csv \(label)")
        #expect(schedule.textBytes() == Array(schedule.text().utf8), "text \(label)")
        #expect(schedule.jsonBytes() == Array(schedule.json().serialized().utf8), "json \(label)")
        for size in [1, 100, 4096] {
            expectChunks(size, schedule.csvBytes(), "csv \(label)") { schedule.csv(chunkSize: size, to: $0) }
            expectChunks(size, schedule.textBytes(), "text \(label)") { schedule.text(chunkSize: size, to: $0) }
            expectChunks(size, schedule.jsonBytes(), "json \(label)") { schedule.json(chunkSize: size, to: $0) }
        }
    }

    /// A chunked rendering joins to `whole`; every chunk but the last holds at least `size` bytes.
    static func expectChunks(_ size: Int, _ whole: [UInt8], _ label: String, _ render: (([UInt8]) -> Void) -> Void) {
        var chunks: [[UInt8]] = []
        render { chunks.append($0) }
        #expect(chunks.joined().elementsEqual(whole), "\(label) in chunks of \(size)")
        #expect(chunks.dropLast().allSatisfy { $0.count >= size }, "\(label) in chunks of \(size)")
        #expect(chunks.allSatisfy { !$0.isEmpty }, "\(label) in chunks of \(size)")
    }

    static let scenarioFiles: [String] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/scenarios")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0).path }
    }()

    @Test(arguments: scenarioFiles)
    func scenariosRenderTheSameBytes(path: String) throws {
        let graph = try GraphLoader.load(path: path)
        for platform in SimulationPlatform.allCases {
            guard let schedule = try? F.run(graph, platform) else { continue }
            Self.expectSameBytes(schedule, "\(path) \(platform)")
        }
    }

    @Test func randomGraphsRenderTheSameBytes() throws {
        var generator = SeededGenerator(seed: 41)
        let names = ["plain", "a,b", "say \"hi\"", "back\\slash", "tab\there", "line\nbreak", "é", "日本", "\u{2028}", "del\u{7F}"]
        for round in 0..<300 {
            var graph = RandomGraphs.make(size: Int.random(in: 0...40, using: &generator), cyclic: round % 3 == 0, generator: &generator)
            for i in graph.operations.indices {
                let scale = [0.0005, 0.001, 0.0015, 0.1, 1, 37.25, 1e6, 2e9][Int.random(in: 0..<8, using: &generator)]
                graph.operations[i].duration = Double(Int.random(in: 0...2000, using: &generator)) * scale
                graph.operations[i].addedAt = Double(Int.random(in: 0...3, using: &generator)) * 0.0004
            }
            // Rename one operation everywhere it is named, to exercise quoting and escaping.
            if let victim = graph.operations.indices.randomElement(using: &generator) {
                let old = graph.operations[victim].name
                let new = names[round % names.count] + "\(round)"
                graph.operations[victim].name = new
                for i in graph.operations.indices {
                    for j in graph.operations[i].dependencies.indices where graph.operations[i].dependencies[j].name == old {
                        graph.operations[i].dependencies[j] = .init(new)
                    }
                }
            }
            for platform in SimulationPlatform.allCases {
                guard let schedule = try? F.run(graph, platform) else { continue }
                Self.expectSameBytes(schedule, "round \(round) \(platform)")
            }
        }
    }

    @Test func extremeTimesRenderTheSameBytes() {
        let times: [Double?] = [nil, 0, -0.0, 0.0004, 0.0005, -0.0004, -1.25, 0.1, 0.125, 0.999_5, 1.000_1,
                                999_999_999.999, 1e9 + 0.5, 4e12 + 0.25, 1e15 + 0.5, 1e17, .infinity, -.infinity, .nan]
        var entries: [Schedule.Entry] = []
        for (k, time) in times.enumerated() {
            entries.append(Schedule.Entry(
                operation: "op\(k)", queue: k % 2 == 0 ? "q" : nil, slot: k % 3 == 0 ? nil : k,
                start: time, runStart: times[(k + 1) % times.count], end: times[(k + 2) % times.count],
                state: Schedule.State.allCases[k % Schedule.State.allCases.count],
                waitedFor: k % 4 == 0 ? nil : Schedule.Constraint(.slot, operation: k % 3 == 0 ? "a\"b" : "op0", queue: k % 5 == 0 ? "q" : nil)))
        }
        entries.append(Schedule.Entry(operation: "r", queue: "q\u{1}", slot: 0, start: 1, runStart: 1, end: 2, state: .finished,
                                      waitedFor: Schedule.Constraint(.resume, queue: "q\u{1}")))
        entries.append(Schedule.Entry(operation: "s", queue: nil, slot: nil, start: 1, runStart: 1, end: 2, state: .finished,
                                      waitedFor: Schedule.Constraint(.added)))
        let schedule = Schedule(platform: .apple, entries: entries, makespan: 2.5, queues: [], criticalPath: [], stuck: nil)
        Self.expectSameBytes(schedule, "extreme times")
        let empty = Schedule(platform: .linux, entries: [], makespan: 0, queues: [], criticalPath: [], stuck: nil)
        Self.expectSameBytes(empty, "empty")
    }
}
