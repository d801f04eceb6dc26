/// OPL209: higher-QoS or higher-priority work waits for lower.
public struct PriorityInversionRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        code: "OPL209",
        name: "priority-inversion",
        severity: .warning,
        summary: "An operation depends on or waits for one with a lower QoS, or a lower priority in the same queue.",
        details: """
            Compares the two ends of every explicit dependency and every `waitsFor`: \
            the waiting operation's effective quality of service (the higher of its own and its \
            queue's; `default` on either side counts as not set) against the other's, and — when both are on the same queue — their queue \
            priorities (rounded to the named levels). One finding per pair, at the waiting \
            operation; the message gives both levels. Implicit exclusivity edges are not \
            checked (their order is deliberate), nor waits for whole queues. The QoS of the \
            main queue is the one the graph gives it.
            """,
        rationale: """
            An operation's effective QoS is the higher of its own and its queue's (S10); the \
            system serves it before lower-QoS work, across queues. When it depends on lower-QoS \
            work (S3) — or waits for it, blocking its thread (S19) — it runs no sooner than that \
            work, which the system deliberately runs late: the urgent work inherits the \
            delay. Queue priority only orders ready operations of one queue (S9, S14), so a \
            high-priority operation behind a low-priority one waits until the queue gets round \
            to the low one.
            """,
        failingExample: .json("""
            {
              "version": 1,
              "queues": [
                { "name": "ui", "qualityOfService": "userInitiated" },
                { "name": "prefetch", "qualityOfService": "utility" }
              ],
              "operations": [
                { "name": "thumbnail", "queue": "prefetch" },
                ↓{ "name": "render", "queue": "ui", "dependencies": ["thumbnail"] }
              ]
            }
            """),
        fixedExample: .json("""
            {
              "version": 1,
              "queues": [
                { "name": "ui", "qualityOfService": "userInitiated" },
                { "name": "prefetch", "qualityOfService": "utility" }
              ],
              "operations": [
                { "name": "thumbnail", "queue": "prefetch", "qualityOfService": "userInitiated" },
                { "name": "render", "queue": "ui", "dependencies": ["thumbnail"] }
              ]
            }
            """)
    )

    /// - Complexity: O(*n* + *q*) when every QoS is `default` and every priority `normal`; else O(*n* + *e* + *w*).
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let graph = analysis.graph
        let index = analysis.index
        let queueQoS = graph.queues.contains { $0.qualityOfService != .default }
        var operationQoS = false
        var priorities = false
        for operation in graph.operations.indices {
            if graph.operations[operation].qualityOfService != .default { operationQoS = true }
            if graph.operations[operation].priority.level != .normal { priorities = true }
            if operationQoS && priorities { break }
        }
        guard queueQoS || operationQoS || priorities else { return [] }
        let checkQoS = queueQoS || operationQoS
        var findings: [Finding] = []
        var waitsByWaiter: [Int32: [(target: Int32, index: Int32)]] = [:]
        for wait in index.operationWaits { waitsByWaiter[wait.waiter, default: []].append((wait.target, wait.index)) }
        for waiter in 0..<index.operationCount {
            var seen: [Int32] = []
            for edge in index.dependencyEdges(of: waiter) {
                guard case .dependency = index.origin(ofEdge: edge) else { continue }
                let target = index.dependencyTargets[edge]
                guard !seen.contains(target) else { continue }
                seen.append(target)
                if let finding = compare(waiter, Int(target), checkQoS: checkQoS, checkPriority: priorities, analysis, verb: "depends on",
                                         site: analysis.location(ofEdge: edge, from: waiter)) {
                    findings.append(finding)
                }
            }
            for wait in waitsByWaiter[Int32(waiter)] ?? [] where !seen.contains(wait.target) {
                seen.append(wait.target)
                let site = SchedulingLint.location(ofWait: Int(wait.index), by: waiter, in: analysis)
                if let finding = compare(waiter, Int(wait.target), checkQoS: checkQoS, checkPriority: priorities, analysis, verb: "waits for", site: site) {
                    findings.append(finding)
                }
            }
        }
        return findings
    }

    /// The higher of an operation's QoS and its queue's (S10); `default` on either side means
    /// "not set", so the other side decides.
    private func effectiveQoS(_ operation: Int, _ analysis: GraphAnalysis) -> QualityOfService {
        let own = analysis.graph.operations[operation].qualityOfService
        guard let queue = SchedulingLint.queue(of: operation, in: analysis) else { return own }
        let queueQoS = analysis.graph.queues[queue].qualityOfService
        if own == .default { return queueQoS }
        if queueQoS == .default { return own }
        return max(own, queueQoS)
    }

    private func compare(
        _ waiter: Int, _ target: Int, checkQoS: Bool, checkPriority: Bool, _ analysis: GraphAnalysis,
        verb: String, site: SourceLocation
    ) -> Finding? {
        guard waiter != target else { return nil }
        let q = SchedulingLint.quoted
        let waiterName = q(analysis.name(waiter))
        let targetName = q(analysis.name(target))
        let related = [Finding.Related(site, "\(waiterName) \(verb) \(targetName) here"), SchedulingLint.created(target, in: analysis)]
        if checkQoS {
            let high = effectiveQoS(waiter, analysis)
            let low = effectiveQoS(target, analysis)
            if high > low {
                return finding(
                    "\(waiterName) (effective QoS \(high.rawValue)) \(verb) \(targetName) (effective QoS \(low.rawValue)): the \(high.rawValue) work is held up by \(low.rawValue) work",
                    at: analysis.location(ofOperation: waiter),
                    related: related,
                    fix: Finding.Fix("raise the qualityOfService of \(targetName) to \(high.rawValue), or do not make \(waiterName) wait for it"),
                    operations: [analysis.name(waiter), analysis.name(target)],
                    queues: queueNames(waiter, target, analysis))
            }
        }
        guard checkPriority, let queue = SchedulingLint.queue(of: waiter, in: analysis),
              SchedulingLint.queue(of: target, in: analysis) == queue else { return nil }
        let high = analysis.graph.operations[waiter].priority.level
        let low = analysis.graph.operations[target].priority.level
        guard high > low else { return nil }
        return finding(
            "\(waiterName) (priority \(high.description)) \(verb) \(targetName) (priority \(low.description)) on the same queue \(q(analysis.graph.queues[queue].name)): the queue starts \(targetName) after its other ready operations",
            at: analysis.location(ofOperation: waiter),
            related: related,
            fix: Finding.Fix("raise the queuePriority of \(targetName) to \(high.description), or lower that of \(waiterName)"),
            operations: [analysis.name(waiter), analysis.name(target)],
            queues: [analysis.graph.queues[queue].name])
    }

    private func queueNames(_ waiter: Int, _ target: Int, _ analysis: GraphAnalysis) -> [String] {
        var names: [String] = []
        for operation in [waiter, target] {
            if let queue = SchedulingLint.queue(of: operation, in: analysis), !names.contains(analysis.graph.queues[queue].name) {
                names.append(analysis.graph.queues[queue].name)
            }
        }
        return names
    }
}
