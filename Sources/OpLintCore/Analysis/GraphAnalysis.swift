/// An operation graph with everything the rules share computed once, on first use.
///
/// Not thread-safe: rules run one after another over one analysis.
public final class GraphAnalysis {
    public let graph: OperationGraph
    public let index: GraphIndex
    public let options: AnalysisOptions

    /// - Complexity: O(*n* + *e*); the rest is computed when a rule first asks for it.
    public init(_ graph: OperationGraph, options: AnalysisOptions = AnalysisOptions()) {
        self.graph = graph
        self.index = GraphIndex(graph)
        self.options = options
    }

    /// The strongly connected components of the dependency graph.
    public private(set) lazy var components = StronglyConnectedComponents(index)

    /// Each dependency cycle (component of two or more operations), analysed on first use.
    public private(set) lazy var cycles: [DependencyCycle] = components.cycles.map {
        DependencyCycle(members: $0, index: index, components: components)
    }

    /// Root causes of operations that can never start, and what each blocks.
    public private(set) lazy var blocking = BlockingAnalysis(graph, index, components)

    /// The name of operation `i`.
    public func name(_ operation: Int) -> String { graph.operations.name(at: operation) }

    /// Where operation `i` is created or declared.
    public func location(ofOperation operation: Int) -> SourceLocation {
        graph.location(ofOperation: operation) ?? graph.fallbackLocation
    }

    /// Where queue `q` is created or declared.
    public func location(ofQueue queue: Int) -> SourceLocation {
        graph.location(of: graph.queues[queue]) ?? graph.fallbackLocation
    }

    /// Where the edge at `position` in `index.dependencyTargets`, leaving `waiter`, was made.
    public func location(ofEdge position: Int, from waiter: Int) -> SourceLocation {
        switch index.origin(ofEdge: position) {
        case .dependency(let d):
            return graph.location(of: graph.operations.dependency(d, at: waiter)) ?? location(ofOperation: waiter)
        case .exclusivity:
            return location(ofOperation: waiter)
        }
    }

    /// Which operations a cancel may reach before they start (S6, S20).
    private(set) lazy var cancellation = CancellationReach(graph, index)

    /// The schedules the scheduling rules simulate to judge deadlocks that depend on timing.
    private(set) lazy var schedules = ExploredSchedules(self)

    /// Which scheduling features the graph uses (priorities, reads and writes, …), in one pass.
    public private(set) lazy var schedulingFeatures = SchedulingFeatures(graph, index)
}

/// Settings of the analysis that rules read.
public struct AnalysisOptions: Sendable {
    /// Operations above which redundant-dependency (OPL107) is skipped unless forced.
    public var redundantDependencyLimit: Int
    /// Run redundant-dependency whatever the size.
    public var forceRedundantDependency: Bool
    /// The most steps redundant-dependency may take; nil for `RedundantDependencies.defaultBudget`.
    public var redundantDependencyBudget: Int?

    public init(redundantDependencyLimit: Int = 200_000, forceRedundantDependency: Bool = false, redundantDependencyBudget: Int? = nil) {
        self.redundantDependencyLimit = redundantDependencyLimit
        self.forceRedundantDependency = forceRedundantDependency
        self.redundantDependencyBudget = redundantDependencyBudget
    }
}
