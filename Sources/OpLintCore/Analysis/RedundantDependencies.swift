/// Dependencies implied by others: `c` waits for `a` when `c` already waits for `b`, which waits
/// for `a`. The edges Graphviz `tred` would remove (transitive reduction).
public struct RedundantDependencies: Sendable {
    /// One redundant edge, and the operation through which it is implied.
    public struct Edge: Sendable, Hashable {
        /// The waiter.
        public let waiter: Int32
        /// Position in `GraphIndex.dependencyTargets` of the redundant edge.
        public let position: Int
        /// The first of `waiter`'s other direct dependencies, in the order of its edges
        /// (declared dependencies in declaration order, then implicit exclusivity edges), from
        /// which the target is reachable.
        public let via: Int32
    }

    /// The redundant edges, each reported once, in the order of the edges.
    public let edges: [Edge]
    /// Operations with several dependencies that were not judged because the work budget ran
    /// out, in declaration order; empty unless the graph is adversarial.
    public let unjudged: [Int32]
    /// The steps judging took: dependencies and labels looked at, edges followed by searches.
    public let work: Int
    /// How many searches judging needed: for one pair, and towards many targets at once.
    let searches: (pairs: Int, wide: Int)

    /// The default work budget: 16 steps per operation and per dependency, and at least
    /// 4,000,000. The benchmark's workloads take about 1 per operation and dependency.
    ///
    /// - Complexity: O(1).
    public static func defaultBudget(_ index: GraphIndex) -> Int {
        max(4_000_000, 16 * (index.operationCount + index.dependencyTargets.count))
    }

    /// Judges every explicit dependency outside cycles: it is redundant when another direct
    /// dependency of the same operation reaches its target.
    ///
    /// Implicit exclusivity edges count as paths but are never reported, and paths through
    /// cycles count. The work runs on the condensation of the graph (each strongly connected
    /// component one node) numbered in topological order, so a dependency can only be implied
    /// by another one numbered higher, and only operations with dependencies in two components
    /// or more are judged. Most pairs are answered at once by labels (`Reachability`): exactly
    /// for nearby components, by spans and landmarks for far ones; the rest by a search from
    /// both ends that stays between them. Exact: the budget, when spent, leaves the remaining
    /// operations in `unjudged` and judges nothing more.
    /// - Complexity: O(*n* + *e*) for the labels and the candidates, plus per candidate
    ///   operation O(*d* log *d*) for its *d* dependencies and the searches its pairs need;
    ///   at most `budget` steps for those (`defaultBudget` when nil); O(*n* + *e*) memory.
    public init(_ index: GraphIndex, _ components: StronglyConnectedComponents, budget: Int? = nil) {
        self.init(index, components, budget: budget, landmarks: Reachability.landmarkCount, localLandmarks: true)
    }

    /// Judges with `landmarks` landmarks in the labels, and local landmarks or not (fewer only
    /// to test the searches).
    init(_ index: GraphIndex, _ components: StronglyConnectedComponents, budget: Int?, landmarks: Int, localLandmarks: Bool) {
        let candidates = Candidates(index, components)
        let n = index.operationCount
        var degree = 0
        for waiter in 0..<n { degree = max(degree, index.dependencyEdges(of: waiter).count) }
        guard degree >= 2 else {
            edges = []
            unjudged = []
            work = 0
            searches = (0, 0)
            return
        }
        let condensation = Condensation(index, components)
        let reachability = Reachability(condensation, landmarks: landmarks, localLandmarks: localLandmarks)
        let budget = budget ?? Self.defaultBudget(index)
        var judge = Judge(count: condensation.count, degree: degree)
        var found: [Edge] = []
        var stopped: Int?
        condensation.withView { graph in
        reachability.withView { labels in
        index.dependencyStart.withUnsafeBufferPointer { dependencyStart in
        index.dependencyTargets.withUnsafeBufferPointer { dependencyTargets in
        components.component.withUnsafeBufferPointer { component in
        candidates.cyclic.withUnsafeBufferPointer { cyclic in
            let inputs = Inputs(
                dependencyStart: dependencyStart, dependencyTargets: dependencyTargets, component: component,
                candidates: candidates, graph: graph, labels: labels, budget: budget)
            for waiter in 0..<n where dependencyStart[waiter + 1] - dependencyStart[waiter] >= 2 && !cyclic[Int(component[waiter])] {
                if !judge.judge(waiter, stamp: Int32(waiter), inputs, into: &found) {
                    stopped = waiter
                    break
                }
            }
        }}}}}}
        self.edges = found
        self.unjudged = stopped.map { stopped in (stopped..<n).filter { candidates.isCandidate($0) }.map(Int32.init) } ?? []
        self.work = judge.work
        self.searches = judge.searches
    }
}
