import Foundation
import OpLintCore
import OpLintRender
import Testing
@testable import OpLintCore

/// The Gantt chart of a simulated schedule.
@Suite struct TimelineTests {
    /// The image pipeline: two downloads on a width-2 queue, then combine, then show on main.
    static func pipeline() -> OperationGraph {
        let operations = [
            OperationGraph.Operation(name: "download1", queue: "downloads", duration: 2),
            OperationGraph.Operation(name: "download2", queue: "downloads", priority: .veryHigh, duration: 2),
            OperationGraph.Operation(name: "combine", queue: "downloads", dependencies: ["download1", "download2"], duration: 0.5),
            OperationGraph.Operation(name: "show", queue: "main", dependencies: ["combine"], duration: 0.1),
        ]
        return OperationGraph(queues: [.init(name: "downloads", maxConcurrentOperationCount: 2), .init(name: "main", isMain: true)],
                              operations: operations)
    }

    static func drawing(_ graph: OperationGraph, arrows: Bool = false) throws -> TimelineDrawing {
        var options = TimelineDrawing.Options()
        options.arrows = arrows
        return TimelineDrawing(schedule: try Simulator.simulate(graph), graph: graph, options: options)
    }

    @Test func matchesSnapshot() throws {
        try Snapshot.check(try Self.drawing(Self.pipeline(), arrows: true).dot, named: "timeline.dot")
    }

    @Test func rendersAsWellFormedSVGWithOneBarPerOperationAndPinnedPositions() throws {
        let dot = try Self.drawing(Self.pipeline(), arrows: true).dot
        let svg = try GraphvizRenderer.render(dot: dot, engineNamed: TimelineDrawing.engine, formatNamed: "svg").bytes
        #expect(try SVGDocument.xmllintProblems(svg) == nil)
        let document = try #require(SVGDocument(svg))
        for bar in ["bar0", "bar1", "bar2", "bar3", "lane0", "lane1", "lane2"] { #expect(document.titles.contains(bar)) }
        #expect(document.titles.contains("bar2:e->bar3:w"))
        for text in ["download1", "combine", "downloads · slot 0", "slot 1", "main · slot 0", "0 s", "2 s"] {
            #expect(document.texts.contains(text), "\(text)")
        }
        // Pinned: combine runs from 2 s to 2.5 s of a 2.6 s axis 900 points wide that starts at 170.
        #expect(dot.contains("\"bar2\" [label=<combine>, width=2.4, height=0.22, pos=\"948.85,0!\""))
    }

    @Test func stuckOperationsRunOffTheRightEdgeWithTheReason() throws {
        var graph = Self.pipeline()
        graph.operations[0].dependencies = ["combine"]
        let dot = try Self.drawing(graph).dot
        #expect(dot.contains("never started: download1, combine, show"))
        #expect(dot.contains("dependency-cycle: "))
        var wait = OperationGraph.Operation(name: "waiter", queue: "solo", duration: 1)
        wait.finishes = false
        wait.isAsynchronous = true
        let async = OperationGraph(queues: [.init(name: "solo", maxConcurrentOperationCount: 1)], operations: [wait])
        let stuck = try Self.drawing(async).dot
        #expect(stuck.contains("waiter — stuck ▶"))
        #expect(stuck.contains("never-finishes: waiter on queue solo"))
    }

    @Test(arguments: [(2.6, 0.5), (1.0, 0.1), (1234.0, 200.0), (0.003, 0.0005), (7.0, 1.0), (0.0, 1.0)])
    func ticksFallOnReadableSteps(_ span: Double, _ step: Double) {
        let found = TimelineLayout.tickStep(for: span)
        #expect(abs(found - step) < step * 1e-9, "\(found) for \(span)")
    }
}
