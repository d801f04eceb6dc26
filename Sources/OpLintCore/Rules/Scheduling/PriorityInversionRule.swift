/// OPL209: higher-QoS or higher-priority work waits for lower.
public struct PriorityInversionRule: Rule {
    public init() {}

    /// Inversions reported per queue of the waiting operation; the last one counts the rest.
    static let perQueueLimit = 100

    public static let description = RuleDescription(
        code: "OPL209",
        name: "priority-inversion",
        severity: .warning,
        summary: "An operation depends on or waits for one with a lower QoS, or a lower priority in the same queue.",
        details: """
            Compares the two ends of every explicit dependency and every `waitsFor`: \
            the waiting operation's effective quality of service (the higher of its own and its \
            queue's; `default` on either side counts as not set) against the other's, and — when both are on the same queue — their queue \
            priorities (rounded to the named levels). A lower priority counts only when the \
            queue starts some other operation that is not ordered with the lower one by a \
            dependency path: otherwise it is the only ready operation of its queue whenever it \
            is ready, and its priority holds nothing up (OPL210 notes such priorities). It does \
            not count on a queue with a slot for every operation it starts (the default width \
            counts as the simulator's, 64 unless the graph sets `defaultWidth`): every ready \
            operation starts at once there (S13). Nor does an operation the waiting one also \
            waits for, directly or through others: whichever of the two the queue starts first, \
            the waiting operation starts after both. One \
            finding per pair, at the waiting \
            operation; the message gives both levels. Implicit exclusivity edges are not \
            checked (their order is deliberate), nor waits for whole queues, nor pairs on one \
            dependency cycle (OPL101 reports those). An operation on the main queue is never \
            the lower side: the main queue runs it at `userInteractive` whatever it asks for \
            (S17; Foundation ignores a QoS set on the main queue, and `simulate` runs it so). \
            As the waiting side, the main queue counts with the QoS the graph gives it \
            (`default` unless set), so that the everyday pattern — work on a background \
            queue, then a user-interface update on the main queue that depends on it — is \
            reported only when that work asks for `utility` or `background`.

            Its claim is *may*, about order rather than deadlock: in some schedule the \
            higher-priority work waits on the lower — a warning; nothing here says it never \
            finishes.
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
            """),
        limits: """
            At most 100 inversions are listed per queue of the waiting operations (and 100 for \
            operations on no queue); the last one listed says how many more there are. For the \
            priority form, a queue with more than 64 other operations is assumed to hold one \
            not ordered with the lower one, as is any queue where the search for dependency \
            paths stops after 10,000 operations, and every queue once the searches of one lint \
            have visited 2,000,000 operations in all.
            """
    )

    /// What the check compares, per operation: effective QoS and rounded priority.
    private struct Levels {
        /// Effective QoS of each operation; empty when no QoS is set anywhere.
        var qualityOfService: [QualityOfService] = []
        /// Priority level of each operation divided by 4 (-2…2); empty when every priority is normal.
        var priority: [Int8] = []

        /// Whether each operation is on the main queue, which runs it at `userInteractive`
        /// whatever it asks for; empty when no operation is.
        var onMainQueue: [Bool] = []

        /// The QoS `target` runs at as the work waited for: on the main queue, `userInteractive`.
        func qualityOfService(waitedFor target: Int) -> QualityOfService {
            !onMainQueue.isEmpty && onMainQueue[target] ? .userInteractive : qualityOfService[target]
        }

        /// Whether `waiter` has the higher effective QoS.
        func qualityOfServiceInverted(_ waiter: Int, _ target: Int) -> Bool {
            !qualityOfService.isEmpty && qualityOfService[waiter] > qualityOfService(waitedFor: target)
        }

        /// Whether `waiter` has the higher QoS, or the higher priority on the same queue that starts both.
        func inverted(_ waiter: Int, _ target: Int, _ index: GraphIndex, _ operations: OperationGraph.OperationList) -> Bool {
            guard waiter != target else { return false }
            if qualityOfServiceInverted(waiter, target) { return true }
            guard !priority.isEmpty, priority[waiter] > priority[target] else { return false }
            let queue = index.queueOfOperation[waiter]
            return queue >= 0 && index.queueOfOperation[target] == queue
                && operations.start(at: waiter) == .queue && operations.start(at: target) == .queue
        }
    }

    /// - Complexity: O(*q*) after the shared feature scan when every QoS is `default` and every
    ///   priority `normal`; else O(*n* + *e* + *w*), plus O(degree) per finding.
    public func check(_ analysis: GraphAnalysis) -> [Finding] {
        let graph = analysis.graph
        let index = analysis.index
        let features = analysis.schedulingFeatures
        let queueQoS = graph.queues.contains { $0.qualityOfService != .default }
        guard queueQoS || !features.qualityOfServiceSetters.isEmpty || !features.prioritized.isEmpty else { return [] }
        var levels = Levels()
        let n = index.operationCount
        if queueQoS || !features.qualityOfServiceSetters.isEmpty {
            levels.qualityOfService = index.queueOfOperation.map { $0 >= 0 ? graph.queues[Int($0)].qualityOfService : .default }
            for i in features.qualityOfServiceSetters {
                levels.qualityOfService[Int(i)] = effectiveQoS(Int(i), analysis)
            }
            if graph.queues.contains(where: \.isMain) {
                levels.onMainQueue = index.queueOfOperation.map { $0 >= 0 && graph.queues[Int($0)].isMain }
            }
        }
        levels.priority = features.priorityLevel
        // Two operations on one dependency cycle never run at all: OPL101 reports them.
        let components = analysis.components
        var findings = CappedFindings(queueCount: graph.queues.count)
        var rivals = Rivals(analysis)
        for waiter in 0..<n {
            let edges = index.dependencyEdges(of: waiter)
            for edge in edges {
                let target = Int(index.dependencyTargets[edge])
                guard levels.inverted(waiter, target, index, graph.operations), case .dependency = index.origin(ofEdge: edge),
                      components.component[waiter] != components.component[target] else { continue }
                // One finding per pair: skip a repeated dependency on the same operation.
                guard !index.dependencyTargets[edges.lowerBound..<edge].contains(Int32(target)) else { continue }
                guard levels.qualityOfServiceInverted(waiter, target) || rivals.exist(for: target, waiter: waiter) else { continue }
                guard findings.admit(index.queueOfOperation[waiter]) else { continue }
                if let finding = compare(waiter, target, levels, analysis, verb: "depends on", site: analysis.location(ofEdge: edge, from: waiter)) {
                    findings.append(finding, queue: index.queueOfOperation[waiter])
                }
            }
        }
        var previousWaiter: Int32 = -1
        var waitedFor: [Int32] = []
        for wait in index.operationWaits {
            if wait.waiter != previousWaiter {
                previousWaiter = wait.waiter
                waitedFor = []
            }
            let waiter = Int(wait.waiter)
            let target = Int(wait.target)
            guard !waitedFor.contains(wait.target), levels.inverted(waiter, target, index, graph.operations),
                  components.component[waiter] != components.component[target] else { continue }
            waitedFor.append(wait.target)
            guard index.edge(from: waiter, to: target) == nil else { continue }  // Reported as a dependency.
            guard levels.qualityOfServiceInverted(waiter, target) || rivals.exist(for: target, waiter: waiter) else { continue }
            guard findings.admit(index.queueOfOperation[waiter]) else { continue }
            let site = SchedulingLint.location(ofWait: Int(wait.index), by: waiter, in: analysis)
            if let finding = compare(waiter, target, levels, analysis, verb: "waits for", site: site) {
                findings.append(finding, queue: index.queueOfOperation[waiter])
            }
        }
        return findings.result(analysis)
    }

    /// The findings, at most `perQueueLimit` per queue of the waiting operation; the last one
    /// reported for a queue counts the rest.
    private struct CappedFindings {
        private var findings: [Finding] = []
        /// Per queue (the last slot: no queue), how many inversions were found and which finding came last.
        private var found: [Int]
        private var last: [Int]

        init(queueCount: Int) {
            found = [Int](repeating: 0, count: queueCount + 1)
            last = [Int](repeating: -1, count: queueCount + 1)
        }

        private func slot(_ queue: Int32) -> Int { queue >= 0 ? Int(queue) : found.count - 1 }

        /// Counts one inversion by an operation of `queue`; true while it is still to be reported.
        mutating func admit(_ queue: Int32) -> Bool {
            found[slot(queue)] += 1
            return found[slot(queue)] <= PriorityInversionRule.perQueueLimit
        }

        mutating func append(_ finding: Finding, queue: Int32) {
            last[slot(queue)] = findings.count
            findings.append(finding)
        }

        func result(_ analysis: GraphAnalysis) -> [Finding] {
            var result = findings
            for s in found.indices where found[s] > PriorityInversionRule.perQueueLimit && last[s] >= 0 {
                let rest = found[s] - PriorityInversionRule.perQueueLimit
                let place = s < analysis.graph.queues.count ? "of queue \(SchedulingLint.quoted(analysis.graph.queues[s].name))" : "on no queue"
                result[last[s]].notes.append("\(rest) more inversions by operations \(place) are not listed")
            }
            return result
        }
    }

    /// The higher of an operation's QoS and its queue's (S10); `default` on either side means
    /// "not set", so the other side decides.
    private func effectiveQoS(_ operation: Int, _ analysis: GraphAnalysis) -> QualityOfService {
        let own = analysis.graph.operations.qualityOfService(at: operation)
        guard let queue = SchedulingLint.queue(of: operation, in: analysis) else { return own }
        let queueQoS = analysis.graph.queues[queue].qualityOfService
        if own == .default { return queueQoS }
        if queueQoS == .default { return own }
        return max(own, queueQoS)
    }

    private func compare(
        _ waiter: Int, _ target: Int, _ levels: Levels, _ analysis: GraphAnalysis, verb: String, site: SourceLocation
    ) -> Finding? {
        guard waiter != target else { return nil }
        let q = SchedulingLint.quoted
        let waiterName = q(analysis.name(waiter))
        let targetName = q(analysis.name(target))
        // Made only for a finding: most pairs compared are not inversions.
        func related() -> [Finding.Related] {
            [Finding.Related(site, written("\(waiterName) \(verb) \(targetName) here")), SchedulingLint.created(target, in: analysis)]
        }
        if !levels.qualityOfService.isEmpty {
            let high = levels.qualityOfService[waiter]
            let low = levels.qualityOfService(waitedFor: target)
            if high > low {
                return finding(
                    written("\(waiterName) (effective QoS \(high.rawValue)) \(verb) \(targetName) (effective QoS \(low.rawValue)): the \(high.rawValue) work is held up by \(low.rawValue) work"),
                    at: analysis.location(ofOperation: waiter),
                    related: related(),
                    fix: Finding.Fix(written("raise the qualityOfService of \(targetName) to \(high.rawValue), or do not make \(waiterName) wait for it")),
                    operations: [analysis.name(waiter), analysis.name(target)],
                    queues: queueNames(waiter, target, analysis))
            }
        }
        let operations = analysis.graph.operations
        guard operations.start(at: waiter) == .queue, operations.start(at: target) == .queue,
              let queue = SchedulingLint.queue(of: waiter, in: analysis) else { return nil }
        let high = operations.priority(at: waiter).level
        let low = operations.priority(at: target).level
        return finding(
            written("\(waiterName) (priority \(high.description)) \(verb) \(targetName) (priority \(low.description)) on the same queue \(q(analysis.graph.queues[queue].name)): the queue starts \(targetName) after its other ready operations"),
            at: analysis.location(ofOperation: waiter),
            related: related(),
            fix: Finding.Fix(written("raise the queuePriority of \(targetName) to \(high.description), or lower that of \(waiterName)")),
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
