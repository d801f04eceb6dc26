import Foundation
import Testing
@testable import OpLintCLI

/// `oplint simulate --timeline FILE`.
@Suite struct TimelineCommandTests {
    @Test(arguments: ["timeline.svg", "timeline.png", "timeline.dot"])
    func writesTheTimelineBesideTheSchedule(_ name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-timeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name).path
        let outcome = CLIHarness.run(["simulate", "examples/image-pipeline/graph.json", "--timeline", file, "--arrows"])
        #expect(outcome.code == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("makespan"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let start = String(decoding: bytes.prefix(24), as: UTF8.self)
        switch name {
        case "timeline.svg": #expect(start.hasPrefix("<?xml"))
        case "timeline.png": #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        default: #expect(start.hasPrefix("digraph \"timeline\""))
        }
    }

    @Test func anUnknownExtensionIsAUsageError() {
        let outcome = CLIHarness.run(["simulate", "examples/image-pipeline/graph.json", "--timeline", "chart.gif"])
        #expect(outcome.code == 2)
        #expect(outcome.standardError.contains("--timeline: cannot tell the format"))
    }
}
