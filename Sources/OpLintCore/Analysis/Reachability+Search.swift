extension Reachability {
    /// Settles whether one component reaches another when the labels cannot tell: a search
    /// forward from `s` through what it waits for and one backward from `t` through what waits
    /// for it, one edge of each in turn, until they meet (yes) or either runs out (no).
    ///
    /// Both searches stay strictly between `t` and `s` in the numbering and skip every component
    /// the labels rule out; a component in the window of `s` (backward) or whose window holds
    /// `t` (forward) is answered by the window, exactly, and not searched further. So the work
    /// is at most twice that of the cheaper of the two searches, which on realistic graphs is a
    /// few edges: the labels leave unknown mostly pairs where `t` has few operations waiting for
    /// it.
    struct Search: ~Copyable {
        /// `forwardMark[c] == stamp`: the forward search has seen `c` (reaches it from `s`).
        private let forwardMark: UnsafeMutableBufferPointer<Int32>
        /// `backwardMark[c] == stamp`: the backward search has seen `c` (it reaches `t`).
        private let backwardMark: UnsafeMutableBufferPointer<Int32>
        private var stamp: Int32 = 0
        private var forward: [Int32] = []
        private var backward: [Int32] = []

        /// - Complexity: O(*c*) for *c* components.
        init(count: Int) {
            forwardMark = .allocate(capacity: max(1, count))
            forwardMark.initialize(repeating: 0)
            backwardMark = .allocate(capacity: max(1, count))
            backwardMark.initialize(repeating: 0)
        }

        deinit {
            forwardMark.deallocate()
            backwardMark.deallocate()
        }

        /// Whether component `s` reaches component `t`, for `t < windowStart(s)`; nil when
        /// `work` (one per edge looked at) passes `budget` first.
        ///
        /// - Complexity: O(min(*F*, *B*)) for the edges *F* of the pruned forward search and *B*
        ///   of the pruned backward one; O(*c* + *f*) at worst.
        mutating func reaches(
            _ s: Int, _ t: Int, _ graph: Condensation.View, _ labels: View, work: inout Int, budget: Int
        ) -> Bool? {
            if stamp == Int32.max {
                forwardMark.update(repeating: 0)
                backwardMark.update(repeating: 0)
                stamp = 0
            }
            stamp += 1
            let stamp = self.stamp
            forward.removeAll(keepingCapacity: true)
            backward.removeAll(keepingCapacity: true)
            forwardMark[s] = stamp
            backwardMark[t] = stamp
            let windowOfS = Reachability.windowStart(s)
            var edge = graph.successorRange(s)
            var backEdge = graph.predecessorRange(t)
            while true {
                work += 2
                if work > budget { return nil }
                // One edge forward: s reaches `y`.
                if edge.isEmpty {
                    guard let next = forward.popLast() else { return false }
                    edge = graph.successorRange(Int(next))
                } else {
                    let y = Int(graph.targets[edge.lowerBound])
                    edge = edge.dropFirst()
                    if y <= t {
                        if y == t { return true }
                        edge = edge.upperBound..<edge.upperBound  // successors are highest first
                    } else if forwardMark[y] != stamp {
                        if backwardMark[y] == stamp { return true }
                        forwardMark[y] = stamp
                        if t >= Reachability.windowStart(y) {
                            if labels.windowReaches(y, t) { return true }
                        } else {
                            switch labels.estimate(y, t) {
                            case .yes: return true
                            case .no: break
                            case .unknown: forward.append(Int32(y))
                            }
                        }
                    }
                }
                // One edge backward: `p` reaches t.
                if backEdge.isEmpty {
                    guard let next = backward.popLast() else { return false }
                    backEdge = graph.predecessorRange(Int(next))
                } else {
                    let p = Int(graph.predecessorTargets[backEdge.lowerBound])
                    backEdge = backEdge.dropFirst()
                    if p >= s {
                        if p == s { return true }
                        backEdge = backEdge.upperBound..<backEdge.upperBound  // predecessors are lowest first
                    } else if backwardMark[p] != stamp {
                        if forwardMark[p] == stamp { return true }
                        backwardMark[p] = stamp
                        if p >= windowOfS {
                            if labels.windowReaches(s, p) { return true }
                        } else {
                            switch labels.estimate(s, p) {
                            case .yes: return true
                            case .no: break
                            case .unknown: backward.append(Int32(p))
                            }
                        }
                    }
                }
            }
        }
    }
}
