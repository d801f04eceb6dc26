/// The findings of a graph, attached to the operations and queues they name, as the
/// drawings need them.
struct FindingMarks {
    /// How an operation is drawn, by its most important finding.
    enum State: Int, Comparable {
        case normal, warning, unreachable, error

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    static let cycleCode = "OPL101"
    static let unreachableCode = "OPL106"

    let findings: [Finding]
    /// Indices into `findings` of the findings naming each operation, in report order.
    let findingsOfOperation: [[Int32]]
    /// Indices into `findings` of the findings naming each queue.
    let findingsOfQueue: [[Int32]]
    /// For each operation, the index of the dependency-cycle finding it is a member of, or -1.
    let cycleOfOperation: [Int32]
    let stateOfOperation: [State]

    /// - Complexity: O(*n* + total operations named by the findings).
    init(findings: [Finding], graph: OperationGraph, index: GraphIndex) {
        let sorted = findings.filter { !$0.isSuppressed }.sorted(by: Finding.reportOrder)
        let n = index.operationCount
        var ofOperation = [[Int32]](repeating: [], count: n)
        var ofQueue = [[Int32]](repeating: [], count: graph.queues.count)
        var cycle = [Int32](repeating: -1, count: n)
        var state = [State](repeating: .normal, count: n)
        for (f, finding) in sorted.enumerated() {
            var seen = Set<Int>()
            for name in finding.operations {
                guard let i = index.operation(named: name), seen.insert(i).inserted else { continue }
                ofOperation[i].append(Int32(f))
                if finding.rule.code == Self.cycleCode && cycle[i] < 0 { cycle[i] = Int32(f) }
                let marked: State = switch finding.severity {
                case .error: finding.rule.code == Self.unreachableCode ? .unreachable : .error
                case .warning: .warning
                case .note: .normal
                }
                state[i] = max(state[i], marked)
            }
            for name in Set(finding.queues) {
                if let q = index.queue(named: name) { ofQueue[q].append(Int32(f)) }
            }
        }
        self.findings = sorted
        self.findingsOfOperation = ofOperation
        self.findingsOfQueue = ofQueue
        self.cycleOfOperation = cycle
        self.stateOfOperation = state
    }

    /// True when both operations are members of the same dependency-cycle finding.
    func isCycleEdge(_ a: Int, _ b: Int) -> Bool {
        cycleOfOperation[a] >= 0 && cycleOfOperation[a] == cycleOfOperation[b]
    }

    /// True when any finding names the operation.
    func isInvolved(_ operation: Int) -> Bool {
        !findingsOfOperation[operation].isEmpty
    }

    /// The short lines shown in a label: `error OPL101 dependency-cycle`, `warnings OPL209, OPL211`.
    func labelLines(for indices: [Int32]) -> [String] {
        var lines: [String] = []
        for severity in [Severity.error, .warning] {
            var rules: [RuleID] = []
            for f in indices where findings[Int(f)].severity == severity && !rules.contains(findings[Int(f)].rule) {
                rules.append(findings[Int(f)].rule)
            }
            rules.sort()
            guard let first = rules.first else { continue }
            let word = severity.rawValue
            lines.append(rules.count == 1
                ? "\(word) \(first.code) \(first.name)"
                : "\(word)s " + rules.map(\.code).joined(separator: ", "))
        }
        return lines
    }

    /// The findings as tooltip lines, each cut to a readable length, at most `limit` of them.
    func tooltipLines(for indices: [Int32], limit: Int = 8) -> [String] {
        var lines = indices.prefix(limit).map { f -> String in
            let finding = findings[Int(f)]
            return "\(finding.severity.rawValue) \(finding.rule.code) \(finding.rule.name): "
                + DOTText.truncated(finding.message, to: 300)
        }
        if indices.count > limit { lines.append("… and \(indices.count - limit) more findings") }
        return lines
    }
}
