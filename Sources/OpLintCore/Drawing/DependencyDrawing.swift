/// The dependency DAG of an operation graph as DOT source, ready for Graphviz.
///
/// Arrows point in execution order (or the other way with `--edges depends-on`); one
/// cluster per queue; findings drawn with colour *and* line style, border or text; a legend.
/// The same graph, findings and options always give the same bytes.
public struct DependencyDrawing: Sendable {
    /// What the drawing shows one node for.
    public enum View: String, Sendable {
        case operations
        /// Each dependency cycle as one node (`--condense`).
        case condensed
        /// One node per queue (`--collapse queues`).
        case queues
    }

    /// The DOT source.
    public let dot: String
    public let view: View
    /// The number of nodes drawn, not counting the legend.
    public let nodeCount: Int
    public let edgeCount: Int
    /// Things the user should know, for standard error: a view chosen because the graph is
    /// large, a selection that left nothing to draw.
    public let notes: [String]

    /// Draws `graph` with the findings the linter made on it.
    ///
    /// - Throws: `DrawingError` when `--focus` names no operation or an option is out of range.
    /// - Complexity: O(*n* + *e*) in the operations and dependencies drawn, plus O(*n* + *e*)
    ///   for the strongly connected components when the condensed view is needed.
    public init(graph: OperationGraph, index: GraphIndex, findings: [Finding], options: DrawingOptions) throws {
        if options.depth < 0 { throw DrawingError.invalidOption("--depth must be 0 or more, not \(options.depth)") }
        if let maxNodes = options.maxNodes, maxNodes < 1 {
            throw DrawingError.invalidOption("--max-nodes must be 1 or more, not \(maxNodes)")
        }
        let marks = FindingMarks(findings: findings, graph: graph, index: index)
        let groups = DrawingGroups(graph: graph, index: index)
        let selector = DrawingSelection(graph: graph, index: index, marks: marks)
        var focus: Int?
        var selection: [Bool]?
        if let name = options.focus {
            guard let found = index.operation(named: name) else {
                throw DrawingError.unknownOperation(name, suggestion: selector.nearestName(to: name))
            }
            focus = found
            selection = selector.neighbourhood(of: found, depth: options.depth)
        }
        if options.findingsOnly {
            let involved = selector.involvedInFindings()
            selection = selection.map { zip($0, involved).map { $0 && $1 } } ?? involved
        }
        let selectedCount = selection.map { $0.lazy.filter { $0 }.count } ?? index.operationCount

        var notes: [String] = []
        var view: View = options.collapse == .queues ? .queues : (options.condense ? .condensed : .operations)
        var components: StronglyConnectedComponents?
        if view == .condensed { components = StronglyConnectedComponents(index) }
        if let maxNodes = options.maxNodes, view != .queues, selectedCount > maxNodes {
            let scc = components ?? StronglyConnectedComponents(index)
            let condensedCount = Self.condensedCount(scc, selection: selection)
            if view == .operations && condensedCount <= maxNodes {
                view = .condensed
                components = scc
                notes.append("\(selectedCount) operations exceed --max-nodes \(maxNodes): drawing each dependency cycle as one node "
                    + "(--condense); raise --max-nodes to draw every operation")
            } else {
                view = .queues
                notes.append("\(selectedCount) operations exceed --max-nodes \(maxNodes): drawing one node per queue "
                    + "(--collapse queues); use --focus OP or --findings-only to see operations, or raise --max-nodes")
            }
        }
        if selectedCount == 0 {
            notes.append(options.findingsOnly ? "no operation is named in a finding: nothing to draw" : "no operation to draw")
        }

        let scene: DrawingScene = switch view {
        case .queues:
            QueueView(graph: graph, index: index, marks: marks, groups: groups, options: options, selection: selection).scene()
        case .operations, .condensed:
            OperationView(graph: graph, index: index, marks: marks, groups: groups, options: options,
                          selection: selection, components: components, focus: focus).scene()
        }
        self.dot = scene.dot(options: options)
        self.view = view
        self.nodeCount = scene.nodeCount
        self.edgeCount = scene.edges.count
        self.notes = notes
    }

    /// The number of nodes of the condensed view.
    private static func condensedCount(_ scc: StronglyConnectedComponents, selection: [Bool]?) -> Int {
        var seen = [Bool](repeating: false, count: scc.count)
        var count = 0
        for (i, c) in scc.component.enumerated() where selection?[i] ?? true {
            if !seen[Int(c)] { seen[Int(c)] = true; count += 1 }
        }
        return count
    }
}
