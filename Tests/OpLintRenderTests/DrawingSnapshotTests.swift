import OpLintCore
import Testing

/// The DOT of each view of the feed-loader fixture, byte for byte.
@Suite struct DrawingSnapshotTests {
    static let cases: [(name: String, change: @Sendable (inout DrawingOptions) -> Void)] = [
        ("feed.dot", { _ in }),
        ("feed-depends-on-lr.dot", { $0.edges = .dependsOn; $0.rankDirection = .leftToRight }),
        ("feed-condensed.dot", { $0.condense = true }),
        ("feed-queues.dot", { $0.collapse = .queues }),
        ("feed-focus.dot", { $0.focus = "combine"; $0.depth = 1 }),
        ("feed-findings-only.dot", { $0.findingsOnly = true }),
        ("feed-links.dot", { $0.linkTemplate = "https://example.com/repo/blob/main/{file}#L{line}" }),
    ]

    static func drawing(_ change: (inout DrawingOptions) -> Void) throws -> DependencyDrawing {
        let (graph, findings, path) = DrawingFixtures.feedLoader()
        var options = DrawingOptions()
        options.criticalPath = path
        change(&options)
        return try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: findings, options: options)
    }

    @Test(arguments: 0..<cases.count)
    func matchesSnapshot(_ number: Int) throws {
        let drawing = try Self.drawing(Self.cases[number].change)
        try Snapshot.check(drawing.dot, named: Self.cases[number].name)
    }

    @Test func hostileNamesMatchSnapshot() throws {
        let graph = DrawingFixtures.hostileGraph()
        let drawing = try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: [], options: DrawingOptions())
        try Snapshot.check(drawing.dot, named: "hostile.dot")
    }

    @Test func sameInputGivesSameBytesWhateverTheOrderOfFindings() throws {
        let (graph, findings, path) = DrawingFixtures.feedLoader()
        var options = DrawingOptions()
        options.criticalPath = path
        let first = try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: findings, options: options)
        let second = try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: findings.reversed(), options: options)
        #expect(first.dot == second.dot)
    }
}
