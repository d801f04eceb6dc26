import Testing
@testable import OpLintCore

/// The strongly connected components of wait-for graphs, against reachability computed naively.
@Suite struct WaitForComponentsTests {
    /// The components of the graph whose vertex `v` has the successors `successors[v]`.
    static func components(_ successors: [[Int]]) -> WaitForComponents {
        var start: [Int32] = [0]
        for list in successors { start.append(start[start.count - 1] + Int32(list.count)) }
        return WaitForComponents(start: start, targets: successors.flatMap { $0.map(Int32.init) })
    }

    @Test func componentsAreMutualReachabilityInReverseTopologicalOrder() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<300 {
            let count = Int.random(in: 1...30, using: &random)
            let successors = (0..<count).map { _ in
                (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: 0..<count, using: &random) }
            }
            let components = Self.components(successors)
            // Which vertex reaches which, by a search from each.
            let reaches: [Set<Int>] = (0..<count).map { v in
                var seen: Set<Int> = [v]
                var stack = [v]
                while let u = stack.popLast() {
                    for w in successors[u] where seen.insert(w).inserted { stack.append(w) }
                }
                return seen
            }
            var componentOf = [Int](repeating: -1, count: count)
            for c in 0..<components.count {
                for v in components.component(c) {
                    #expect(componentOf[v] == -1, "a vertex in two components")
                    componentOf[v] = c
                }
            }
            #expect(!componentOf.contains(-1), "a vertex in no component")
            for v in 0..<count {
                for u in 0..<count {
                    let mutual = reaches[v].contains(u) && reaches[u].contains(v)
                    #expect((componentOf[v] == componentOf[u]) == mutual)
                }
                // Sinks first: an edge leaves a component only towards an earlier one.
                for w in successors[v] { #expect(componentOf[w] <= componentOf[v]) }
            }
        }
    }

    @Test func emptyGraphHasNoComponents() {
        #expect(Self.components([]).count == 0)
        #expect(WaitForComponents(start: [0], targets: []).count == 0)
    }
}
