extension RedundantDependencies {
    /// What judging reads: the graph's edges and the condensation with its labels, as unsafe
    /// buffers valid while the judging runs.
    struct Inputs {
        let dependencyStart: UnsafeBufferPointer<Int32>
        let dependencyTargets: UnsafeBufferPointer<Int32>
        let component: UnsafeBufferPointer<Int32>
        /// Which edges are judged.
        let candidates: Candidates
        let graph: Condensation.View
        let labels: Reachability.View
        /// The most work judging may do.
        let budget: Int
    }

    /// Judges waiters one after another, with scratch space for one waiter at a time.
    ///
    /// A waiter's *targets* are the components of its judged edges; a target is *settled* once
    /// another of the waiter's dependencies is found to reach it (the edge is redundant). The
    /// dependencies are taken in the order of the waiter's edges; each settles every target it
    /// reaches that no earlier one reached, so that `via` is the first in edge order. A dependency settles the targets in its window with a few word operations, the
    /// others by their labels and, when the labels cannot tell, by a search for that pair —
    /// or, when more than `pairLimit` targets are left that far below it, by one search towards
    /// all of them at once.
    struct Judge: ~Copyable {
        /// Far targets one dependency settles by a search per pair; above, one search for all.
        static let pairLimit = 8

        /// The current waiter's unsettled targets, one bit per component.
        private let open: UnsafeMutableBufferPointer<UInt64>
        /// The position in `targets` of each target component of the current waiter.
        private let slot: UnsafeMutableBufferPointer<Int32>
        /// `expanded[c] == stamp`: a search towards all far targets of the current waiter went
        /// through `c`, so every target `c` reaches is settled.
        private let expanded: UnsafeMutableBufferPointer<Int32>
        private var search: Reachability.Search
        /// The current waiter's targets (components) with the position of their first judged
        /// edge and the dependency they are reached through (-1 until then), in edge order;
        /// `targetCount` of them.
        private let targets: UnsafeMutableBufferPointer<Int32>
        private let targetEdges: UnsafeMutableBufferPointer<Int>
        private let vias: UnsafeMutableBufferPointer<Int32>
        private var targetCount = 0
        /// `targets` in ascending order, and the position in it below which all are settled.
        private let sorted: UnsafeMutableBufferPointer<Int32>
        private var lowIndex = 0
        private var unsettled = 0
        /// The far targets one dependency leaves to a search per pair.
        private var far: [Int32] = []
        private var stack: [Int32] = []
        /// Steps taken so far: dependencies and labels looked at, edges followed.
        private(set) var work = 0
        /// Searches so far: for one pair, and towards many targets at once.
        private(set) var searches = (pairs: 0, wide: 0)

        /// Scratch space for `count` components and waiters of up to `degree` edges.
        ///
        /// - Complexity: O(*c* + `degree`) for *c* components.
        init(count: Int, degree: Int) {
            open = .allocate(capacity: count / 64 + 1)
            open.initialize(repeating: 0)
            slot = .allocate(capacity: max(1, count))
            slot.initialize(repeating: 0)
            expanded = .allocate(capacity: max(1, count))
            expanded.initialize(repeating: -1)
            targets = .allocate(capacity: max(1, degree))
            targetEdges = .allocate(capacity: max(1, degree))
            vias = .allocate(capacity: max(1, degree))
            sorted = .allocate(capacity: max(1, degree))
            search = Reachability.Search(count: count)
        }

        deinit {
            open.deallocate()
            slot.deallocate()
            expanded.deallocate()
            targets.deallocate()
            targetEdges.deallocate()
            vias.deallocate()
            sorted.deallocate()
        }

        /// Appends `waiter`'s redundant edges to `found`, in edge order; false, appending nothing,
        /// when the budget ran out first. `waiter` is outside cycles and has two edges or more;
        /// `stamp` is different for every waiter.
        ///
        /// - Complexity: O(*d* log *d*) for its *d* dependencies, plus the searches: O(*d*²) labels
        ///   at most and the searches' edges, bounded by the budget.
        mutating func judge(_ waiter: Int, stamp: Int32, _ inputs: Inputs, into found: inout [Edge]) -> Bool {
            if work > inputs.budget { return false }
            let edges = Int(inputs.dependencyStart[waiter])..<Int(inputs.dependencyStart[waiter + 1])
            collectTargets(waiter, edges, inputs)
            if targetCount == 0 { return true }
            let judged = judgeTargets(waiter, edges, stamp: stamp, inputs)
            for k in 0..<targetCount {
                setSettled(Int(targets[k]))
                if judged && vias[k] >= 0 { found.append(Edge(waiter: Int32(waiter), position: targetEdges[k], via: vias[k])) }
            }
            return judged
        }

        /// Takes the waiter's dependencies in edge order, each settling the targets it reaches;
        /// false when the budget ran out.
        private mutating func judgeTargets(_ waiter: Int, _ edges: Range<Int>, stamp: Int32, _ inputs: Inputs) -> Bool {
            for e in edges where unsettled > 0 {
                let via = inputs.dependencyTargets[e]
                if Int(via) == waiter { continue }
                let s = Int(inputs.component[Int(via)])
                guard let lowest = lowestUnsettled(), s > lowest, expanded[s] != stamp else { continue }
                work += 1
                settleWindow(of: s, via: via, inputs.labels)
                guard let below = lowestUnsettled() else { break }
                let windowStart = Reachability.windowStart(s)
                if below >= windowStart || inputs.labels.lowest(s) >= windowStart { continue }
                guard settleFar(from: s, via: via, below: windowStart, stamp: stamp, inputs) else { return false }
                if work > inputs.budget { return false }
            }
            return true
        }

        /// Sets up the waiter's targets: each component of a judged edge once, at its first edge.
        private mutating func collectTargets(_ waiter: Int, _ edges: Range<Int>, _ inputs: Inputs) {
            targetCount = 0
            for e in edges where inputs.candidates.isJudged(e, from: waiter) {
                let t = Int(inputs.component[Int(inputs.dependencyTargets[e])])
                if isUnsettled(t) { continue }
                open[t >> 6] |= 1 << UInt64(t & 63)
                slot[t] = Int32(targetCount)
                targets[targetCount] = Int32(t)
                targetEdges[targetCount] = e
                vias[targetCount] = -1
                sorted[targetCount] = Int32(t)
                targetCount += 1
            }
            if targetCount > 16 {
                var few = UnsafeMutableBufferPointer(rebasing: sorted[0..<targetCount])
                few.sort()
            } else {
                for i in stride(from: 1, to: targetCount, by: 1) {  // few: insertion
                    let t = sorted[i]
                    var k = i
                    while k > 0 && sorted[k - 1] > t {
                        sorted[k] = sorted[k - 1]
                        k -= 1
                    }
                    sorted[k] = t
                }
            }
            lowIndex = 0
            unsettled = targetCount
            work += edges.count
        }

        @inline(__always)
        private func isUnsettled(_ t: Int) -> Bool { open[t >> 6] >> UInt64(t & 63) & 1 != 0 }

        @inline(__always)
        private func setSettled(_ t: Int) { open[t >> 6] &= ~(1 << UInt64(t & 63)) }

        /// Target `t` is redundant, through dependency `via`.
        @inline(__always)
        private mutating func settle(_ t: Int, via: Int32) {
            setSettled(t)
            vias[Int(slot[t])] = via
            unsettled -= 1
        }

        /// The lowest unsettled target, if any.
        @inline(__always)
        private mutating func lowestUnsettled() -> Int? {
            while lowIndex < targetCount && !isUnsettled(Int(sorted[lowIndex])) { lowIndex += 1 }
            return lowIndex < targetCount ? Int(sorted[lowIndex]) : nil
        }

        /// Settles every unsettled target in the window of `x` that `x` reaches.
        @inline(__always)
        private mutating func settleWindow(of x: Int, via: Int32, _ labels: Reachability.View) {
            let base = (x >> 6) - Reachability.windowWords
            for j in max(0, -base)...Reachability.windowWords {
                var hits = open[base + j] & labels.windowWord(x, j)
                while hits != 0 {
                    settle((base + j) << 6 | hits.trailingZeroBitCount, via: via)
                    hits &= hits - 1
                }
            }
        }

        /// Settles the unsettled targets below `windowStart` that `s` reaches: by their labels and
        /// a search per pair, or by one search towards all of them when there are many. False
        /// when the budget ran out.
        private mutating func settleFar(from s: Int, via: Int32, below windowStart: Int, stamp: Int32, _ inputs: Inputs) -> Bool {
            far.removeAll(keepingCapacity: true)
            var looked = 0
            var k = lowIndex
            while k < targetCount && Int(sorted[k]) < windowStart {
                let t = Int(sorted[k])
                k += 1
                if !isUnsettled(t) { continue }
                looked += 1
                work += 1
                if looked > 4 * Self.pairLimit || far.count == Self.pairLimit {
                    return settleAll(from: s, via: via, stamp: stamp, inputs)
                }
                switch inputs.labels.estimate(s, t) {
                case .yes: settle(t, via: via)
                case .no: break
                case .unknown: far.append(Int32(t))
                }
            }
            searches.pairs += far.count
            for t in far {
                guard let reaches = search.reaches(s, Int(t), inputs.graph, inputs.labels, work: &work, budget: inputs.budget) else { return false }
                if reaches { settle(Int(t), via: via) }
            }
            return true
        }

        /// One search from `s` towards every unsettled target below it, sharing `expanded` with
        /// the waiter's other such searches. False when the budget ran out.
        private mutating func settleAll(from s: Int, via: Int32, stamp: Int32, _ inputs: Inputs) -> Bool {
            let graph = inputs.graph
            let labels = inputs.labels
            searches.wide += 1
            expanded[s] = stamp
            stack.removeAll(keepingCapacity: true)
            stack.append(Int32(s))
            while let next = stack.popLast() {
                let x = Int(next)
                if x != s { settleWindow(of: x, via: via, labels) }
                guard let lowest = lowestUnsettled() else { return true }
                let windowStart = Reachability.windowStart(x)
                if lowest >= windowStart { continue }
                for j in graph.successorRange(x) {
                    let y = Int(graph.targets[j])
                    work += 1
                    if y < lowest { break }  // successors are highest first
                    if isUnsettled(y) { settle(y, via: via) }
                    if expanded[y] == stamp || labels.lowest(y) >= windowStart { continue }
                    expanded[y] = stamp
                    stack.append(Int32(y))
                }
                if work > inputs.budget { return false }
            }
            return true
        }
    }
}
