import Testing
import OpLintShapes
@testable import OpLintCore

/// Every adversarial graph shape of the benchmark, checked for the work the algorithms do
/// and the size of what they print — counted, never timed — so that an algorithm that turns
/// quadratic again fails here: at 4,000 operations a quadratic one does about a thousand
/// times the linear bound.
@Suite struct ShapeWorkTests {
    static let size = 4_000

    /// The shape's graph, loaded from its JSON like any other input.
    static func load(_ shape: GraphShape, operations: Int = size, seed: UInt64 = 1) throws -> OperationGraph {
        try GraphLoader.load(bytes: ShapeGraph(shape, operations: operations, seed: seed).json(), path: "\(shape.rawValue).json")
    }

    /// Operations plus dependencies, waits and events: the size every bound is linear in.
    static func graphSize(_ graph: OperationGraph) -> Int {
        graph.operations.count + graph.events.count
            + graph.operations.reduce(0) { $0 + $1.dependencies.count + $1.waitsFor.count + $1.waitsForQueues.count }
    }

    /// The rules of graph structure and API misuse (the scheduling rules have their own tests).
    static let rules: [any Rule] = [
        DependencyCycleRule(), SelfDependencyRule(), UnknownDependencyRule(), DuplicateNameRule(), NeverStartedRule(),
        UnreachableOperationRule(), UnknownQueueRule(), UnknownKeyRule(), RedundantDependencyRule(),
        CancelledDependencyRule(), StartNotReadyRule(),
    ]

    @Test(arguments: GraphShape.allCases)
    func shapeHasItsSizeAndLoadsCleanly(shape: GraphShape) throws {
        let shapeGraph = ShapeGraph(shape, operations: 1_000)
        let graph = try GraphLoader.load(bytes: shapeGraph.json(), path: "shape.json")
        #expect(graph.diagnostics.isEmpty)
        #expect(graph.operations.count == shapeGraph.operations.count)
        #expect(shapeGraph.expandedOperationCount == 1_000)
        #expect(Self.graphSize(graph) == shapeGraph.operations.count + shapeGraph.edgeCount + shapeGraph.events.count)
    }

    @Test(arguments: GraphShape.allCases)
    func blockingAnalysisIsLinear(shape: GraphShape) throws {
        let graph = try Self.load(shape)
        let analysis = GraphAnalysis(graph)
        let size = analysis.index.operationCount + analysis.index.dependencyTargets.count
        let blocking = analysis.blocking
        #expect(blocking.work <= 8 * size + 100_000, "\(shape): \(blocking.work) edges visited for \(size)")
        let listed = blocking.roots.reduce(0) { $0 + $1.blocked.count }
        #expect(listed <= 5 * size + 100_000, "\(shape): \(listed) blocked operations listed")
    }

    @Test(arguments: GraphShape.allCases)
    func redundantDependenciesAreLinear(shape: GraphShape) throws {
        let analysis = GraphAnalysis(try Self.load(shape))
        let redundant = RedundantDependencies(analysis.index, analysis.components)
        let size = analysis.index.operationCount + analysis.index.dependencyTargets.count
        #expect(redundant.work <= 4 * size, "\(shape): \(redundant.work) steps for \(size)")
        #expect(redundant.unjudged.isEmpty)
    }

    @Test(arguments: GraphShape.allCases)
    func findingsStayBoundedAndLinear(shape: GraphShape) throws {
        let graph = try Self.load(shape)
        let findings = Linter(rules: Self.rules).lint(graph).findings
        var total = 0
        for finding in findings {
            #expect(finding.related.count <= Finding.relatedLimit, "\(shape) \(finding.rule.code)")
            #expect(finding.message.count <= 1_000, "\(shape) \(finding.rule.code): \(finding.message.prefix(200))")
            #expect(finding.notes.allSatisfy { $0.count <= 1_000 }, "\(shape) \(finding.rule.code)")
            #expect((finding.fix?.message.count ?? 0) <= 1_000, "\(shape) \(finding.rule.code)")
            total += finding.message.count + finding.related.reduce(0) { $0 + $1.message.count }
                + finding.notes.reduce(0) { $0 + $1.count } + finding.operations.reduce(0) { $0 + $1.count }
        }
        // Names are at most eight characters here: a few hundred per operation and edge is linear.
        let size = Self.graphSize(graph)
        #expect(total <= 400 * size, "\(shape): \(total) characters of findings for \(size)")
    }

    @Test func aChainOfNeverStartedOperationsIsOneRootCause() throws {
        // Built and never run, as a test may do: nothing started waits, so only OPL105 speaks.
        let dropped = try Self.load(.chainNoQueue, operations: 50)
        let droppedFindings = Linter(rules: Self.rules).lint(dropped).findings
        #expect(droppedFindings.filter { $0.rule.code == "OPL106" }.isEmpty)
        #expect(droppedFindings.filter { $0.rule.code == "OPL105" }.allSatisfy { $0.severity == .warning })
        // The last operation of the chain added to a queue: it and everything before it wait for op0.
        var graph = dropped
        graph.queues.append(.init(name: "work"))
        graph.operations[49].queue = "work"
        graph.operations[49].start = .queue
        let findings = Linter(rules: Self.rules).lint(graph).findings
        let unreachable = findings.filter { $0.rule.code == "OPL106" }
        #expect(unreachable.count == 1)
        #expect(unreachable.first?.operations.count == 49)
        #expect(unreachable.first?.message.hasPrefix("49 operations can never start because of op0, which is never added to a queue nor started") == true)
        // Each operation is still reported as never started.
        #expect(findings.filter { $0.rule.code == "OPL105" }.count == 49)
        let blocking = GraphAnalysis(graph).blocking
        #expect(blocking.dominated.count == 48)
        #expect(!blocking.isTruncated)
    }

    @Test func rootsSharingALongTailStayLinearAndSaySo() throws {
        let graph = try Self.load(.sharedTail, operations: 2_000)
        let analysis = GraphAnalysis(graph)
        let blocking = analysis.blocking
        #expect(blocking.isTruncated)
        // Everything behind the roots is still listed under at least one of them.
        var listed = Set<Int32>()
        for root in blocking.roots { listed.formUnion(root.blocked) }
        #expect(listed.count == 1_000)
        let findings = UnreachableOperationRule().check(analysis)
        let partial = findings.filter { $0.notes.contains { $0.contains("bounded on very large graphs") } }
        #expect(!partial.isEmpty)
        #expect(findings.count < 1_000)
    }

    /// The simulator's step counter exists in debug builds only.
    #if DEBUG
    @Test(arguments: GraphShape.allCases)
    func simulationIsLinear(shape: GraphShape) throws {
        let graph = try Self.load(shape)
        for platform in SimulationPlatform.allCases {
            let model = try SimulationModel(graph, options: SimulationOptions(platform: platform))
            var run = SimulationRun(model: model)
            run.run()
            let size = model.operationCount + model.dependencyTargets.count + model.waitTargets.count + model.events.count
            #expect(run.steps <= 40 * size, "\(shape) \(platform): \(run.steps) steps for \(size)")
            let schedule = run.schedule()
            #expect(schedule.entries.count == model.operationCount)
            if let stuck = schedule.stuck {
                var reported = stuck.unfinished.count
                for cause in stuck.rootCauses {
                    reported += cause.blocked.count + cause.members.count
                    for member in cause.members {
                        reported += member.edges.count
                        #expect(member.edges.filter { if case .slot = $0.reason { true } else { false } }.count <= StuckReport.heldByListLimit)
                    }
                }
                #expect(reported <= 8 * size + 100_000, "\(shape) \(platform): a stuck report of \(reported) entries for \(size)")
            }
        }
    }
    #endif

    @Test func countsThatExpandBeyondTheLimitAreRefused() {
        var download = OperationGraph.Operation(name: "download", queue: "q")
        download.count = 10_000
        var parse = OperationGraph.Operation(name: "parse", queue: "q", dependencies: [.init("download")])
        parse.count = 10_000
        let graph = OperationGraph(queues: [.init(name: "q")], operations: [download, parse])
        #expect(graph.countExpansionSize().edges == 100_000_000)
        #expect(throws: SimulationError.self) { try SimulationModel(graph) }
        var huge = OperationGraph.Operation(name: "huge", queue: "q")
        huge.count = Int.max
        let refused = OperationGraph(queues: [.init(name: "q")], operations: [huge, OperationGraph.Operation(name: "more", queue: "q")])
        #expect(refused.countExpansionSize().operations == Int.max)
        #expect(throws: SimulationError.self) { try SimulationModel(refused) }
        // Counts within the limit still expand.
        #expect((try? SimulationModel(try Self.load(.hugeCount)))?.operationCount == Self.size)
    }
}
