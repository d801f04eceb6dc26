import OpLintCore
import Testing

/// What each view and option draws, checked on the DOT text.
@Suite struct DrawingTests {
    private func draw(_ graph: OperationGraph, findings: [Finding] = [], _ change: (inout DrawingOptions) -> Void = { _ in })
        throws -> DependencyDrawing {
        var options = DrawingOptions()
        change(&options)
        return try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: findings, options: options)
    }

    /// The edges of a DOT text as (tail, head) pairs, legend excluded.
    private func edges(_ dot: String) -> [[String]] {
        dot.split(separator: "\n").compactMap { line in
            let parts = line.trimmingPrefix(" ").split(separator: " -> ", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let tail = parts[0].trimmingCharacters(in: "\" ")
            let head = parts[1].prefix { $0 != " " && $0 != "[" }.trimmingCharacters(in: "\" ")
            return [tail, head]
        }
    }

    private var feed: (OperationGraph, [Finding]) {
        let fixture = DrawingFixtures.feedLoader()
        return (fixture.graph, fixture.findings)
    }

    @Test func arrowsPointInExecutionOrderAndReverseWithDependsOn() throws {
        let (graph, _) = feed
        // combine (op2) waits for download1 (op0) and download2 (op1).
        let forward = edges(try draw(graph).dot)
        #expect(forward.contains(["op0", "op2"]) && forward.contains(["op1", "op2"]))
        let backward = edges(try draw(graph) { $0.edges = .dependsOn }.dot)
        #expect(backward.contains(["op2", "op0"]) && !backward.contains(["op0", "op2"]))
        #expect(forward.count == backward.count)
    }

    @Test func oneClusterPerQueueAndADashedOneForOperationsNotOnAQueue() throws {
        let (graph, findings) = feed
        let dot = try draw(graph, findings: findings).dot
        for cluster in ["cluster_queue0", "cluster_queue1", "cluster_queue2", "cluster_none"] {
            #expect(dot.contains("subgraph \"\(cluster)\""))
        }
        #expect(dot.contains("width 2 · QoS userInitiated"))
        #expect(dot.contains("serial · QoS utility"))
        let none = try #require(dot.range(of: "subgraph \"cluster_none\""))
        #expect(dot[none.upperBound...].prefix(200).contains("dashed"))
    }

    @Test func findingsAreMarkedByMoreThanColour() throws {
        let (graph, findings) = feed
        let dot = try draw(graph, findings: findings).dot
        let lines = dot.split(separator: "\n")
        func node(_ id: String) throws -> Substring { try #require(lines.first { $0.hasPrefix("    \"\(id)\" [") }) }
        // auth (op6) is on the cycle: double border and its rule in the label.
        #expect(try node("op6").contains("peripheries=2"))
        #expect(try node("op6").contains("error OPL101 dependency-cycle"))
        // upload (op8) can never start: dashed and said in words.
        #expect(try node("op8").contains("rounded,filled,dashed"))
        #expect(try node("op8").contains("never starts (OPL106)"))
        // show (op5) has warnings: a thicker border and the codes.
        #expect(try node("op5").contains("penwidth=3"))
        #expect(try node("op5").contains("warnings OPL203, OPL209"))
        // The cycle's edges are double lines; the exclusivity edge dashed; the wait dotted with a hollow head.
        let cycleEdge = try #require(lines.first { $0.contains("\"op7\" -> \"op6\"") })
        #expect(cycleEdge.contains(":invis:"))
        let exclusive = try #require(lines.first { $0.contains("\"op3\" -> \"op4\"") && $0.contains("exclusivity") })
        #expect(exclusive.contains("style=\"dashed\""))
        let wait = try #require(lines.first { $0.contains("\"op4\" -> \"op5\"") })
        #expect(wait.contains("dotted") && wait.contains("arrowhead=\"empty\""))
        // An ordinary dependency stays plain.
        let plain = try #require(lines.first { $0.contains("\"op0\" -> \"op2\"") })
        #expect(!plain.contains("style="))
    }

    @Test func criticalPathIsBold() throws {
        let (graph, findings) = feed
        let dot = try draw(graph, findings: findings) { $0.criticalPath = ["download2", "combine"] }.dot
        let edge = try #require(dot.split(separator: "\n").first { $0.contains("\"op1\" -> \"op2\"") })
        #expect(edge.contains("bold") && edge.contains("penwidth=3"))
        let other = try #require(dot.split(separator: "\n").first { $0.contains("\"op0\" -> \"op2\"") })
        #expect(!other.contains("bold"))
    }

    @Test func legendListsOnlyTheMarksUsed() throws {
        let plain = OperationGraph(queues: [.init(name: "q")], operations: [.init(name: "a", queue: "q")])
        let dot = try draw(plain).dot
        #expect(dot.contains("B runs after A"))
        #expect(!dot.contains("dependency cycle") && !dot.contains("waitUntilFinished"))
        #expect(try draw(plain) { $0.edges = .dependsOn }.dot.contains("A depends on B"))
        #expect(!(try draw(plain) { $0.showsLegend = false }.dot.contains("Legend")))
    }

    @Test func focusDrawsTheNeighbourhoodToTheGivenDepth() throws {
        let chain = OperationGraph(queues: [.init(name: "q")], operations: (0..<7).map { i in
            OperationGraph.Operation(name: "o\(i)", queue: "q", dependencies: i == 0 ? [] : [.init("o\(i - 1)")])
        })
        let dot = try draw(chain) { $0.focus = "o3"; $0.depth = 1 }.dot
        #expect(Set(edges(dot).flatMap { $0 }) == ["op2", "op3", "op4"])
        #expect(dot.contains("+1 not shown"))
        let wider = try draw(chain) { $0.focus = "o3"; $0.depth = 2 }.dot
        #expect(Set(edges(wider).flatMap { $0 }) == ["op1", "op2", "op3", "op4", "op5"])
    }

    @Test func focusOnAnUnknownOperationSuggestsTheNearestName() throws {
        let (graph, _) = feed
        #expect(throws: DrawingError.unknownOperation("combin", suggestion: "combine")) {
            try draw(graph) { $0.focus = "combin" }
        }
        #expect(throws: DrawingError.self) { try draw(graph) { $0.depth = -1 } }
    }

    @Test func findingsOnlyKeepsInvolvedOperationsAndOneStepOfContext() throws {
        let (graph, findings) = feed
        let dot = try draw(graph, findings: findings) { $0.findingsOnly = true }.dot
        let drawn = Set(dot.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    \"op") else { return nil }
            return String(line.dropFirst(5).prefix { $0 != "\"" })
        })
        // Involved: show, save, auth, refresh, upload, cleanup, report; context: thumbnail, combine.
        #expect(drawn == ["op2", "op3", "op4", "op5", "op6", "op7", "op8", "op9", "op10"])
        #expect(!drawn.contains("op0") && !drawn.contains("op1"))
        let none = try draw(graph) { $0.findingsOnly = true }
        #expect(none.nodeCount == 0 && none.notes.count == 1)
    }

    @Test func collapseDrawsOneNodePerQueueWithWeightedEdges() throws {
        let (graph, findings) = feed
        let drawing = try draw(graph, findings: findings) { $0.collapse = .queues }
        #expect(drawing.view == .queues)
        #expect(drawing.nodeCount == 4)
        // download1 and download2 both feed combine: one arrow labelled 2.
        let edge = try #require(drawing.dot.split(separator: "\n").first { $0.contains("\"queue0\" -> \"queue1\"") })
        #expect(edge.contains("label=\"2\""))
        #expect(drawing.dot.contains("5 operations · 3 dependencies inside"))
    }

    @Test func collapseDrawsTwoWayTrafficAsOneArrowWithACountByEachHead() throws {
        let operations = [
            OperationGraph.Operation(name: "a", queue: "one"),
            OperationGraph.Operation(name: "b", queue: "two", dependencies: ["a"]),
            OperationGraph.Operation(name: "c", queue: "two", dependencies: ["a"]),
            OperationGraph.Operation(name: "d", queue: "one", dependencies: ["b"]),
        ]
        let graph = OperationGraph(queues: [.init(name: "one"), .init(name: "two")], operations: operations)
        for direction in DrawingOptions.EdgeDirection.allCases {
            let dot = try draw(graph) { $0.collapse = .queues; $0.edges = direction }.dot
            #expect(edges(dot).count == 1)
            let edge = try #require(dot.split(separator: "\n").first { $0.contains(" -> ") })
            #expect(edge.contains("dir=\"both\""))
            // Execution order: two operations of "two" wait for "one", one of "one" waits for "two".
            let towardsTwo = edge.hasPrefix("  \"queue0\"") == (direction == .executionOrder)
            #expect(edge.contains(towardsTwo ? "headlabel=\"2\"" : "headlabel=\"1\""), "\(direction): \(edge)")
        }
    }

    @Test func condenseDrawsEachCycleAsOneNode() throws {
        let (graph, findings) = feed
        let drawing = try draw(graph, findings: findings) { $0.condense = true }
        #expect(drawing.view == .condensed)
        #expect(drawing.nodeCount == 10)
        #expect(drawing.dot.contains("cycle of 2 operations"))
        #expect(!drawing.dot.contains("\"op6\""))
        #expect(edges(drawing.dot).contains { $0[1] == "op8" && $0[0].hasPrefix("cycle") })
    }

    @Test func largeGraphsFallBackToCondensedThenCollapsedViewsWithANote() throws {
        let graph = DrawingFixtures.generated(count: 300)
        let full = try draw(graph) { $0.maxNodes = 300 }
        #expect(full.view == .operations && full.notes.isEmpty && full.nodeCount == 300)
        let collapsed = try draw(graph) { $0.maxNodes = 100 }
        #expect(collapsed.view == .queues && collapsed.nodeCount == 8)
        #expect(collapsed.notes.first?.contains("exceed --max-nodes 100") == true)

        // A graph whose cycles shrink it below the limit is condensed instead.
        var cyclic = graph
        for i in 1..<200 { cyclic.operations[i].dependencies.append(.init("op\(i + 1)")) }
        let condensed = try draw(cyclic) { $0.maxNodes = 150 }
        #expect(condensed.view == .condensed)
        #expect(condensed.nodeCount <= 150)
        #expect(condensed.notes.first?.contains("--condense") == true)
        let unlimited = try draw(graph) { $0.maxNodes = nil }
        #expect(unlimited.view == .operations)
    }

    @Test func longNamesAreCutInTheLabelButWholeInTheTooltip() throws {
        let name = String(repeating: "x", count: 100)
        let graph = OperationGraph(queues: [.init(name: "q")], operations: [.init(name: name, queue: "q")])
        let dot = try draw(graph).dot
        #expect(dot.contains(String(repeating: "x", count: 39) + "…"))
        #expect(dot.contains("tooltip=\"" + name))
    }

    @Test func nodeLabelsShowSettingsThatAreNotDefault() throws {
        var operation = OperationGraph.Operation(name: "a", queue: "q", priority: .high, qualityOfService: .utility, duration: 2.5)
        operation.isBarrier = true
        let graph = OperationGraph(queues: [.init(name: "q")], operations: [operation, .init(name: "b", queue: "q")])
        let dot = try draw(graph).dot
        #expect(dot.contains("high · utility · 2.5 s · barrier"))
        let b = try #require(dot.split(separator: "\n").first { $0.hasPrefix("    \"op1\"") })
        #expect(b.contains("label=<b>"))
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
