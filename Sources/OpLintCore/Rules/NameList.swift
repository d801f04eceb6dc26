/// Names joined for a one-line message: `a, b, c and 7 more`.
enum NameList {
    static func summary(_ names: some Collection<String>, limit: Int = 5) -> String {
        let count = names.count
        if count == 1, let only = names.first { return only }
        var text = MessageText.Builder()
        for (k, name) in names.prefix(limit).enumerated() {
            if k > 0 { text.appendLiteral(", ") }
            text.append(name)
        }
        if count > limit {
            text.appendLiteral(" and ")
            text.append(integer: count - limit)
            text.appendLiteral(" more")
        }
        return text.text
    }

    /// `1 operation`, `3 operations`.
    static func count(_ n: Int, _ noun: String) -> String {
        written("\(n) \(noun)\(n == 1 ? "" : "s")")
    }

    /// The most steps a path shows; a longer one keeps its two ends around `… 7 more …`.
    static let pathLimit = 12

    /// Steps joined by ` → `: `a → b → c`, or for a long path `a → b → … 95 more … → y → z`.
    ///
    /// - Complexity: O(min(*steps*, `limit`)) names looked up.
    static func path(count: Int, limit: Int = pathLimit, name: (Int) -> String) -> String {
        shortened(count: count, limit: limit, item: name, skipped: { written("… \($0) more …") }).joined(separator: " → ")
    }

    /// The first `limit / 2` and last `limit / 2` of `count` items, with one item for the
    /// skipped middle made by `skipped`, in order.
    ///
    /// - Complexity: O(min(*count*, `limit`)) items made.
    static func shortened<T>(count: Int, limit: Int, item: (Int) -> T, skipped: (Int) -> T) -> [T] {
        guard count > limit else { return (0..<count).map(item) }
        let head = limit / 2
        let tail = limit - head
        return (0..<head).map(item) + [skipped(count - head - tail)] + (count - tail..<count).map(item)
    }
}

extension GraphAnalysis {
    /// `a waits for b`, with `(implicit: exclusivity category X)` for S21 edges.
    func describeEdge(_ position: Int, from waiter: Int) -> String {
        let dependency = name(Int(index.dependencyTargets[position]))
        switch index.origin(ofEdge: position) {
        case .dependency:
            return written("\(name(waiter)) waits for \(dependency)")
        case .exclusivity(let category):
            return written("\(name(waiter)) waits for \(dependency) (implicit: exclusivity category \(category), S21)")
        }
    }

    /// The dependency cycle as a path: `a → b → c → a`, its middle left out when it is long.
    func cyclePath(_ cycle: DependencyCycle) -> String {
        let path = cycle.path
        return NameList.path(count: path.count + 1) { name(Int(path[$0 % path.count])) }
    }

    /// What a root cause is, in words, for messages.
    func describe(_ cause: BlockingAnalysis.Cause) -> String {
        switch cause {
        case .cycle(let i): written("the dependency cycle \(cyclePath(cycles[i]))")
        case .selfDependency(let op): written("\(name(op)), which waits for itself")
        case .neverStarted(let op): written("\(name(op)), which is never added to a queue nor started")
        case .unknownQueue(let op): written("\(name(op)), whose queue \(graph.operations.queueName(at: op) ?? "") is not declared")
        case .zeroWidthQueue(let q): written("queue \(graph.queues[q].name), whose maxConcurrentOperationCount is 0")
        case .suspendedQueue(let q): written("queue \(graph.queues[q].name), which is suspended and never resumed")
        case .neverFinishes(let op):
            written("\(name(op)), \(graph.operations.isAsynchronous(at: op) ? "an asynchronous operation" : "an operation") that never finishes")
        }
    }

    /// The last step of a blocking chain: what `operation` itself is, for the root cause.
    func rootStatement(_ cause: BlockingAnalysis.Cause, operation: Int) -> String {
        let op = name(operation)
        switch cause {
        case .cycle(let i): return written("\(op) is on the dependency cycle \(cyclePath(cycles[i]))")
        case .selfDependency: return written("\(op) waits for itself")
        case .neverStarted: return written("\(op) is never added to a queue nor started")
        case .unknownQueue: return written("\(op) is added to queue \(graph.operations.queueName(at: operation) ?? ""), which is not declared")
        case .zeroWidthQueue(let q): return written("\(op) is on queue \(graph.queues[q].name), whose maxConcurrentOperationCount is 0")
        case .suspendedQueue(let q): return written("\(op) is on queue \(graph.queues[q].name), which is suspended and never resumed")
        case .neverFinishes:
            return written(graph.operations.isAsynchronous(at: operation) ? "\(op) is asynchronous and never finishes" : "\(op) never finishes")
        }
    }
}
