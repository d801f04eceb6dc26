import Testing
@testable import OpLintCore

/// Redundant dependencies (OPL107) against a plain reference — reachability by one depth-first
/// search per operation — on dense acyclic graphs of thousands of operations, on small graphs
/// with cycles, exclusivity categories, duplicates and self-dependencies, and on graphs made to
/// need the searches (far dependencies, operations declared in reverse, operations with dozens
/// of dependencies, labels without landmarks or local landmarks); the reported `via` is
/// checked too.
@Suite struct RedundantDependencyTests {
    typealias Op = OperationGraph.Operation

    /// One expected finding: the edge at `position` leaving `waiter`, implied through `via`.
    struct Expected: Hashable, CustomStringConvertible {
        let waiter: Int, position: Int, via: Int
        var description: String { "\(waiter)@\(position) via \(via)" }
    }

    /// The reference: explicit dependencies outside cycles of operations outside cycles, each
    /// target once (its first explicit edge), redundant when another direct dependency reaches
    /// it; `via` is the first such dependency in edge order.
    static func reference(_ index: GraphIndex) -> [Expected] {
        let n = index.operationCount
        var reach = [[Bool]](repeating: [], count: n)
        for a in 0..<n {
            var seen = [Bool](repeating: false, count: n)
            var stack = index.dependencies(of: a).map(Int.init)
            while let b = stack.popLast() {
                if seen[b] { continue }
                seen[b] = true
                stack.append(contentsOf: index.dependencies(of: b).map(Int.init))
            }
            reach[a] = seen
        }
        let cyclic = (0..<n).map { a in (0..<n).contains { b in b != a && reach[a][b] && reach[b][a] } }
        var expected: [Expected] = []
        for a in 0..<n where !cyclic[a] {
            let edges = index.dependencyEdges(of: a)
            var done = Set<Int>()
            for e in edges {
                let d = Int(index.dependencyTargets[e])
                guard case .dependency = index.origin(ofEdge: e), d != a, !cyclic[d], !done.contains(d) else { continue }
                done.insert(d)
                let via = edges.lazy.map { Int(index.dependencyTargets[$0]) }.first { $0 != a && $0 != d && reach[$0][d] }
                if let via { expected.append(Expected(waiter: a, position: e, via: via)) }
            }
        }
        return expected
    }

    static func found(_ index: GraphIndex) -> [Expected] {
        expected(RedundantDependencies(index, StronglyConnectedComponents(index)))
    }

    static func expected(_ redundant: RedundantDependencies) -> [Expected] {
        redundant.edges.map { Expected(waiter: Int($0.waiter), position: $0.position, via: Int($0.via)) }
    }

    /// A dense graph like the benchmark's: each operation waits for one to four earlier ones,
    /// mostly nearby, one in ten anywhere; optionally edges forward (cycles), exclusivity
    /// categories, duplicate dependencies and self-dependencies.
    static func graph(size: Int, messy: Bool, generator: inout SeededGenerator) -> OperationGraph {
        var operations: [Op] = []
        operations.reserveCapacity(size)
        for i in 0..<size {
            var operation = Op(name: "op\(i)", queue: "q")
            for _ in 0..<(i == 0 ? 0 : Int.random(in: 1...4, using: &generator)) {
                let far = Int.random(in: 0..<10, using: &generator) == 0
                let target = far ? Int.random(in: 0..<i, using: &generator) : i - 1 - Int.random(in: 0..<min(i, 30), using: &generator)
                operation.dependencies.append(.init("op\(target)"))
            }
            if messy {
                let roll = Int.random(in: 0..<100, using: &generator)
                if roll < 5 { operation.dependencies.append(.init("op\(Int.random(in: 0..<size, using: &generator))")) }
                if roll >= 5 && roll < 10, let repeated = operation.dependencies.first { operation.dependencies.append(repeated) }
                if roll >= 10 && roll < 13 { operation.dependencies.insert(.init("op\(i)"), at: 0) }
                if roll >= 20 && roll < 50 { operation.exclusive = ["k\(roll % 3)"] }
            }
            operations.append(operation)
        }
        return OperationGraph(queues: [.init(name: "q")], operations: operations)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func denseAcyclicGraphsMatchTheReference(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let index = GraphIndex(Self.graph(size: 2_500, messy: false, generator: &generator))
        #expect(StronglyConnectedComponents(index).cycles.isEmpty)
        let expected = Self.reference(index)
        #expect(expected.count > 500)
        #expect(Self.found(index) == expected)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func graphsWithCyclesExclusivityDuplicatesAndSelfDependenciesMatchTheReference(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var cyclic = 0
        for i in 0..<60 {
            let size = i % 10 == 0 ? 900 : Int.random(in: 0...120, using: &generator)
            let index = GraphIndex(Self.graph(size: size, messy: true, generator: &generator))
            if !StronglyConnectedComponents(index).cycles.isEmpty { cyclic += 1 }
            #expect(Self.found(index) == Self.reference(index), "graph \(i) of \(size) operations")
        }
        #expect(cyclic > 10)
    }

    /// A dense graph with more far dependencies: one operation in fifty waits for 10 to 40
    /// operations anywhere before it; some wait for one just after them (short cycles), twice
    /// for the same one or for themselves, or share an exclusivity category. Optionally the
    /// operations are declared in reverse order (dependents first, without categories), which
    /// changes the topological numbering.
    static func farGraph(size: Int, reversed: Bool, generator: inout SeededGenerator) -> OperationGraph {
        var graph = graph(size: size, messy: false, generator: &generator)
        func anyBefore(_ i: Int) -> OperationGraph.Reference { .init("op\(Int.random(in: 0..<i, using: &generator))") }
        for i in 1..<size {
            let roll = Int.random(in: 0..<200, using: &generator)
            if roll < 4 {
                for _ in 0..<Int.random(in: 10...40, using: &generator) { graph.operations[i].dependencies.append(anyBefore(i)) }
            } else if roll < 54 {
                graph.operations[i].dependencies.append(anyBefore(i))
            }
            if roll >= 54 && roll < 56 && i + 5 < size { graph.operations[i].dependencies.append(.init("op\(i + Int.random(in: 1...5, using: &generator))")) }
            if roll >= 56 && roll < 58, let first = graph.operations[i].dependencies.first { graph.operations[i].dependencies.append(first) }
            if roll == 58 { graph.operations[i].dependencies.insert(.init("op\(i)"), at: 0) }
            // In reverse, a category would wait against the dependencies and make one big cycle.
            if roll >= 60 && roll < 80 && !reversed { graph.operations[i].exclusive = ["k\(roll % 3)"] }
        }
        if reversed { graph.operations.reverse() }
        return graph
    }

    @Test(arguments: [(0, false), (1, false), (Reachability.landmarkCount, false), (Reachability.landmarkCount, true)])
    func farDependenciesAndWideOperationsMatchTheReference(landmarks: Int, localLandmarks: Bool) {
        var generator = SeededGenerator(seed: UInt64(landmarks + 7))
        var pairSearches = 0
        var wideSearches = 0
        for reversed in [false, true] {
            let index = GraphIndex(Self.farGraph(size: 3_000, reversed: reversed, generator: &generator))
            let redundant = RedundantDependencies(index, StronglyConnectedComponents(index), budget: nil, landmarks: landmarks, localLandmarks: localLandmarks)
            let expected = Self.reference(index)
            #expect(expected.count > 500)
            #expect(Self.expected(redundant) == expected, "reversed: \(reversed), \(landmarks) landmarks, local ones: \(localLandmarks)")
            #expect(redundant.unjudged.isEmpty)
            pairSearches += redundant.searches.pairs
            wideSearches += redundant.searches.wide
        }
        // Without local landmarks both kinds of search were needed, so both were checked.
        if !localLandmarks {
            #expect(pairSearches > 20 && wideSearches > 5, "\(pairSearches) pair searches, \(wideSearches) wide ones")
        }
    }

    @Test func aSpentBudgetJudgesTheFirstOperationsExactlyAndNamesTheRest() throws {
        var generator = SeededGenerator(seed: 5)
        let graph = Self.farGraph(size: 2_000, reversed: false, generator: &generator)
        let index = GraphIndex(graph)
        let components = StronglyConnectedComponents(index)
        let full = RedundantDependencies(index, components)
        let partial = RedundantDependencies(index, components, budget: full.work / 2)
        let first = try #require(partial.unjudged.first)
        // Every operation before the first unjudged one is judged exactly; none after it.
        #expect(Self.expected(partial) == Self.reference(index).filter { $0.waiter < Int(first) })
        let candidates = RedundantDependencies.Candidates(index, components)
        #expect(partial.unjudged.map(Int.init) == (Int(first)..<index.operationCount).filter { candidates.isCandidate($0) })
        #expect(partial.work < full.work && partial.work <= full.work / 2 + 5_000)

        let findings = RedundantDependencyRule().check(GraphAnalysis(graph, options: AnalysisOptions(redundantDependencyBudget: full.work / 2)))
        let note = try #require(findings.last)
        #expect(note.message.hasPrefix("redundant-dependency check stopped after \(full.work / 2) steps: the dependencies of \(partial.unjudged.count) operations were not judged: op\(first), "))
        #expect(note.operations.count == partial.unjudged.count)
        #expect(findings.dropLast().allSatisfy { !$0.message.hasPrefix("redundant-dependency check") })
    }

    @Test func viaIsTheFirstDependencyInEdgeOrderThatReachesTheTarget() {
        func op(_ name: String, _ deps: [String], exclusive: [String] = []) -> Op {
            var operation = Op(name: name, queue: "q", dependencies: deps.map { .init($0) })
            operation.exclusive = exclusive
            return operation
        }
        let operations = [
            op("a", []),
            op("x", ["a"]),
            op("b", ["a"]),
            op("c", ["a", "x", "b"]),       // through x, the first declared that reaches a
            op("d", ["b", "a", "x", "a"]),  // through b; the duplicate reported once
            op("p", [], exclusive: ["k"]),
            op("q", [], exclusive: ["k"]),  // implicitly waits for p
            op("r", ["p", "q"]),            // through q, whose path to p is implicit
            op("t", ["p"], exclusive: ["k"]),  // implicitly waits for q: through q, edges of exclusivity last
            op("u", ["t", "t", "u", "q"]),  // q through t (via its implicit edge); duplicates and self ignored
        ]
        let findings = RedundantDependencyRule().check(GraphAnalysis(OperationGraph(queues: [.init(name: "q")], operations: operations)))
        #expect(findings.map(\.message) == [
            "c's dependency on a is redundant: it already waits for a through x",
            "d's dependency on a is redundant: it already waits for a through b",
            "r's dependency on p is redundant: it already waits for p through q",
            "t's dependency on p is redundant: it already waits for p through q",
            "u's dependency on q is redundant: it already waits for q through t",
        ])
        #expect(findings.map(\.operations) == [["c", "a", "x"], ["d", "a", "b"], ["r", "p", "q"], ["t", "p", "q"], ["u", "q", "t"]])
    }

    @Test func anOperationsRedundantDependenciesAreOneFinding() throws {
        let text = """
        {
          "version": 1,
          "operations": [
            { "name": "a", "queue": "q" },
            { "name": "b", "queue": "q" },
            { "name": "x", "queue": "q", "dependencies": ["a", "b"] },
            { "name": "y", "queue": "q", "dependencies": ["x"] },
            { "name": "w", "queue": "q", "dependencies": ["y", "b", "x", "a"] }
          ],
          "queues": [{ "name": "q" }]
        }
        """
        let graph = try GraphLoader.load(bytes: Array(text.utf8), path: "g.json")
        let findings = RedundantDependencyRule().check(GraphAnalysis(graph))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.message == "w has 3 redundant dependencies: it already waits for b through y, x through y, a through y")
        // At the first redundant dependency, each one a related location, the fix removing all.
        #expect(finding.location == SourceLocation(file: "g.json", line: 8, column: 56))
        #expect(finding.related.map(\.location) == [56, 61, 66].map { SourceLocation(file: "g.json", line: 8, column: $0) })
        #expect(finding.related.map(\.message) == [
            "w waits for b, which it already waits for through y",
            "w waits for x, which it already waits for through y",
            "w waits for a, which it already waits for through y",
        ])
        #expect(finding.fix?.message == "remove these 3 dependencies: w → b (g.json:8:56), w → x (g.json:8:61), w → a (g.json:8:66)")
        #expect(finding.fix?.removeEdges == [.init("w", "b"), .init("w", "x"), .init("w", "a")])
        #expect(finding.operations == ["w", "b", "y", "x", "a"])
    }

    @Test func manyRedundantDependenciesAreBoundedInTheMessageAndTheRelatedLocations() throws {
        // `hub` waits for `all`, which waits for 150 others, and for each of them too.
        var operations = (0..<150).map { Op(name: "s\($0)", queue: "q") }
        operations.append(Op(name: "all", queue: "q", dependencies: (0..<150).map { .init("s\($0)") }))
        operations.append(Op(name: "hub", queue: "q", dependencies: [.init("all")] + (0..<150).map { .init("s\($0)") }))
        let findings = RedundantDependencyRule().check(GraphAnalysis(OperationGraph(queues: [.init(name: "q")], operations: operations)))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.message == "hub has 150 redundant dependencies: it already waits for s0 through all, s1 through all, s2 through all, s3 through all, s4 through all and 145 more")
        #expect(finding.related.count == Finding.relatedLimit)
        #expect(finding.related.last?.message == "… and 51 more redundant dependencies")
        #expect(finding.fix?.removeEdges.count == 150)
        #expect(finding.fix?.message.hasSuffix(" and 142 more") == true)
        #expect(finding.operations.count == 152)
    }

    @Test func dependenciesOnAndInsideCyclesAreNotJudgedButPathsThroughThemCount() {
        let operations = [
            Op(name: "a", queue: "q"),
            Op(name: "m", queue: "q", dependencies: ["a", "n"]),
            Op(name: "n", queue: "q", dependencies: ["m"]),                // m ⇄ n is a cycle
            Op(name: "w", queue: "q", dependencies: ["a", "n", "m"]),      // a through n; m is in the cycle
            Op(name: "v", queue: "q", dependencies: ["w", "n"]),           // n is in the cycle: not judged
        ]
        let index = GraphIndex(OperationGraph(queues: [.init(name: "q")], operations: operations))
        let found = Self.found(index)
        #expect(found == [Expected(waiter: 3, position: index.edge(from: 3, to: 0) ?? -1, via: 2)])
        #expect(found == Self.reference(index))
    }
}
