import Testing
@testable import OpLintCore

/// Graphs made hard for redundant-dependency (OPL107) — dependencies far apart in the
/// topological numbering, grids, operations with many dependencies, operations declared in
/// reverse — checked for the steps the judging takes, counted, never timed, and against the
/// reference where they are small enough. One family needs more steps the longer it is: it
/// must stop within its budget and say what it did not judge.
@Suite struct RedundantDependencyWorkTests {
    /// A graph family: the dependencies of each operation for a size, and how many of them
    /// are redundant.
    struct Family: CustomTestStringConvertible, Sendable {
        let name: String
        let dependencies: @Sendable (Int) -> [[Int]]
        let redundant: @Sendable (Int) -> Int
        var testDescription: String { name }
    }

    static let families = [
        // Each operation waits for the one before and for the one `k` before: every second
        // dependency is implied by the chain, and is far below.
        Family(name: "long shortcuts", dependencies: { n in
            (0..<n).map { i in (i > 0 ? [i - 1] : []) + (i >= 300 ? [i - 300] : []) }
        }, redundant: { n in n - 300 }),
        // A grid 150 wide: each cell waits for the one above, the one to its left and the one
        // diagonally up-left; the diagonal is implied, the one above is far below and never is.
        Family(name: "grid", dependencies: { n in
            let width = 150
            return (0..<n).map { i in
                let (row, column) = (i / width, i % width)
                var dependencies: [Int] = []
                if row > 0 { dependencies.append(i - width) }
                if column > 0 { dependencies.append(i - 1) }
                if row > 0 && column > 0 { dependencies.append(i - width - 1) }
                return dependencies
            }
        }, redundant: { n in (n / 150 - 1) * 149 }),
        // One operation in a hundred waits for the forty before it, which form a chain: all but
        // the nearest are implied. Declared latest first, so the numbering differs from the order.
        Family(name: "wide operations declared in reverse", dependencies: { n in
            (0..<n).map { i in
                let j = n - 1 - i  // operation i is the j-th of the chain
                if j % 100 == 99 { return (1...40).map { n - 1 - (j - $0) } }
                return j > 0 ? [i + 1] : []
            }
        }, redundant: { n in n / 100 * 39 }),
    ]

    static func graph(_ dependencies: [[Int]]) -> OperationGraph {
        let operations = dependencies.enumerated().map { i, targets in
            OperationGraph.Operation(name: "op\(i)", queue: "q", dependencies: targets.map { .init("op\($0)") })
        }
        return OperationGraph(queues: [.init(name: "q")], operations: operations)
    }

    @Test(arguments: families)
    func judgingIsExactAndLinear(family: Family) {
        // At 100,000 the landmarks are 781 apart: shortcuts of 300 need the local ones.
        for n in [3_000, 30_000, 99_900] {
            let index = GraphIndex(Self.graph(family.dependencies(n)))
            let redundant = RedundantDependencies(index, StronglyConnectedComponents(index))
            let size = index.operationCount + index.dependencyTargets.count
            #expect(redundant.edges.count == family.redundant(n), "\(family.name) at \(n)")
            #expect(redundant.unjudged.isEmpty)
            #expect(redundant.work <= 8 * size, "\(family.name) at \(n): \(redundant.work) steps for \(size)")
            if n <= 3_000 {
                #expect(RedundantDependencyTests.found(index) == RedundantDependencyTests.reference(index), "\(family.name)")
            }
        }
    }

    /// `chains` independent chains, interleaved, and between their operations readers that
    /// each wait for two chain operations far apart: no reader's dependency is implied, and the
    /// labels can rarely tell, so each pair is searched along both chains.
    static func interleavedChains(_ n: Int, chains: Int) -> [[Int]] {
        var generator = SeededGenerator(seed: 3)
        return (0..<n).map { i in
            if i % 2 == 0 { return i / 2 >= chains ? [i - 2 * chains] : [] }
            let high = Int.random(in: 0..<i, using: &generator) & ~1
            let low = Int.random(in: 0...high, using: &generator) & ~1
            return high == low ? [high] : [high, low]
        }
    }

    @Test func interleavedChainsAreExactOrStopWithinTheBudget() throws {
        let small = GraphIndex(Self.graph(Self.interleavedChains(3_000, chains: 100)))
        #expect(RedundantDependencyTests.found(small) == RedundantDependencyTests.reference(small))

        // The searches grow with the length of the chains: on this graph they need more than
        // a budget of 4 steps per operation and dependency.
        let graph = Self.graph(Self.interleavedChains(30_000, chains: 100))
        let index = GraphIndex(graph)
        let budget = 4 * (index.operationCount + index.dependencyTargets.count)
        let analysis = GraphAnalysis(graph, options: AnalysisOptions(redundantDependencyBudget: budget))
        let redundant = RedundantDependencies(analysis.index, analysis.components, budget: budget)
        #expect(!redundant.unjudged.isEmpty)
        #expect(redundant.work <= budget + 1_000)
        let note = try #require(RedundantDependencyRule().check(analysis).last)
        #expect(note.message.hasPrefix("redundant-dependency check stopped after \(budget) steps: the dependencies of \(redundant.unjudged.count) operations were not judged"))
    }
}
