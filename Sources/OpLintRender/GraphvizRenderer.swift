import CGraphviz
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpLintCore

/// Lays out and renders DOT source with Graphviz's C library, in this process.
///
/// Graphviz keeps global state (its error handler, the parser, plugin tables) and is not
/// thread-safe, so every call into it runs under one lock; callers on any thread may use it.
public enum GraphvizRenderer {
    /// What `render` produced: the bytes, and what Graphviz printed that did not stop it.
    public struct Output: Sendable {
        public var bytes: [UInt8]
        /// Graphviz's warnings and non-fatal errors, one per line, for standard error.
        public var messages: [String]
    }

    /// Renders `dot` in `format`, laid out by `engine`; `.dot` returns the source unchanged
    /// without calling Graphviz.
    ///
    /// - Throws: `GraphvizError` with Graphviz's own message when it cannot read the source,
    ///   lay it out or render it.
    /// - Complexity: that of the layout engine; `dot` grows much faster than linearly.
    public static func render(dot: String, engine: LayoutEngine = .dot, format: RenderFormat) throws -> Output {
        if format == .dot { return Output(bytes: Array(dot.utf8), messages: []) }
        return try render(dot: dot, engineNamed: engine.rawValue, formatNamed: format.graphvizName)
    }

    /// Renders with any engine and output format Graphviz knows by name (`"dot"`, `"svg"`).
    ///
    /// - Throws: `GraphvizError` with Graphviz's message, also for names it does not know.
    public static func render(dot: String, engineNamed engine: String, formatNamed format: String) throws -> Output {
        try GraphvizSession.shared.run { context in
            guard let graph = GraphvizReader.read(dot) else {
                throw GraphvizError(stage: .read, messages: GraphvizSession.drainMessages())
            }
            defer { agclose(graph) }
            guard gvLayout(context, graph, engine) == 0 else {
                throw GraphvizError(stage: .layout, messages: GraphvizSession.drainMessages())
            }
            defer { gvFreeLayout(context, graph) }
            var data: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            guard gvRenderData(context, graph, format, &data, &length) == 0, let data else {
                throw GraphvizError(stage: .render, messages: GraphvizSession.drainMessages())
            }
            defer { gvFreeRenderData(data) }
            let bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                Array(UnsafeBufferPointer(start: $0, count: Int(length)))
            }
            // Graphviz reports some layout failures (`trouble in init_rank`, `lost … edge`) as
            // errors yet still draws, leaving edges out: a drawing that silently lies is refused.
            let messages = GraphvizSession.drainMessages()
            if messages.contains(where: { $0.hasPrefix("Error") }) {
                throw GraphvizError(stage: .layout, messages: messages)
            }
            return Output(bytes: bytes, messages: messages)
        }
    }
}

/// The one Graphviz context of the process and the lock that serialises every use of it.
final class GraphvizSession: @unchecked Sendable {
    static let shared = GraphvizSession()

    private let lock = Lock()
    /// Created on first use, under `lock`; kept for the life of the process (plugin loading is slow).
    private var context: OpaquePointer?

    /// Graphviz's messages since the last drain; only touched under `shared.lock`.
    nonisolated(unsafe) private static var transcript = ""

    /// Runs `body` with the context, holding the lock, with Graphviz's messages captured.
    func run<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        Self.transcript = ""
        _ = agreseterrors()
        _ = agseterr(AGWARN)
        _ = agseterrf { text in
            if let text { GraphvizSession.transcript += String(cString: text) }
            return 0
        }
        if context == nil { context = gvContext() }
        guard let context else {
            throw GraphvizError(stage: .read, messages: ["could not create a Graphviz context"])
        }
        return try body(context)
    }

    /// The most lines of Graphviz output kept; some errors add a line per node.
    static let messageLimit = 8

    /// `line` without the spaces and tabs at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` gives it.
    static func trimmingSpaces(_ line: Substring) -> String {
        line.trimmingScalars { $0.isFoundationWhitespace }
    }

    /// The messages captured so far, one per line (at most `messageLimit`, then a count of
    /// the rest), and clears them. Call under the lock.
    static func drainMessages() -> [String] {
        let lines = transcript.split(separator: "\n", omittingEmptySubsequences: true)
            .map { trimmingSpaces($0) }
            .filter { !$0.isEmpty }
        transcript = ""
        guard lines.count > messageLimit else { return lines }
        return Array(lines.prefix(messageLimit)) + ["… and \(lines.count - messageLimit) more lines"]
    }
}
