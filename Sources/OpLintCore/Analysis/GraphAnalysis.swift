/// An operation graph with everything the rules share computed once, on first use.
///
/// Thread-safe: rules may run in parallel over one analysis; what they share is computed by
/// the first that asks for it.
public final class GraphAnalysis: @unchecked Sendable {
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
    public var components: StronglyConnectedComponents { computedComponents.get { StronglyConnectedComponents(index) } }

    /// From this many dependency cycles on, they are analysed, and reported, on two threads.
    static let parallelCycles = 2_000

    /// Each dependency cycle (component of two or more operations), analysed on first use.
    public var cycles: [DependencyCycle] {
        computedCycles.get {
            let components = self.components
            let cycles = components.cycles
            // Thousands of small cycles: each is independent work, half of it for another core.
            return Parallel.map(cycles.count, threshold: Self.parallelCycles) { k in
                DependencyCycle(members: cycles[k], index: index, components: components)
            }
        }
    }

    /// Root causes of operations that can never start, and what each blocks.
    public var blocking: BlockingAnalysis { computedBlocking.get { BlockingAnalysis(graph, index, components) } }

    /// Operations whose start is only assumed: extraction takes them as enqueued because they
    /// are handed to code it does not read (`SourceFacts.assumedStarts`).
    public var assumedStarts: Set<Int> {
        computedAssumedStarts.get {
            Set(graph.sourceFacts.assumedStarts.compactMap { index.operation(named: $0.operation) })
        }
    }

    /// Whether operation `i` is added to a queue or started by hand for certain: its start is
    /// neither `never` nor only assumed. What a rule claims *must* happen rests on these.
    public func isSurelyStarted(_ operation: Int) -> Bool {
        graph.operations.start(at: operation) != .never
            && (graph.sourceFacts.assumedStarts.isEmpty || !assumedStarts.contains(operation))
    }

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
            let place = graph.operations.dependencyPlace(d, at: waiter)
            return graph.location(place.location, place.position) ?? location(ofOperation: waiter)
        case .exclusivity:
            return location(ofOperation: waiter)
        }
    }

    /// Which operations a cancel may reach before they start (S6, S20).
    var cancellation: CancellationReach { computedCancellation.get { CancellationReach(graph, index) } }

    /// The schedules the scheduling rules simulate to judge deadlocks that depend on timing.
    var schedules: ExploredSchedules { computedSchedules.get { ExploredSchedules(self) } }

    /// Which scheduling features the graph uses (priorities, reads and writes, …), in one pass.
    public var schedulingFeatures: SchedulingFeatures { computedFeatures.get { SchedulingFeatures(graph, index) } }

    private let computedComponents = Computed<StronglyConnectedComponents>()
    private let computedCycles = Computed<[DependencyCycle]>()
    private let computedBlocking = Computed<BlockingAnalysis>()
    private let computedCancellation = Computed<CancellationReach>()
    private let computedSchedules = Computed<ExploredSchedules>()
    private let computedFeatures = Computed<SchedulingFeatures>()
    private let computedAssumedStarts = Computed<Set<Int>>()
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
