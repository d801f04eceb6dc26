/// The "cannot finish before" graph of the scheduling rules: an edge `a → b` means that `a`
/// never finishes before `b` does, in any schedule — `a` depends on `b` (S3, with the
/// implicit edges of exclusivity, S21), calls `b.waitUntilFinished()` (S19), or calls
/// `waitUntilAllOperationsAreFinished()` on the queue of `b` with `b` added no later than
/// `a` (so `b` is in the queue when `a` starts and waits).
///
/// Queue waits go through one virtual node per queue member, in order of addition: node
/// *k* of a queue stands for its first *k* members and leads to member *k* and to node
/// *k* - 1, so a thousand waits on a queue of a thousand operations are two thousand edges,
/// not a million. A cycle of this graph is a set of operations none of which can finish
/// first: a deadlock in every schedule, unless a cancel releases one of them.
struct WaitGraph {
    /// How an edge leaves an operation, for messages.
    enum Step: Equatable {
        /// The edge at this position in `GraphIndex.dependencyTargets`.
        case dependency(edge: Int)
        /// `GraphIndex.operationWaits[index]`.
        case wait(index: Int)
        /// `GraphIndex.queueWaits[index]`.
        case queueWait(index: Int)
    }

    /// One edge between operations, with virtual nodes skipped: `waiter` cannot finish before `target`.
    struct Link: Equatable {
        var waiter: Int
        var target: Int
        var step: Step
    }

    let operationCount: Int
    /// Adjacency over operations, then virtual nodes.
    private(set) var start: [Int32] = []
    private(set) var targets: [Int32] = []
    /// Per edge: ≥ 0 a dependency edge position; -1 - w an operation wait; -1 - waits - w a queue wait; Int32.min inside a queue.
    private var steps: [Int32] = []
    /// Per queue, its first virtual node, or -1 when nobody waits for it; its members by addition.
    private var prefixBase: [Int32]
    private var members: [[Int32]]
    /// The strongly connected component of each node.
    private(set) var component: [Int32] = []
    /// Per component, whether an event may cancel one of its operations before it starts.
    private(set) var componentMayBeCancelled: [Bool] = []
    /// Per component, whether each operation of it that an event may cancel depends on another
    /// one of it and is on a queue wider than one: it cannot start before the cancel comes,
    /// and once cancelled it finishes (S6), so the cycle breaks.
    private(set) var componentSurelyReleased: [Bool] = []
    private let waitCount: Int32

    /// - Complexity: O(*n* + *e* + *w* log *n*) for *w* waits.
    init(_ analysis: GraphAnalysis, cancellation: CancellationReach) {
        let index = analysis.index
        let operations = analysis.graph.operations
        let n = index.operationCount
        operationCount = n
        waitCount = Int32(index.operationWaits.count)
        prefixBase = [Int32](repeating: -1, count: analysis.graph.queues.count)
        members = [[Int32]](repeating: [], count: analysis.graph.queues.count)
        var virtualCount = 0
        for wait in index.queueWaits where prefixBase[Int(wait.queue)] < 0 {
            prefixBase[Int(wait.queue)] = 0
        }
        for (op, queue) in index.queueOfOperation.enumerated() where queue >= 0 && prefixBase[Int(queue)] >= 0 && operations.start(at: op) == .queue {
            members[Int(queue)].append(Int32(op))
        }
        for q in prefixBase.indices where prefixBase[q] >= 0 {
            members[q].sort { (operations.addedAt(at: Int($0)), $0) < (operations.addedAt(at: Int($1)), $1) }
            prefixBase[q] = Int32(n + virtualCount)
            virtualCount += members[q].count
        }
        let nodes = n + virtualCount

        var degree = [Int32](repeating: 0, count: nodes + 1)
        for op in 0..<n { degree[op + 1] = Int32(index.dependencyEdges(of: op).count) }
        for wait in index.operationWaits { degree[Int(wait.waiter) + 1] += 1 }
        var queueWaitNode = [Int32](repeating: -1, count: index.queueWaits.count)
        for (w, wait) in index.queueWaits.enumerated() {
            let included = Self.includedCount(members[Int(wait.queue)], upTo: operations.addedAt(at: Int(wait.waiter)), operations)
            guard included > 0 else { continue }
            queueWaitNode[w] = prefixBase[Int(wait.queue)] + Int32(included - 1)
            degree[Int(wait.waiter) + 1] += 1
        }
        for q in prefixBase.indices where prefixBase[q] >= 0 {
            for k in members[q].indices { degree[Int(prefixBase[q]) + k + 1] = k == 0 ? 1 : 2 }
        }
        for i in 0..<nodes { degree[i + 1] += degree[i] }
        var fill = degree
        var targets = [Int32](repeating: 0, count: Int(degree[nodes]))
        var steps = targets
        func add(_ from: Int, _ to: Int32, _ step: Int32) {
            let slot = Int(fill[from])
            targets[slot] = to
            steps[slot] = step
            fill[from] += 1
        }
        for op in 0..<n {
            for edge in index.dependencyEdges(of: op) { add(op, index.dependencyTargets[edge], Int32(edge)) }
        }
        for (w, wait) in index.operationWaits.enumerated() { add(Int(wait.waiter), wait.target, -1 - Int32(w)) }
        for (w, wait) in index.queueWaits.enumerated() where queueWaitNode[w] >= 0 {
            add(Int(wait.waiter), queueWaitNode[w], -1 - waitCount - Int32(w))
        }
        for q in prefixBase.indices where prefixBase[q] >= 0 {
            for (k, member) in members[q].enumerated() {
                let node = Int(prefixBase[q]) + k
                add(node, member, Int32.min)
                if k > 0 { add(node, Int32(node - 1), Int32.min) }
            }
        }
        start = degree
        self.targets = targets
        self.steps = steps

        let components = WaitForComponents(start: degree, targets: targets)
        var component = [Int32](repeating: -1, count: nodes)
        var cancellable = [Bool](repeating: false, count: components.count)
        for c in 0..<components.count {
            for node in components.component(c) {
                component[node] = Int32(c)
                if node < n && cancellation.mayCancel(node) { cancellable[c] = true }
            }
        }
        var released = [Bool](repeating: true, count: components.count)
        for op in 0..<n where cancellation.mayCancel(op) {
            let c = Int(component[op])
            let pending = index.dependencies(of: op).contains { component[Int($0)] == component[op] }
            let queue = Int(index.queueOfOperation[op])
            let wide = queue >= 0 && !ForcedOrder.isSerial(analysis.graph.queues[queue], analysis.graph)
                && analysis.graph.queues[queue].maxConcurrentOperationCount != 0
            if !pending || !wide { released[c] = false }
        }
        self.component = component
        componentMayBeCancelled = cancellable
        componentSurelyReleased = released
    }

    /// How many of a queue's members (by addition) are added no later than `time`.
    private static func includedCount(_ members: [Int32], upTo time: Double, _ operations: OperationGraph.OperationList) -> Int {
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            if operations.addedAt(at: Int(members[middle])) <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The node a queue wait leads to, or nil when no member of the queue is added by the waiter's addition.
    func node(ofQueueWait w: Int, in analysis: GraphAnalysis) -> Int? {
        let wait = analysis.index.queueWaits[w]
        let waiter = Int(wait.waiter)
        for edge in edges(of: waiter) where steps[edge] == -1 - waitCount - Int32(w) { return Int(targets[edge]) }
        return nil
    }

    /// Positions in `targets` of the edges leaving `node`.
    func edges(of node: Int) -> Range<Int> { Int(start[node])..<Int(start[node + 1]) }

    /// The node at the end of edge `edge`.
    func target(ofEdge edge: Int) -> Int { Int(targets[edge]) }

    /// Whether edge `edge` is a dependency (explicit or of exclusivity).
    func isDependency(_ edge: Int) -> Bool { steps[edge] >= 0 }

    /// Whether `node` is an operation (not a virtual node of a queue wait).
    func isOperation(_ node: Int) -> Bool { node < operationCount }

    /// Whether two nodes are on one cycle.
    func sameCycle(_ a: Int, _ b: Int) -> Bool { component[a] == component[b] }

    /// Whether an event may cancel an operation of `node`'s component before it starts.
    func cycleMayBeCancelled(_ node: Int) -> Bool { componentMayBeCancelled[Int(component[node])] }

    /// Whether the cancels that reach `node`'s component surely break it (see `componentSurelyReleased`).
    func cycleSurelyReleased(_ node: Int) -> Bool { componentSurelyReleased[Int(component[node])] }

    /// The links between operations of a path of nodes, virtual nodes skipped. A path that
    /// starts at a virtual node continues the link `entry` (the queue wait that leads to it).
    func links(along path: [Int], edges pathEdges: [Int], entry: (waiter: Int, step: Step)? = nil) -> [Link] {
        var links: [Link] = []
        var waiter = entry?.waiter ?? -1
        var step = entry?.step ?? Step.dependency(edge: 0)
        for (k, edge) in pathEdges.enumerated() {
            let from = path[k]
            let to = path[k + 1]
            if isOperation(from) {
                waiter = from
                let raw = steps[edge]
                if raw >= 0 {
                    step = .dependency(edge: Int(raw))
                } else if raw > -1 - waitCount {
                    step = .wait(index: Int(-1 - raw))
                } else {
                    step = .queueWait(index: Int(-1 - waitCount - raw))
                }
            }
            if isOperation(to) && waiter >= 0 {
                links.append(Link(waiter: waiter, target: to, step: step))
            }
        }
        return links
    }
}

extension WaitGraph {
    /// A breadth-first search over the graph that visits at most `limit` nodes, reusable for
    /// many searches.
    struct Search {
        let graph: WaitGraph
        private var stamp: [UInt32]
        private var generation: UInt32 = 0
        private var parent: [Int32]
        private var parentEdge: [Int32]
        private var frontier: [Int32] = []
        /// Nodes visited by all searches so far.
        private(set) var work = 0

        init(_ graph: WaitGraph) {
            self.graph = graph
            let nodes = graph.start.count - 1
            stamp = [UInt32](repeating: 0, count: nodes)
            parent = [Int32](repeating: -1, count: nodes)
            parentEdge = [Int32](repeating: -1, count: nodes)
        }

        /// Searches from `source` for a node `stop` accepts (never `source`), entering only
        /// operations `allow` accepts; nil when none is found within `limit` nodes.
        /// With `dependenciesOfSource`, only the source's dependency edges are followed from it.
        mutating func run(from source: Int, limit: Int, dependenciesOfSource: Bool = false, allow: (Int) -> Bool, stop: (Int) -> Bool) -> Int? {
            generation &+= 1
            if generation == 0 {
                for i in stamp.indices { stamp[i] = 0 }
                generation = 1
            }
            frontier.removeAll(keepingCapacity: true)
            stamp[source] = generation
            parent[source] = -1
            frontier.append(Int32(source))
            var head = 0
            while head < frontier.count && head < limit {
                let node = Int(frontier[head])
                head += 1
                work += 1
                for edge in graph.edges(of: node) {
                    if dependenciesOfSource && node == source && !graph.isDependency(edge) { continue }
                    let next = graph.target(ofEdge: edge)
                    guard stamp[next] != generation else { continue }
                    if graph.isOperation(next) && !allow(next) { continue }
                    stamp[next] = generation
                    parent[next] = Int32(node)
                    parentEdge[next] = Int32(edge)
                    if graph.isOperation(next) && stop(next) { return next }
                    frontier.append(Int32(next))
                }
            }
            return nil
        }

        /// The links from the last search's source to `node`; `entry` leads to a virtual source.
        func links(to node: Int, entry: (waiter: Int, step: Step)? = nil) -> [Link] {
            var path = [node]
            var edges: [Int] = []
            var current = node
            while parent[current] >= 0 {
                edges.append(Int(parentEdge[current]))
                current = Int(parent[current])
                path.append(current)
            }
            return graph.links(along: path.reversed(), edges: edges.reversed(), entry: entry)
        }
    }
}
