import Foundation
import OpLintCore
import OpLintRender
import Testing

/// Drawings laid out and rendered by libgvc in this process.
@Suite struct RendererTests {
    private func feedDOT(_ change: (inout DrawingOptions) -> Void = { _ in }) throws -> String {
        let (graph, findings, path) = DrawingFixtures.feedLoader()
        var options = DrawingOptions()
        options.criticalPath = path
        change(&options)
        return try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: findings, options: options).dot
    }

    @Test(arguments: LayoutEngine.allCases)
    func svgIsWellFormedAndHasEveryNodeAndEdge(_ engine: LayoutEngine) throws {
        let svg = try GraphvizRenderer.render(dot: try feedDOT(), engine: engine, format: .svg).bytes
        #expect(try SVGDocument.xmllintProblems(svg) == nil)
        let document = try #require(SVGDocument(svg))
        for i in 0..<11 { #expect(document.titles.contains("op\(i)"), "node op\(i) with \(engine)") }
        for edge in ["op0->op2", "op1->op2", "op7->op6", "op3->op4", "op4->op5", "op9->op10"] {
            #expect(document.titles.contains(edge), "edge \(edge) with \(engine)")
        }
        for cluster in ["cluster_queue0", "cluster_queue1", "cluster_queue2", "cluster_none"] where engine == .dot {
            #expect(document.titles.contains(cluster))
        }
        #expect(document.texts.contains("download1"))
        #expect(document.texts.contains("error OPL101 dependency-cycle"))
    }

    @Test(arguments: [RenderFormat.png, .pdf])
    func binaryFormatsHaveTheirSignatureAndAPlausibleSize(_ format: RenderFormat) throws {
        let bytes = try GraphvizRenderer.render(dot: try feedDOT(), format: format).bytes
        let signature: [UInt8] = format == .png ? [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] : Array("%PDF-".utf8)
        #expect(Array(bytes.prefix(signature.count)) == signature)
        #expect(bytes.count > 10_000 && bytes.count < 5_000_000)
        if format == .png {
            // IHDR width and height (big-endian at offsets 16 and 20): a drawing, not a speck.
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width > 300 && height > 300 && width < 10_000 && height < 10_000)
        } else {
            #expect(String(decoding: bytes.suffix(64), as: UTF8.self).contains("%%EOF"))
        }
    }

    @Test func dotFormatReturnsTheSourceWithoutGraphviz() throws {
        let dot = try feedDOT()
        #expect(try GraphvizRenderer.render(dot: dot, format: .dot).bytes == Array(dot.utf8))
    }

    @Test func hostileNamesAreTextInTheSVGAndNeverMarkup() throws {
        let graph = DrawingFixtures.hostileGraph()
        var options = DrawingOptions()
        options.linkTemplate = "https://example.com/{file}#L{line}"
        let dot = try DependencyDrawing(graph: graph, index: GraphIndex(graph), findings: [], options: options).dot
        #expect(!dot.contains("<script") && !dot.contains("<b>"))
        let svg = try GraphvizRenderer.render(dot: dot, format: .svg).bytes
        #expect(try SVGDocument.xmllintProblems(svg) == nil)
        let document = try #require(SVGDocument(svg))
        #expect(!document.elementNames.contains("script") && !document.elementNames.contains("b"))
        let tooltips = document.attributeValues["xlink:title"] ?? []
        for name in DrawingFixtures.hostileNames {
            let shown = DOTText.visible(name)
            #expect(tooltips.contains { $0.hasPrefix(shown + "\n") }, "tooltip of \(name.debugDescription)")
            let label = DOTText.truncated(shown, to: options.labelLength)
            #expect(document.texts.joined(separator: "\n").contains(label), "label of \(name.debugDescription)")
        }
        #expect(document.texts.contains("<b>queue</b> & \"q\""))
        for link in document.attributeValues["xlink:href"] ?? [] {
            #expect(link.hasPrefix("https://example.com/dir/%3Cx%3E%22%26%27.swift#L"))
        }
    }

    @Test func anUnknownEngineOrFormatThrowsGraphvizsMessage() throws {
        let layout = try #require(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: "digraph { a -> b }", engineNamed: "nonsense", formatNamed: "svg")
        }
        #expect(layout.stage == .layout)
        #expect(layout.description.contains("nonsense"))
        let render = try #require(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: "digraph { a -> b }", engineNamed: "dot", formatNamed: "nonsense")
        }
        #expect(render.stage == .render)
        #expect(render.description.contains("nonsense"))
    }

    @Test func brokenDOTThrowsTheSyntaxErrorAndTheNextCallStillWorks() throws {
        let error = try #require(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: "digraph { a -> ; }", format: .svg)
        }
        #expect(error.stage == .read)
        #expect(error.description.contains("syntax error"))
        let svg = try GraphvizRenderer.render(dot: "digraph { a -> b }", format: .svg).bytes
        #expect(SVGDocument(svg)?.titles.contains("a->b") == true)
    }

    @Test func anErrorGraphvizRecoversFromIsStillAnError() throws {
        // Graphviz draws the label as plain text after this error; a drawing it had to repair is refused.
        let error = try #require(throws: GraphvizError.self) {
            try GraphvizRenderer.render(dot: "digraph { a [label=<<B>x</I>>] }", format: .svg)
        }
        #expect(error.description.contains("mismatched tag"))
    }

    @Test func concurrentRendersAreSerialisedAndAllSucceed() async throws {
        let dot = try feedDOT()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { try GraphvizRenderer.render(dot: dot, format: .svg).bytes.count }
            }
            var sizes = Set<Int>()
            for try await size in group { sizes.insert(size) }
            #expect(sizes.count == 1)
        }
    }

    /// cgraph orders subgraphs by object ID; with its default IDs (the addresses of interned
    /// names) the clusters came out in a different order in a second rendering in one process.
    @Test func renderingIsByteIdenticalWithinAProcess() throws {
        let dot = try feedDOT()
        let first = try GraphvizRenderer.render(dot: dot, format: .svg).bytes
        _ = try GraphvizRenderer.render(dot: try feedDOT { $0.rankDirection = .leftToRight }, format: .svg)
        _ = try GraphvizRenderer.render(dot: "digraph { subgraph cluster_z { z } subgraph cluster_a { a } z -> a }", format: .svg)
        for _ in 0..<3 {
            #expect(try GraphvizRenderer.render(dot: dot, format: .svg).bytes == first)
        }
        // Clusters come out in the order the DOT declares them.
        let text = String(decoding: first, as: UTF8.self)
        let positions = ["cluster_queue0", "cluster_queue1", "cluster_queue2"].compactMap { text.range(of: "<title>\($0)</title>")?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted())
    }

    @Test func namesAreFoundAgainAfterReading() throws {
        // Edges name their ends, attributes refer to nodes by name: both resolve through the ID table.
        let svg = String(decoding: try GraphvizRenderer.render(
            dot: "digraph { subgraph cluster_b { b1; b2 } subgraph cluster_a { a1 } a1 -> b1; b1 -> b2; a1 -> b2 [lhead=cluster_b]; b2 -> a1 }",
            format: .svg).bytes, as: UTF8.self)
        for title in ["a1", "b1", "b2", "a1&#45;&gt;b1", "b1&#45;&gt;b2", "a1&#45;&gt;b2", "b2&#45;&gt;a1", "cluster_a", "cluster_b"] {
            #expect(svg.contains("<title>\(title)</title>"), "\(title)")
        }
        let clusterB = try #require(svg.range(of: "<title>cluster_b</title>"))
        let clusterA = try #require(svg.range(of: "<title>cluster_a</title>"))
        #expect(clusterB.lowerBound < clusterA.lowerBound)
    }

    @Test func formatsComeFromFileExtensions() {
        #expect(RenderFormat(pathExtensionOf: "out/deps.SVG") == .svg)
        #expect(RenderFormat(pathExtensionOf: "deps.dot") == .dot)
        #expect(RenderFormat(pathExtensionOf: "dir.v2/deps") == nil)
        #expect(RenderFormat(pathExtensionOf: "deps.jpeg") == nil)
    }
}
