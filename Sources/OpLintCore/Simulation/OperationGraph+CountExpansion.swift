extension OperationGraph {
    /// Whether some operation has a `count` above 1, so that `expandingCounts()` changes the graph.
    var hasCounts: Bool { operations.columns.count.contains { $0 > 1 } }

    /// The graph with every operation of `count` n > 1 replaced by n copies `name#1` … `name#n`.
    ///
    /// Copies keep the operation's settings and edges: each copy waits for what the operation
    /// waits for, and whatever waits for the operation waits for every copy. Cancel events and
    /// `--duration` overrides naming the operation apply to every copy.
    /// - Complexity: O(*n* + *e* + copies); the graph is returned as is when no count exceeds 1.
    public func expandingCounts() -> OperationGraph {
        guard hasCounts else { return self }
        var copies: [String: Int] = [:]
        for i in operations.indices where operations.count(at: i) > 1 { copies[operations.name(at: i)] = operations.count(at: i) }
        func expand(_ references: [Reference]) -> [Reference] {
            guard references.contains(where: { copies[$0.name] != nil }) else { return references }
            var result: [Reference] = []
            for reference in references {
                guard let count = copies[reference.name] else { result.append(reference); continue }
                for k in 1...count {
                    var copy = reference
                    copy.name = "\(reference.name)#\(k)"
                    result.append(copy)
                }
            }
            return result
        }
        var expanded = self
        expanded.operations = []
        expanded.operations.reserveCapacity(operations.count)
        for operation in operations {
            var base = operation
            base.dependencies = expand(operation.dependencies)
            base.waitsFor = expand(operation.waitsFor)
            guard operation.count > 1 else { expanded.operations.append(base); continue }
            base.count = 1
            for k in 1...operation.count {
                var copy = base
                copy.name = "\(operation.name)#\(k)"
                expanded.operations.append(copy)
            }
        }
        expanded.events = []
        for event in events {
            if case .cancel(let name) = event.action, let count = copies[name] {
                for k in 1...count {
                    var copy = event
                    copy.action = .cancel(operation: "\(name)#\(k)")
                    expanded.events.append(copy)
                }
            } else {
                expanded.events.append(event)
            }
        }
        return expanded
    }

    /// How many operations, and dependencies plus waits, `expandingCounts()` would make:
    /// a copy keeps every edge, so a counted operation that depends on another counted one
    /// makes the product of the two counts. Saturates at `Int.max`.
    ///
    /// - Complexity: O(*n* + *e*).
    public func countExpansionSize() -> (operations: Int, edges: Int) {
        var copies: [String: Int] = [:]
        for i in operations.indices where operations.count(at: i) > 1 { copies[operations.name(at: i)] = operations.count(at: i) }
        var total = (operations: 0, edges: 0)
        func add(_ value: Int, to sum: inout Int) {
            let (result, overflow) = sum.addingReportingOverflow(value)
            sum = overflow ? Int.max : result
        }
        for i in operations.indices {
            let count = operations.count(at: i)
            add(count, to: &total.operations)
            var references = 0
            for k in 0..<operations.dependencyCount(at: i) { add(copies[operations.dependencyName(k, at: i)] ?? 1, to: &references) }
            for reference in operations.waitsFor(at: i) { add(copies[reference.name] ?? 1, to: &references) }
            let (edges, overflow) = references.multipliedReportingOverflow(by: count)
            add(overflow ? Int.max : edges, to: &total.edges)
        }
        return total
    }

    /// The names an operation name stands for after count expansion: itself, or its copies.
    func expandedNames(_ name: String, counts: [String: Int]) -> [String] {
        guard let count = counts[name], count > 1 else { return [name] }
        return (1...count).map { "\(name)#\($0)" }
    }
}
