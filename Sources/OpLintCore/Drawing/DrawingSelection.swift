/// The parts of a graph a drawing can be limited to: the neighbourhood of one operation
/// (`--focus`), the operations named in findings (`--findings-only`).
struct DrawingSelection {
    let graph: OperationGraph
    let index: GraphIndex
    let marks: FindingMarks

    /// The operations at most `depth` dependency steps before or after `start` (following
    /// dependencies and `waitsFor` one way, then the other way).
    ///
    /// - Complexity: O(*n* + *e*).
    func neighbourhood(of start: Int, depth: Int) -> [Bool] {
        var selected = [Bool](repeating: false, count: index.operationCount)
        selected[start] = true
        var waitsOf = [[Int32]](repeating: [], count: index.operationCount)
        var waitersOf = [[Int32]](repeating: [], count: index.operationCount)
        for wait in index.operationWaits {
            waitsOf[Int(wait.waiter)].append(wait.target)
            waitersOf[Int(wait.target)].append(wait.waiter)
        }
        for forward in [true, false] {
            var distance = [Int32](repeating: -1, count: index.operationCount)
            distance[start] = 0
            var frontier = [start]
            var level: Int32 = 0
            while !frontier.isEmpty && Int(level) < depth {
                level += 1
                var next: [Int] = []
                for v in frontier {
                    let neighbours = forward
                        ? Array(index.dependents(of: v)) + waitersOf[v]
                        : Array(index.dependencies(of: v)) + waitsOf[v]
                    for w in neighbours where distance[Int(w)] < 0 {
                        distance[Int(w)] = level
                        selected[Int(w)] = true
                        next.append(Int(w))
                    }
                }
                frontier = next
            }
        }
        return selected
    }

    /// The operations named in findings (or on queues named in findings), and their direct
    /// dependencies, dependents and waits.
    ///
    /// - Complexity: O(*n* + *e*).
    func involvedInFindings() -> [Bool] {
        let n = index.operationCount
        var involved = (0..<n).map { marks.isInvolved($0) }
        var queueInvolved = marks.findingsOfQueue.map { !$0.isEmpty }
        if queueInvolved.contains(true) {
            for i in 0..<n where !involved[i] {
                let q = Int(index.queueOfOperation[i])
                if q >= 0 && queueInvolved[q] { involved[i] = true }
            }
        }
        queueInvolved = []
        var selected = involved
        for i in 0..<n where involved[i] {
            for d in index.dependencies(of: i) { selected[Int(d)] = true }
            for d in index.dependents(of: i) { selected[Int(d)] = true }
        }
        for wait in index.operationWaits where involved[Int(wait.waiter)] || involved[Int(wait.target)] {
            selected[Int(wait.waiter)] = true
            selected[Int(wait.target)] = true
        }
        return selected
    }

    /// The operation name closest to `name` by edit distance, when it is close enough to suggest.
    ///
    /// - Complexity: O(*n* · *m*²) for *n* names of length about *m*.
    func nearestName(to name: String) -> String? {
        let target = Array(name.unicodeScalars)
        var best: (distance: Int, name: String)?
        for operation in graph.operations {
            let candidate = Array(operation.name.unicodeScalars)
            guard abs(candidate.count - target.count) <= 3 else { continue }
            let distance = Self.editDistance(target, candidate)
            if distance <= max(1, target.count / 3), best.map({ distance < $0.distance }) ?? true {
                best = (distance, operation.name)
            }
        }
        return best?.name
    }

    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...max(1, a.count) where !a.isEmpty {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
