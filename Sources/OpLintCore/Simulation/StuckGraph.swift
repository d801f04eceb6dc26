/// The wait-for graph of a stuck simulation, kept linear in size: a waiter that needs one of
/// many holders — a slot of a full queue, a thread, a queue to drain — points to one shared
/// node for that resource, and the resource points to its holders, instead of one edge per
/// (waiter, holder) pair. Reachability, and so cycles and what waits behind them, are the same.
struct StuckGraph {
    typealias WaitFor = SimulationRun.WaitFor

    /// What a shared node stands for.
    enum Resource: Equatable {
        /// The slots of a full queue: held by the operations executing on it.
        case slots(Int)
        /// A queue waited on to drain (`waitUntilAllOperationsAreFinished`): its unfinished operations.
        case drain(Int)
        /// Apple model: the global thread limit.
        case threads
        /// Linux model: one thread pool.
        case pool(Int)

        /// The resource a node stands for, or nil for an operation.
        init?(node: Int, queueCount: Int) {
            guard node < 0 else { return nil }
            let id = -1 - node
            switch id {
            case ..<queueCount: self = .slots(id)
            case ..<(2 * queueCount): self = .drain(id - queueCount)
            case 2 * queueCount: self = .threads
            default: self = .pool(id - 2 * queueCount - 1)
            }
        }

        /// The node of the resource: negative, so it never collides with an operation.
        func node(queueCount: Int) -> Int {
            switch self {
            case .slots(let q): -1 - q
            case .drain(let q): -1 - (queueCount + q)
            case .threads: -1 - 2 * queueCount
            case .pool(let p): -1 - (2 * queueCount + 1 + p)
            }
        }
    }

    /// An operation found behind a cause, the operation it waits for on the way, and why.
    struct BlockedEntry {
        var operation: Int
        var via: Int
        var reason: StuckReport.Reason
    }

    /// Each node: an operation index, or a resource's (negative) node.
    private(set) var nodes: [Int] = []
    /// The edges of every node whose edges are set, node after node: node `v`'s are at
    /// `edgeStart[v]..<edgeStart[v + 1]`, by target operation or resource node in
    /// `edgeList`, as local node numbers in `targets`. Flat, so that a million stuck
    /// operations do not allocate two million small arrays.
    private(set) var edgeStart: [Int32] = [0]
    private var edgeList: [WaitFor] = []
    private(set) var targets: [Int32] = []
    private var operationNode: [Int32]
    private var resourceNode: [Int: Int] = [:]

    init(operationCount: Int, queueCount: Int) {
        operationNode = [Int32](repeating: -1, count: operationCount)
    }

    /// The local number of `node`, adding it when it is new.
    @discardableResult
    mutating func add(_ node: Int) -> Int {
        if node >= 0, operationNode[node] >= 0 { return Int(operationNode[node]) }
        if node < 0, let known = resourceNode[node] { return known }
        let v = nodes.count
        if node >= 0 { operationNode[node] = Int32(v) } else { resourceNode[node] = v }
        nodes.append(node)
        return v
    }

    /// Sets the edges of local node `v`, the next node without edges (nodes get their edges
    /// in order); their targets join the graph.
    mutating func setEdges(_ v: Int, _ list: [WaitFor]) {
        precondition(v == edgeStart.count - 1, "edges are set node after node")
        edgeList.append(contentsOf: list)
        for edge in list { targets.append(Int32(add(edge.target))) }
        edgeStart.append(Int32(targets.count))
    }

    /// The targets of node `v`'s edges, as local node numbers.
    func local(_ v: Int) -> ArraySlice<Int32> {
        targets[Int(edgeStart[v])..<Int(edgeStart[v + 1])]
    }

    /// Edge `k` of node `v`.
    func edge(_ v: Int, _ k: Int) -> WaitFor {
        edgeList[Int(edgeStart[v]) + k]
    }

    /// For each member of a cycle (local numbers, in order), its edges inside the cycle, a
    /// shared resource replaced by at most `limit` of its holders inside the cycle, and how
    /// many holders were left out.
    ///
    /// - Complexity: O(edges of the component + members · `limit`).
    func innerEdges(of members: [Int], in component: [Int], limit: Int) -> [(edges: [WaitFor], omitted: Int)] {
        let inside = Set(component)
        var holders: [Int: [Int]] = [:]
        for r in component where nodes[r] < 0 { holders[r] = local(r).map(Int.init).filter { inside.contains($0) } }
        return members.map { v in
            var list: [WaitFor] = []
            var omitted = 0
            for (k, target) in local(v).enumerated() where inside.contains(Int(target)) {
                let t = Int(target)
                let edge = self.edge(v, k)
                guard nodes[t] < 0 else { list.append(edge); continue }
                let held = holders[t] ?? []
                for h in held.prefix(limit) { list.append(WaitFor(target: nodes[h], reason: edge.reason, location: edge.location)) }
                omitted += max(0, held.count - limit)
            }
            return (list, omitted)
        }
    }

    /// What waits behind each cause (its members as local numbers): breadth-first over the
    /// reversed edges, a resource passed through as if its waiters waited for each holder.
    ///
    /// Every cause is searched in full while `budget` lasts (default: two visits of every
    /// node and edge, plus a hundred thousand); after that each further cause lists only the
    /// operations no earlier cause listed, and is marked partial. `work` counts the reversed
    /// edges visited.
    /// - Complexity: O((*v* + *e*) log *e* + budget).
    func blocked(behind causes: [[Int]], budget: Int? = nil) -> (causes: [(blocked: [BlockedEntry], isPartial: Bool)], work: Int) {
        let count = nodes.count
        let edgeCount = targets.count
        precondition(edgeStart.count == count + 1, "every node's edges are set")
        // Each node's waiters as positions of their edges, in increasing position: in the
        // order of (waiter, edge), as the waiters' own edge lists have them.
        let waiters = IndexGroups(count: edgeCount, keyCount: count) { targets[$0] }
        var owner = [Int32](repeating: 0, count: edgeCount)
        for v in 0..<count { for e in Int(edgeStart[v])..<Int(edgeStart[v + 1]) { owner[e] = Int32(v) } }
        let allowed = budget ?? 2 * (count + edgeCount) + 100_000
        var remaining = allowed
        var stamp = [Int](repeating: -1, count: count)
        var listed = [Bool](repeating: false, count: count)
        var result: [(blocked: [BlockedEntry], isPartial: Bool)] = []
        // The edges (positions) of the waiters found at one node.
        var sources: [Int32] = []
        for (c, members) in causes.enumerated() {
            let partial = remaining <= 0
            var queue = members
            for v in queue { stamp[v] = c }
            var blocked: [BlockedEntry] = []
            var head = 0
            while head < queue.count {
                let v = queue[head]
                head += 1
                // The waiters of v in the order of the waiters' own edges: direct ones, and those
                // of every resource v holds that this search has not passed through yet.
                sources.removeAll(keepingCapacity: true)
                var merged = false
                for edge in waiters[v] {
                    let source = Int(owner[Int(edge)])
                    if nodes[source] >= 0 {
                        sources.append(edge)
                    } else if stamp[source] != c {
                        stamp[source] = c
                        sources.append(contentsOf: waiters[source])
                        merged = true
                    }
                }
                if merged { sources.sort() }
                remaining -= sources.count + waiters[v].count
                for edge in sources {
                    let source = Int(owner[Int(edge)])
                    guard stamp[source] != c else { continue }
                    stamp[source] = c
                    if partial && listed[source] { continue }
                    listed[source] = true
                    queue.append(source)
                    blocked.append(BlockedEntry(operation: nodes[source], via: nodes[v], reason: edgeList[Int(edge)].reason))
                }
            }
            result.append((blocked, partial))
        }
        return (result, allowed - remaining)
    }
}
