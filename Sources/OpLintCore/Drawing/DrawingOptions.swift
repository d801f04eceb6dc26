/// What a dependency drawing shows and how (`oplint render` options).
public struct DrawingOptions: Sendable, Equatable {
    /// Which way the arrows point.
    public enum EdgeDirection: String, Sendable, CaseIterable {
        /// From an operation to the operations that wait for it (`download → combine`).
        case executionOrder = "execution-order"
        /// From an operation to the operations it waits for (`combine → download`).
        case dependsOn = "depends-on"
    }

    /// The direction of the layout's ranks.
    public enum RankDirection: String, Sendable, CaseIterable {
        case topToBottom = "TB"
        case leftToRight = "LR"
    }

    /// Coarser views of a large graph.
    public enum Collapse: String, Sendable, CaseIterable {
        /// One node per queue, edges weighted by the number of dependencies they stand for.
        case queues
    }

    /// The default `maxNodes`, from measurements: `dot`'s layout time of a generated graph
    /// grows about with the cube of its size, 2 s at 300 operations, 6 s at 400, 20 s at 500
    /// and minutes at 1,000 on a busy 2-core machine (docs/performance.md, "Rendering").
    public static let defaultMaxNodes = 400

    public var edges: EdgeDirection = .executionOrder
    public var rankDirection: RankDirection = .topToBottom
    /// Draw only the neighbourhood of this operation.
    public var focus: String?
    /// How many dependency steps before and after `focus` to draw.
    public var depth: Int = 2
    /// Draw only operations named in findings, with one step of context.
    public var findingsOnly = false
    public var collapse: Collapse?
    /// Draw each strongly connected component (each cycle) as one node.
    public var condense = false
    /// Hyperlink for each element with a location: `{file}` and `{line}` are replaced.
    public var linkTemplate: String?
    /// The critical path of a schedule, in order; its operations and edges are drawn bold.
    public var criticalPath: [String] = []
    /// Above this many operations, draw the condensed, then the collapsed view; nil = no limit.
    public var maxNodes: Int? = DrawingOptions.defaultMaxNodes
    /// Labels longer than this many characters end in `…`; the tooltip has the full name.
    public var labelLength = 40
    public var showsLegend = true

    public init() {}
}

/// Why a drawing could not be made.
public enum DrawingError: Error, Equatable, CustomStringConvertible {
    /// `--focus` names no operation.
    case unknownOperation(String, suggestion: String?)
    /// An option value out of range.
    case invalidOption(String)

    public var description: String {
        switch self {
        case .unknownOperation(let name, let suggestion):
            "no operation named \u{201C}\(DOTText.visible(name))\u{201D}"
                + (suggestion.map { "; did you mean \u{201C}\(DOTText.visible($0))\u{201D}?" } ?? "")
        case .invalidOption(let message):
            message
        }
    }
}
