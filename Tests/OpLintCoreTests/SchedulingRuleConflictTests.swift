import Testing
@testable import OpLintCore

private typealias F = SchedulingFixture

/// OPL211 unordered-conflict.
@Suite struct SchedulingRuleConflictTests {
    private func access(reads: [String] = [], writes: [String] = []) -> (inout OperationGraph.Operation) -> Void {
        { $0.reads = reads; $0.writes = writes }
    }

    @Test func writerAndReaderOnDifferentQueues() {
        let graph = F.graph([F.queue("io"), F.queue("net")], [
            F.op("save", on: "io", access(writes: ["cache"])),
            F.op("load", on: "net", access(reads: ["cache"])),
            F.op("peek", on: "net", access(reads: ["cache"])),
        ])
        let findings = F.lint(UnorderedConflictRule.self, graph)
        #expect(findings.map(\.message) == [
            "“load” may run at the same time as “save” and both use “cache” (“save” writes, “load” reads): no dependency path, serial queue, barrier or exclusivity category orders them",
            "“peek” may run at the same time as “save” and both use “cache” (“save” writes, “peek” reads): no dependency path, serial queue, barrier or exclusivity category orders them",
        ])
        #expect(findings.map(\.location) == [F.opAt(1), F.opAt(2)])
        #expect(findings.first?.queues == ["io", "net"])
    }

    @Test func orderedPairsAreFine() {
        let graph = F.graph([F.queue("serial", width: 1), F.queue("wide", width: 4), F.queue("other")], [
            F.op("a", on: "serial", access(writes: ["s"])), F.op("b", on: "serial", access(writes: ["s"])),
            F.op("c", on: "wide", access(writes: ["d"])), F.op("mid", on: "other", after: ["c"]), F.op("e", on: "other", after: ["mid"], access(reads: ["d"])),
            F.op("f", on: "wide") { $0.writes = ["x"]; $0.exclusive = ["X"] }, F.op("g", on: "other") { $0.reads = ["x"]; $0.exclusive = ["X"] },
            F.op("h", on: "wide", access(reads: ["r"])), F.op("i", on: "other", access(reads: ["r"])),
            F.op("never", access(writes: ["r", "s", "d"])) ,
        ])
        #expect(F.lint(UnorderedConflictRule.self, graph).isEmpty)
    }

    @Test func sameWideQueueConflictsUnlessABarrierSeparates() {
        let plain = F.graph([F.queue("wide", width: 2)], [F.op("a", on: "wide", access(writes: ["x"])), F.op("b", on: "wide", access(writes: ["x"]))])
        #expect(F.lint(UnorderedConflictRule.self, plain).first?.message.contains("(both write)") == true)
        let barrier = F.graph([F.queue("wide", width: 2)], [
            F.op("a", on: "wide", access(writes: ["x"])), F.op("fence", on: "wide") { $0.isBarrier = true }, F.op("b", on: "wide", access(writes: ["x"])),
            F.op("fence2", on: "wide") { $0.isBarrier = true; $0.writes = ["x"] },
        ])
        #expect(F.lint(UnorderedConflictRule.self, barrier).isEmpty)
    }

    @Test func oneFindingPerPairListsEveryResource() {
        let graph = F.graph([F.queue("a"), F.queue("b")], [
            F.op("one", on: "a", access(reads: ["m"], writes: ["n"])),
            F.op("two", on: "b", access(reads: ["n"], writes: ["m"])),
        ])
        #expect(F.lint(UnorderedConflictRule.self, graph).map(\.message) == [
            "“two” may run at the same time as “one” and both use “m” (“one” reads, “two” writes) and “n” (“one” writes, “two” reads): no dependency path, serial queue, barrier or exclusivity category orders them",
        ])
    }

    @Test func copiesOfAWriterConflictWithEachOther() {
        let graph = F.graph([F.queue("wide"), F.queue("serial", width: 1)], [
            F.op("resize", on: "wide") { $0.count = 4; $0.writes = ["cache"] },
            F.op("tidy", on: "serial") { $0.count = 4; $0.writes = ["cache"] },
        ])
        let findings = F.lint(UnorderedConflictRule.self, graph)
        #expect(findings.map(\.message).contains("the 4 copies of “resize” may run at the same time on queue “wide” and all write “cache”"))
        #expect(!findings.contains { $0.operations == ["tidy"] })
    }

    @Test func pairsPerResourceAreCapped() {
        let n = 20  // 190 unordered pairs of writers
        let queues = (0..<n).map { F.queue("q\($0)") }
        let operations = (0..<n).map { F.op("w\($0)", on: "q\($0)", access(writes: ["hot"])) }
        let findings = F.lint(UnorderedConflictRule.self, F.graph(queues, operations))
        #expect(findings.count == UnorderedConflictRule.pairLimit)
        #expect(findings.flatMap(\.notes) == ["90 more unordered pairs of operations use “hot”"])
    }

    /// Seeded random graphs against a direct reading of the rule: transitive closure by depth-first search.
    @Test(arguments: 0..<300)
    func agreesWithReferenceOnRandomGraphs(seed: Int) {
        var random = SchedulingRandom(seed: UInt64(seed))
        let queues = [F.queue("serial", width: 1), F.queue("pair", width: 2), F.queue("wide")]
        let n = 2 + random.below(14)
        let resources = ["r0", "r1", "r2"]
        var operations: [OperationGraph.Operation] = []
        for i in 0..<n {
            var op = F.op("op\(i)", on: random.below(5) == 0 ? nil : queues[random.below(3)].name)
            if op.queue == nil && random.below(2) == 0 { op.start = .manual }
            for j in 0..<n where j != i && random.below(6) == 0 { op.dependencies.append(.init("op\(j)")) }
            if random.below(8) == 0 { op.exclusive = ["C\(random.below(2))"] }
            if op.queue != nil && random.below(12) == 0 { op.isBarrier = true }
            for r in resources {
                switch random.below(6) {
                case 0: op.writes.append(r)
                case 1: op.reads.append(r)
                default: break
                }
            }
            operations.append(op)
        }
        let graph = F.graph(queues, operations)
        let found = Set(F.lint(UnorderedConflictRule.self, graph).filter { $0.operations.count == 2 }.map { $0.operations[1] + "|" + $0.operations[0] })
        let expected = Self.referencePairs(graph)
        #expect(found == expected, "seed \(seed)")
    }

    static func referencePairs(_ graph: OperationGraph) -> Set<String> {
        let ops = graph.operations
        let n = ops.count
        let byName = Dictionary(ops.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        var edges = [[Int]](repeating: [], count: n)
        var lastInCategory: [String: Int] = [:]
        for i in 0..<n {
            edges[i] = ops[i].dependencies.compactMap { byName[$0.name] }
            for c in ops[i].exclusive {
                if let previous = lastInCategory[c] { edges[i].append(previous) }
                lastInCategory[c] = i
            }
        }
        var reach = [Set<Int>](repeating: [], count: n)
        for i in 0..<n {
            var stack = edges[i]
            while let next = stack.popLast() {
                guard reach[i].insert(next).inserted else { continue }
                stack += edges[next]
            }
        }
        func barriersBefore(_ i: Int) -> Int { (0...i).filter { ops[$0].queue == ops[i].queue && ops[$0].isBarrier }.count }
        var pairs = Set<String>()
        for j in 0..<n {
            for i in 0..<j {
                let (a, b) = (ops[i], ops[j])
                guard a.start != .never, b.start != .never else { continue }
                let conflict = Set(a.writes).intersection(Set(b.reads).union(b.writes)).isEmpty == false
                    || Set(b.writes).intersection(Set(a.reads).union(a.writes)).isEmpty == false
                guard conflict, !reach[i].contains(j), !reach[j].contains(i) else { continue }
                if !Set(a.exclusive).isDisjoint(with: b.exclusive) { continue }
                if a.start == .queue, b.start == .queue, let q = a.queue, q == b.queue {
                    if q == "serial" { continue }
                    if a.isBarrier || b.isBarrier || barriersBefore(i) != barriersBefore(j) { continue }
                }
                pairs.insert(a.name + "|" + b.name)
            }
        }
        return pairs
    }
}

/// A small seeded generator (SchedulingRandom64) for reproducible random graphs.
struct SchedulingRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
