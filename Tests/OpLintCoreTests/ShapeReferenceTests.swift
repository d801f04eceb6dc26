import Testing
import OpLintShapes
@testable import OpLintCore

/// The linear algorithms on small seeded variations of every adversarial shape, checked
/// against the naive reference implementations: strongly connected components, what each
/// root cause blocks, which causes wait behind others, the bounded search, and the stuck
/// report's shared resource nodes.
@Suite struct ShapeReferenceTests {
    static let seeds: [UInt64] = Array(1...6)

    /// Each shape at a few small sizes, then changed at random: extra dependencies that may
    /// close cycles, operations taken off their queue, a queue of width 0, operations that
    /// never finish, self-dependencies.
    static func graphs(seed: UInt64) throws -> [OperationGraph] {
        var random = SeededGenerator(seed: seed)
        var graphs: [OperationGraph] = []
        for shape in GraphShape.allCases {
            for _ in 0..<4 {
                let size = Int.random(in: 3...36, using: &random)
                var graph = try GraphLoader.load(
                    bytes: ShapeGraph(shape, operations: size, seed: random.next()).json(), path: "\(shape.rawValue).json")
                let n = graph.operations.count
                if Bool.random(using: &random) {
                    graph.queues.append(.init(name: "zero", maxConcurrentOperationCount: 0))
                }
                for i in 0..<n {
                    switch Int.random(in: 0..<100, using: &random) {
                    case 0..<6: graph.operations[i].dependencies.append(.init(graph.operations[Int.random(in: 0..<n, using: &random)].name))
                    case 6..<10: graph.operations[i].queue = nil; graph.operations[i].start = .never
                    case 10..<13: if graph.queues.last?.name == "zero" { graph.operations[i].queue = "zero" }
                    case 13..<15: graph.operations[i].finishes = false
                    case 15: graph.operations[i].dependencies.append(.init(graph.operations[i].name))
                    default: break
                    }
                }
                graphs.append(graph)
            }
        }
        return graphs
    }

    @Test(arguments: seeds)
    func componentsMatchMutualReachability(seed: UInt64) throws {
        for graph in try Self.graphs(seed: seed) {
            let index = GraphIndex(graph)
            let naive = NaiveGraph(index)
            let components = StronglyConnectedComponents(index)
            #expect(naive.agrees(with: components))
            for members in components.cycles {
                let cycle = DependencyCycle(members: members, index: index, components: components)
                #expect(cycle.path.count == members.compactMap { naive.shortestCycleLength(through: Int($0)) }.min())
            }
        }
    }

    /// The operations of a cause: its own `operations`, or for a queue cause the operations on the queue.
    static func seeds(of cause: BlockingAnalysis.Cause, _ root: BlockingAnalysis.Root?, _ graph: OperationGraph, _ index: GraphIndex) -> Set<Int> {
        switch cause {
        case .zeroWidthQueue(let q), .suspendedQueue(let q):
            return Set((0..<index.operationCount).filter { graph.operations[$0].start == .queue && index.queueOfOperation[$0] == Int32(q) })
        case .cycle(let i): return Set(StronglyConnectedComponents(index).cycles[i].map(Int.init))
        case .selfDependency(let op), .neverStarted(let op), .unknownQueue(let op), .neverFinishes(let op): return [op]
        }
    }

    /// `naive.reach[a][b]` along dependency paths on which `a` and every operation before `b`
    /// may not be cancelled before it starts.
    static func reachWithoutCancel(_ naive: NaiveGraph, _ mayCancel: (Int) -> Bool) -> [[Bool]] {
        var reach = [[Bool]](repeating: [Bool](repeating: false, count: naive.n), count: naive.n)
        for a in 0..<naive.n where !mayCancel(a) {
            var stack = [a]
            while let x = stack.popLast() {
                for b in naive.edges[x] where !reach[a][b] {
                    reach[a][b] = true
                    if !mayCancel(b) { stack.append(b) }
                }
            }
        }
        return reach
    }

    @Test(arguments: seeds)
    func rootsBlockExactlyWhatReachesThem(seed: UInt64) throws {
        for graph in try Self.graphs(seed: seed) {
            let analysis = GraphAnalysis(graph)
            let index = analysis.index
            let naive = NaiveGraph(index)
            let blocking = analysis.blocking
            #expect(!blocking.isTruncated)
            // Every operation that can never start is listed under a root.
            var listed = [Bool](repeating: false, count: naive.n)
            for root in blocking.roots {
                for op in root.blocked { listed[Int(op)] = true }
                if case .neverFinishes = root.cause { continue }
                for op in root.operations { listed[Int(op)] = true }
            }
            let cancellation = analysis.cancellation
            #expect(listed == naive.neverStarting(in: graph, mayCancel: { cancellation.mayCancel($0) }))

            var allSeeds: [Set<Int>] = []
            for root in blocking.roots { allSeeds.append(Self.seeds(of: root.cause, root, graph, index)) }
            for cause in blocking.dominated { allSeeds.append(Self.seeds(of: cause, nil, graph, index)) }
            let everySeed = allSeeds.reduce(Set<Int>()) { $0.union($1) }
            // Waiting passes no operation a cancel may reach first: cancelled, it ignores its dependencies (S6).
            let reach = Self.reachWithoutCancel(naive, { cancellation.mayCancel($0) })
            let behind = { (s: Int, t: Int) in
                !naive.sameComponent(s, t) && (0..<naive.n).contains { u in naive.sameComponent(u, t) && reach[s][u] }
            }
            for (k, root) in blocking.roots.enumerated() {
                let seeds = allSeeds[k]
                let isQueue = BlockingAnalysis.BlockedSearch.isQueueCause(root.cause)
                // Exactly the operations that wait, directly or not, for one of the root's own.
                let expected = Set((0..<naive.n).filter { a in seeds.contains { reach[a][$0] } && (isQueue || !seeds.contains(a)) })
                    .union(isQueue ? seeds : [])
                #expect(Set(root.blocked.map(Int.init)) == expected, "\(root.cause)")
                #expect(root.blocked.count == Set(root.blocked).count)
                // Each step of the chain is an edge: a blocked operation waits for its `via`.
                for (position, op) in root.blocked.enumerated() where root.via[position] >= 0 {
                    #expect(index.dependencies(of: Int(op)).contains(root.via[position]))
                    let parent = Int(root.viaPosition[position])
                    #expect(parent < 0 ? seeds.contains(Int(root.via[position])) : root.blocked[parent] == root.via[position])
                }
                // A root waits behind no other cause.
                #expect(isQueue || !seeds.contains { s in everySeed.contains { t in behind(s, t) } })
            }
            // A cause left out waits, through a path leaving its own component, behind another one.
            for (k, cause) in blocking.dominated.enumerated() {
                let seeds = allSeeds[blocking.roots.count + k]
                #expect(seeds.contains { s in everySeed.contains { t in behind(s, t) } }, "\(cause)")
            }
        }
    }

    @Test(arguments: seeds)
    func theBoundedSearchListsEachBlockedOperationOnceAndLosesNone(seed: UInt64) throws {
        for graph in try Self.graphs(seed: seed) {
            let analysis = GraphAnalysis(graph)
            let exact = analysis.blocking
            let bounded = BlockingAnalysis(graph, analysis.index, analysis.components, budget: 0)
            #expect(bounded.roots.map(\.cause) == exact.roots.map(\.cause))
            #expect(bounded.roots.allSatisfy { $0.isPartial })
            #expect(bounded.isTruncated == !bounded.roots.isEmpty)
            var seen = Set<Int32>()
            for root in bounded.roots {
                for op in root.blocked { #expect(seen.insert(op).inserted, "\(op) listed twice") }
            }
            // What can never start is the same: listed under a root, or one of a root's own.
            func neverStarting(_ blocking: BlockingAnalysis) -> Set<Int32> {
                blocking.roots.reduce(Set<Int32>()) { all, root in
                    if case .neverFinishes = root.cause { return all.union(root.blocked) }
                    return all.union(root.blocked).union(root.operations)
                }
            }
            #expect(neverStarting(bounded) == neverStarting(exact))
            #expect(bounded.work <= 4 * (analysis.index.operationCount + analysis.index.dependencyTargets.count))
        }
    }

    @Test(arguments: seeds)
    func schedulesOfEveryShapeKeepTheInvariants(seed: UInt64) throws {
        for graph in try Self.graphs(seed: seed) {
            for platform in SimulationPlatform.allCases {
                let options = SimulationOptions(platform: platform)
                let schedule = try Simulator.simulate(graph, options: options)
                SimulationInvariantTests.expectInvariants(
                    schedule, of: graph.expandingCounts(), platform: platform, defaultWidth: SimulationOptions.appleDefaultWidth, "\(platform)")
                #expect(try Simulator.simulate(graph, options: options) == schedule)
            }
        }
    }

    /// What waits behind each cause in a wait-for graph, found naively: every edge to a shared
    /// resource replaced by edges to each of its holders, breadth first, in edge order.
    static func naiveBlocked(_ graph: StuckGraph, causes: [[Int]]) -> [[StuckGraph.BlockedEntry]] {
        let count = graph.nodes.count
        var reverse = [[(source: Int, reason: StuckReport.Reason)]](repeating: [], count: count)
        for v in 0..<count where graph.nodes[v] >= 0 {
            for (k, target) in graph.local(v).enumerated() {
                let t = Int(target)
                let targets = graph.nodes[t] >= 0 ? [t] : graph.local(t).map(Int.init)
                for target in targets { reverse[target].append((v, graph.edge(v, k).reason)) }
            }
        }
        return causes.map { members in
            var seen = Set(members)
            var queue = members
            var found: [StuckGraph.BlockedEntry] = []
            var head = 0
            while head < queue.count {
                let v = queue[head]
                head += 1
                for (source, reason) in reverse[v] where seen.insert(source).inserted {
                    queue.append(source)
                    found.append(.init(operation: graph.nodes[source], via: graph.nodes[v], reason: reason))
                }
            }
            return found
        }
    }

    @Test func sharedResourceNodesFindWhatTheFullEdgesWouldFind() {
        var random = SeededGenerator(seed: 7)
        let reasons: [StuckReport.Reason] = [.dependency, .wait, .barrier, .exclusivity(category: "x")]
        for _ in 0..<400 {
            let operations = Int.random(in: 1...30, using: &random)
            let queueCount = Int.random(in: 1...3, using: &random)
            var graph = StuckGraph(operationCount: operations, queueCount: queueCount)
            for op in 0..<operations { graph.add(op) }
            let resources: [StuckGraph.Resource] = (0..<queueCount).flatMap { [.slots($0), .drain($0)] } + [.threads, .pool(0)]
            var i = 0
            while i < graph.nodes.count {
                let node = graph.nodes[i]
                var edges: [SimulationRun.WaitFor] = []
                if node < 0 {
                    // A resource's holders.
                    for op in 0..<operations where Int.random(in: 0..<4, using: &random) == 0 {
                        edges.append(.init(target: op, reason: .thread, location: nil))
                    }
                } else {
                    for _ in 0..<Int.random(in: 0...3, using: &random) {
                        if Int.random(in: 0..<3, using: &random) == 0, let resource = resources.randomElement(using: &random) {
                            let reason: StuckReport.Reason = switch resource {
                            case .slots(let q): .slot(queue: "q\(q)")
                            case .drain(let q): .queueWait(queue: "q\(q)")
                            case .threads, .pool: .thread
                            }
                            edges.append(.init(target: resource.node(queueCount: queueCount), reason: reason, location: nil))
                        } else {
                            edges.append(.init(target: Int.random(in: 0..<operations, using: &random), reason: reasons.randomElement(using: &random) ?? .dependency, location: nil))
                        }
                    }
                }
                graph.setEdges(i, edges)
                i += 1
            }
            #expect(graph.nodes.allSatisfy { $0 >= 0 || StuckGraph.Resource(node: $0, queueCount: queueCount).map { resources.contains($0) } == true })
            let causes = (0..<Int.random(in: 1...4, using: &random)).map { _ in [Int.random(in: 0..<operations, using: &random)] }
            let fast = graph.blocked(behind: causes).causes
            let naive = Self.naiveBlocked(graph, causes: causes)
            for (f, n) in zip(fast, naive) {
                #expect(!f.isPartial)
                #expect(f.blocked.map(\.operation) == n.map(\.operation))
                #expect(f.blocked.map(\.via) == n.map(\.via))
                #expect(f.blocked.map(\.reason) == n.map(\.reason))
            }
            // With no budget, each operation is listed under one cause at most, and none is lost:
            // what is not listed is one of the causes' own.
            var seen = Set<Int>()
            for cause in graph.blocked(behind: causes, budget: 0).causes {
                #expect(cause.isPartial)
                for entry in cause.blocked { #expect(seen.insert(entry.operation).inserted) }
            }
            let own = Set(causes.joined().map { graph.nodes[$0] })
            #expect(seen.union(own) == Set(naive.flatMap { $0.map(\.operation) }).union(own))
        }
    }
}
