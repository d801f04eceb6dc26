@testable import OpLintCore

/// Random tests are reproducible: the simulator's own seeded SplitMix64 generator.
typealias SeededGenerator = SimulationRandom

/// Random operation graphs with and without cycles, and the facts a naive reference computes.
enum RandomGraphs {
    /// A graph of `size` operations; `cyclic` adds some edges to later operations, which may close cycles.
    static func make(size: Int, cyclic: Bool, generator: inout SeededGenerator) -> OperationGraph {
        var queues = [OperationGraph.Queue(name: "q0"), OperationGraph.Queue(name: "q1", maxConcurrentOperationCount: 1)]
        if Bool.random(using: &generator) {
            queues.append(OperationGraph.Queue(name: "zero", maxConcurrentOperationCount: 0))
        }
        var operations: [OperationGraph.Operation] = []
        for i in 0..<size {
            let roll = Int.random(in: 0..<100, using: &generator)
            let queue: String? = roll < 4 ? nil : (roll < 6 ? "undeclared" : queues.randomElement(using: &generator)?.name)
            var operation = OperationGraph.Operation(name: "op\(i)", queue: queue)
            let edges = Int.random(in: 0...3, using: &generator)
            for _ in 0..<edges where i > 0 {
                let backward = Int.random(in: 0..<i, using: &generator)
                operation.dependencies.append(.init("op\(backward)"))
            }
            if cyclic && size > 1 && Int.random(in: 0..<100, using: &generator) < 8 {
                let any = Int.random(in: 0..<size, using: &generator)
                operation.dependencies.append(.init("op\(any)"))
            }
            if Int.random(in: 0..<100, using: &generator) < 3 { operation.finishes = false }
            if Int.random(in: 0..<100, using: &generator) < 2 { operation.dependencies.append(.init("ghost")) }
            operations.append(operation)
        }
        return OperationGraph(queues: queues, operations: operations)
    }
}

/// Deliberately simple reference implementations to check the fast algorithms against.
struct NaiveGraph: CustomStringConvertible {
    let n: Int
    /// `edges[a]` = the operations `a` waits for (resolved, with duplicates).
    let edges: [[Int]]
    /// `reach[a][b]`: a path of one or more edges leads from `a` to `b`.
    let reach: [[Bool]]

    init(_ index: GraphIndex) {
        n = index.operationCount
        edges = (0..<n).map { index.dependencies(of: $0).map(Int.init) }
        // Reachability by fixpoint: keep adding what successors reach until nothing changes.
        var reach = [[Bool]](repeating: [Bool](repeating: false, count: n), count: n)
        for a in 0..<n { for b in edges[a] { reach[a][b] = true } }
        var changed = true
        while changed {
            changed = false
            for a in 0..<n {
                for b in 0..<n where reach[a][b] {
                    for c in edges[b] where !reach[a][c] {
                        reach[a][c] = true
                        changed = true
                    }
                }
            }
        }
        self.reach = reach
    }

    var description: String { "NaiveGraph(\(edges))" }

    func onCycle(_ a: Int) -> Bool { reach[a][a] }

    func sameComponent(_ a: Int, _ b: Int) -> Bool { a == b || (reach[a][b] && reach[b][a]) }

    /// Length of the shortest cycle through `a`, by trying every path length with a plain DFS bound.
    func shortestCycleLength(through a: Int) -> Int? {
        guard onCycle(a) else { return nil }
        // Breadth by levels from a, without the fast code's tricks.
        var level: Set<Int> = [a]
        var seen: Set<Int> = []
        for length in 1...n {
            var next: Set<Int> = []
            for node in level { for b in edges[node] where b != node { next.insert(b) } }
            if next.contains(a) { return length }
            next.subtract(seen)
            seen.formUnion(next)
            level = next
        }
        return nil
    }

    /// Whether the subgraph of `nodes` without `removed` edges has a cycle (naive DFS colouring, recursion is fine at this size).
    func hasCycle(nodes: Set<Int>, removed: [(Int, Int)]) -> Bool {
        var removedCount: [Int: [Int: Int]] = [:]
        for (a, b) in removed { removedCount[a, default: [:]][b, default: 0] += 1 }
        var colour = [Int: Int]()
        func visit(_ a: Int) -> Bool {
            colour[a] = 1
            var skip = removedCount[a] ?? [:]
            for b in edges[a] where nodes.contains(b) && b != a {
                if let k = skip[b], k > 0 { skip[b] = k - 1; continue }
                if colour[b] == 1 { return true }
                if colour[b] == nil && visit(b) { return true }
            }
            colour[a] = 2
            return false
        }
        for a in nodes.sorted() where colour[a] == nil {
            if visit(a) { return true }
        }
        return false
    }
}

extension NaiveGraph {
    /// By fixpoint: an operation can never start if it is itself a root (on a cycle, never
    /// started, on an undeclared queue or one of width 0) or depends on one that never finishes.
    /// An operation that `mayCancel` may be cancelled before it starts, and then ignores its
    /// dependencies and finishes (S6): it is never blocked, it always finishes, and a cycle
    /// through it is no root.
    func neverStarting(in graph: OperationGraph, mayCancel: (Int) -> Bool = { _ in false }) -> [Bool] {
        var neverStarts = [Bool](repeating: false, count: n)
        var neverFinishes = [Bool](repeating: false, count: n)
        for a in 0..<n {
            let operation = graph.operations[a]
            let queue = operation.queue.flatMap { name in graph.queues.first { $0.name == name } }
            let onLockedCycle = onCycle(a) && !(0..<n).contains { sameComponent(a, $0) && mayCancel($0) }
            neverStarts[a] = onLockedCycle || operation.start == .never
                || (operation.queue != nil && queue == nil) || queue?.maxConcurrentOperationCount == 0
        }
        var changed = true
        while changed {
            changed = false
            for a in 0..<n {
                neverFinishes[a] = neverStarts[a] || (!graph.operations[a].finishes && !mayCancel(a))
            }
            for a in 0..<n where !neverStarts[a] && !mayCancel(a) && edges[a].contains(where: { neverFinishes[$0] }) {
                neverStarts[a] = true
                changed = true
            }
        }
        return neverStarts
    }
}

extension NaiveGraph {
    /// Whether `components` puts two operations in one component exactly when each reaches the other.
    func agrees(with components: StronglyConnectedComponents) -> Bool {
        (0..<n).allSatisfy { a in
            (a + 1..<n).allSatisfy { b in (components.component[a] == components.component[b]) == sameComponent(a, b) }
        }
    }
}
