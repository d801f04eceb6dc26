import Testing
@testable import OpLintCore

/// The fast graph algorithms, checked against naive reference implementations on thousands of
/// seeded random graphs of 0 to a few hundred operations, with and without cycles.
@Suite struct AnalysisReferenceTests {
    static let seeds: [UInt64] = Array(1...8)

    /// Graphs per seed: many small ones and a few large ones.
    static func graphs(seed: UInt64) -> [OperationGraph] {
        var generator = SeededGenerator(seed: seed)
        var graphs: [OperationGraph] = []
        for i in 0..<300 {
            let size = i % 50 == 0 ? Int.random(in: 100...220, using: &generator) : Int.random(in: 0...40, using: &generator)
            graphs.append(RandomGraphs.make(size: size, cyclic: i % 3 != 0, generator: &generator))
        }
        return graphs
    }

    @Test(arguments: seeds)
    func componentsMatchMutualReachability(seed: UInt64) {
        for graph in Self.graphs(seed: seed) {
            let index = GraphIndex(graph)
            let naive = NaiveGraph(index)
            let components = StronglyConnectedComponents(index)
            #expect(naive.agrees(with: components))
            // Topological numbering: an edge never goes to a later-completed component.
            for a in 0..<naive.n {
                for b in naive.edges[a] { #expect(components.component[b] <= components.component[a]) }
            }
            let cyclicMembers = Set(components.cycles.flatMap { $0 }.map(Int.init))
            let naiveCyclic = Set((0..<naive.n).filter { a in (0..<naive.n).contains { b in b != a && naive.sameComponent(a, b) } })
            #expect(cyclicMembers == naiveCyclic)
        }
    }

    @Test(arguments: seeds)
    func cyclesAreShortestAndFeedbackEdgesBreakThem(seed: UInt64) {
        for graph in Self.graphs(seed: seed) {
            let index = GraphIndex(graph)
            let naive = NaiveGraph(index)
            let components = StronglyConnectedComponents(index)
            for members in components.cycles {
                let cycle = DependencyCycle(members: members, index: index, components: components)
                // The path is a real cycle: each step is an edge, the last returns to the first.
                #expect(!cycle.path.isEmpty)
                for (step, position) in cycle.pathEdges.enumerated() {
                    let from = Int(cycle.path[step])
                    let to = Int(cycle.path[(step + 1) % cycle.path.count])
                    #expect(index.dependencyEdges(of: from).contains(position))
                    #expect(Int(index.dependencyTargets[position]) == to)
                }
                #expect(Set(cycle.path).count == cycle.path.count)
                // It is as short as the shortest cycle through any member.
                let shortest = members.compactMap { naive.shortestCycleLength(through: Int($0)) }.min()
                #expect(cycle.path.count == shortest)
                // Removing the suggested edges leaves the component acyclic.
                let removed = cycle.feedbackEdges.map { (index.waiter(ofEdge: $0), Int(index.dependencyTargets[$0])) }
                let nodes = Set(members.map(Int.init))
                #expect(naive.hasCycle(nodes: nodes, removed: []))
                #expect(!naive.hasCycle(nodes: nodes, removed: removed))
                #expect(!cycle.feedbackEdges.isEmpty && cycle.feedbackEdges.count <= cycle.members.count * 3)
            }
        }
    }

    /// The feedback edges are exactly those of the Eades–Lin–Smyth ordering computed naively:
    /// sinks first, then sources, else the operation with the highest out − in degree (the
    /// earliest declared on ties), each chosen by a scan of every remaining operation.
    @Test(arguments: seeds)
    func feedbackEdgesFollowTheGreedyOrdering(seed: UInt64) {
        for graph in Self.graphs(seed: seed) {
            let index = GraphIndex(graph)
            let components = StronglyConnectedComponents(index)
            for members in components.cycles {
                let cycle = DependencyCycle(members: members, index: index, components: components)
                #expect(cycle.feedbackEdges == Self.naiveFeedbackEdges(members: members, index: index, components: components))
            }
        }
    }

    /// Eades–Lin–Smyth by rescanning: O(m²) but obviously the definition.
    static func naiveFeedbackEdges(members: [Int32], index: GraphIndex, components: StronglyConnectedComponents) -> [Int] {
        let inside = Set(members)
        let componentOf = components.component[Int(members[0])]
        // Internal edges in execution order: (dependency, waiter, position).
        var edges: [(from: Int32, to: Int32, position: Int)] = []
        for waiter in members {
            for position in index.dependencyEdges(of: Int(waiter)) {
                let dependency = index.dependencyTargets[position]
                guard dependency != waiter, inside.contains(dependency), components.component[Int(dependency)] == componentOf else { continue }
                edges.append((dependency, waiter, position))
            }
        }
        var remaining = members
        var front: [Int32] = []
        var back: [Int32] = []
        var sinks: [Int32] = []
        var sources: [Int32] = []
        func degrees(_ node: Int32) -> (out: Int, in: Int) {
            let alive = Set(remaining)
            let out = edges.filter { $0.from == node && alive.contains($0.to) }.count
            let into = edges.filter { $0.to == node && alive.contains($0.from) }.count
            return (out, into)
        }
        for node in members {
            let d = degrees(node)
            if d.out == 0 { sinks.append(node) } else if d.in == 0 { sources.append(node) }
        }
        func remove(_ node: Int32) {
            let before = Dictionary(uniqueKeysWithValues: remaining.map { ($0, degrees($0)) })
            remaining.removeAll { $0 == node }
            for edge in edges where edge.from == node && remaining.contains(edge.to) {
                if degrees(edge.to).in == 0 && before[edge.to]!.in > 0 && degrees(edge.to).out > 0 { sources.append(edge.to) }
            }
            for edge in edges where edge.to == node && remaining.contains(edge.from) {
                if degrees(edge.from).out == 0 && before[edge.from]!.out > 0 { sinks.append(edge.from) }
            }
        }
        while !remaining.isEmpty {
            if let sink = sinks.popLast() {
                if remaining.contains(sink) && degrees(sink).out == 0 { back.append(sink); remove(sink) }
                continue
            }
            if let source = sources.popLast() {
                if remaining.contains(source) && degrees(source).in == 0 { front.append(source); remove(source) }
                continue
            }
            let best = remaining.max { a, b in
                let (da, db) = (degrees(a), degrees(b))
                let (ka, kb) = (da.out - da.in, db.out - db.in)
                return ka != kb ? ka < kb : a > b
            }!
            front.append(best)
            remove(best)
        }
        let order = front + back.reversed()
        var rank: [Int32: Int] = [:]
        for (position, node) in order.enumerated() { rank[node] = position }
        return edges.filter { rank[$0.from]! > rank[$0.to]! }.map(\.position).sorted()
    }

    @Test(arguments: seeds)
    func blockedOperationsMatchFixpoint(seed: UInt64) {
        for graph in Self.graphs(seed: seed) {
            let analysis = GraphAnalysis(graph)
            let index = analysis.index
            let naive = NaiveGraph(index)
            let neverStarts = naive.neverStarting(in: graph)
            var fast = [Bool](repeating: false, count: naive.n)
            for root in analysis.blocking.roots {
                for op in root.blocked { fast[Int(op)] = true }
                if case .neverFinishes = root.cause { continue }
                for op in root.operations { fast[Int(op)] = true }
            }
            #expect(fast == neverStarts)
            #expect(!analysis.blocking.isTruncated)
        }
    }

    @Test(arguments: seeds)
    func redundantEdgesMatchTransitiveReduction(seed: UInt64) {
        for graph in Self.graphs(seed: seed) {
            let index = GraphIndex(graph)
            let naive = NaiveGraph(index)
            let components = StronglyConnectedComponents(index)
            let fast = Set(RedundantDependencies(index, components).edges.map { Pair(index.waiter(ofEdge: $0.position), Int(index.dependencyTargets[$0.position])) })
            var expected = Set<Pair>()
            let cyclic = (0..<naive.n).map { a in (0..<naive.n).contains { b in b != a && naive.sameComponent(a, b) } }
            for a in 0..<naive.n where !cyclic[a] {
                let direct = Set(naive.edges[a].filter { $0 != a })
                for d in direct where !cyclic[d] {
                    if direct.contains(where: { other in other != d && naive.reach[other][d] }) {
                        expected.insert(Pair(a, d))
                    }
                }
            }
            #expect(fast == expected)
        }
    }

    struct Pair: Hashable, CustomStringConvertible {
        let a: Int, b: Int
        init(_ a: Int, _ b: Int) { self.a = a; self.b = b }
        var description: String { "\(a)→\(b)" }
    }

    @Test func millionLongChainDoesNotOverflowTheStack() {
        let n = 1_000_000
        var operations: [OperationGraph.Operation] = []
        operations.reserveCapacity(n)
        for i in 0..<n {
            var operation = OperationGraph.Operation(name: "op\(i)", queue: "q")
            if i > 0 { operation.dependencies = [.init("op\(i - 1)")] }
            operations.append(operation)
        }
        operations[0].dependencies = [.init("op\(n - 1)")]
        let analysis = GraphAnalysis(OperationGraph(queues: [.init(name: "q")], operations: operations))
        #expect(analysis.components.cycles.count == 1)
        #expect(analysis.components.cycles[0].count == n)
        #expect(analysis.cycles[0].path.count == n)
        #expect(analysis.cycles[0].feedbackEdges.count == 1)
    }
}
