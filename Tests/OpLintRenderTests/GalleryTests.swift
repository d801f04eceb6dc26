import Foundation
import OpLintCore
import OpLintRender
import Testing

/// Renders the fixtures as PNG into a temporary folder, so that a person can look at them
/// (`OPLINT_GALLERY=DIR` chooses the folder), and checks each one is a PNG.
@Suite struct GalleryTests {
    static let variants: [(name: String, change: @Sendable (inout DrawingOptions) -> Void)] = [
        ("feed", { _ in }),
        ("feed-lr", { $0.rankDirection = .leftToRight }),
        ("feed-depends-on", { $0.edges = .dependsOn }),
        ("feed-condensed", { $0.condense = true }),
        ("feed-queues", { $0.collapse = .queues }),
        ("feed-focus", { $0.focus = "combine"; $0.depth = 1 }),
        ("feed-findings", { $0.findingsOnly = true }),
    ]

    @Test(arguments: 0..<variants.count)
    func rendersFeedVariant(_ variant: Int) throws {
        let (graph, findings, path) = DrawingFixtures.feedLoader()
        var options = DrawingOptions()
        options.criticalPath = path
        Self.variants[variant].change(&options)
        let drawing = try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: findings, options: options)
        let png = try GraphvizRenderer.render(dot: drawing.dot, format: .png).bytes
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try Self.save(png, as: Self.variants[variant].name + ".png")
    }

    @Test func rendersHostileNames() throws {
        let graph = DrawingFixtures.hostileGraph()
        let drawing = try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: [], options: DrawingOptions())
        let png = try GraphvizRenderer.render(dot: drawing.dot, format: .png).bytes
        #expect(png.count > 1000)
        try Self.save(png, as: "hostile.png")
    }

    static func save(_ bytes: [UInt8], as name: String) throws {
        let folder = ProcessInfo.processInfo.environment["OPLINT_GALLERY"]
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("oplint-gallery").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }
}

/// Writes the DOT of generated graphs into the gallery folder, for the rendering measurements
/// of docs/performance.md, and checks which view each size gets.
@Suite struct GeneratedDrawingTests {
    @Test(arguments: [100, 250, 300, 400, 500, 1_000])
    func drawsEveryOperationWithoutALimit(_ count: Int) throws {
        let graph = DrawingFixtures.generated(count: count)
        var options = DrawingOptions()
        options.maxNodes = nil
        let drawing = try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: [], options: options)
        #expect(drawing.view == .operations && drawing.nodeCount == count)
        try GalleryTests.save(Array(drawing.dot.utf8), as: "generated-\(count).dot")
    }

    @Test(arguments: [5_000, 50_000])
    func fallsBackToOneNodePerQueueAboveTheDefaultLimit(_ count: Int) throws {
        let graph = DrawingFixtures.generated(count: count)
        let drawing = try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: [], options: DrawingOptions())
        #expect(drawing.view == .queues && drawing.nodeCount == 8 && drawing.notes.count == 1)
        try GalleryTests.save(Array(drawing.dot.utf8), as: "generated-\(count).dot")
    }
}
