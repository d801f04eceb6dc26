extension WaitDeadlockRule {
    /// What the graph alone says about one wait.
    enum Verdict {
        /// A deadlock in every schedule: a *must* claim, reported as an error.
        case deadlock(Finding)
        /// A deadlock in some timings only, or none: `phrase` says which, for a note when no
        /// simulated schedule reaches it.
        case doubtful(waiter: Int, blocker: Int?, phrase: String)
        /// No deadlock the graph could reach through this wait.
        case harmless
    }

    /// Judges each wait from the graph: the "cannot finish before" graph and its cycles, the
    /// order queues force, and the cancels that may release an operation.
    struct Judge {
        let rule: WaitDeadlockRule
        let analysis: GraphAnalysis
        let graph: WaitGraph
        let order: ForcedOrder
        let cancellation: CancellationReach
        /// The graph's operations, and per operation the queue it is added to (-1 when it is
        /// started by hand, never, or names no queue): the closures below capture the array
        /// alone, since copying the operations retains each of their columns.
        private let operations: OperationGraph.OperationList
        private let queuedOn: [Int32]
        private var search: WaitGraph.Search
        private var dependencySearch: WaitGraph.Search
        private let names: SchedulingLint.QuotedNames
        /// Nodes the searches may still visit.
        private var budget = WaitDeadlockRule.searchBudget
        /// Waits not judged because the budget ran out.
        private(set) var unjudged = 0

        /// Nodes all searches visited so far: the work beyond the linear passes.
        var work: Int { search.work + dependencySearch.work }

        init(_ rule: WaitDeadlockRule, _ analysis: GraphAnalysis) {
            self.rule = rule
            self.analysis = analysis
            cancellation = analysis.cancellation
            graph = WaitGraph(analysis, cancellation: cancellation)
            order = ForcedOrder(analysis)
            let operations = analysis.graph.operations
            self.operations = operations
            queuedOn = analysis.index.queueOfOperation.enumerated().map { i, queue in
                operations.start(at: i) == .queue ? queue : -1
            }
            search = WaitGraph.Search(graph)
            dependencySearch = WaitGraph.Search(graph)
            names = SchedulingLint.QuotedNames(analysis)
        }

        private var q: (String) -> String { SchedulingLint.quoted }

        private func name(_ operation: Int) -> String { names(operation) }

        /// The serial queue `operation` holds a slot of while it runs, if any.
        private func serialQueue(of operation: Int) -> Int? {
            let queue = Int(queuedOn[operation])
            guard queue >= 0,
                  ForcedOrder.isSerial(analysis.graph.queues[queue], analysis.graph) else { return nil }
            return queue
        }

        private func isOn(_ queue: Int, _ operation: Int) -> Bool {
            queuedOn[operation] == Int32(queue)
        }

        private func cancelPhrase(_ operation: Int) -> String {
            guard let event = cancellation.cancelEvent(of: operation) else { return "a cancel" }
            let value = analysis.graph.events[event]
            return "the \(value.action.key) at \(SchedulingLint.seconds(value.at)) s"
        }

        /// One search within what is left of the budget; nil when none was left.
        private mutating func bounded(from source: Int, allow: (Int) -> Bool, stop: (Int) -> Bool) -> (found: Int?, searched: Bool) {
            guard budget > 0 else { return (nil, false) }
            let before = search.work
            let found = search.run(from: source, limit: min(WaitDeadlockRule.searchLimit, budget), allow: allow, stop: stop)
            budget -= search.work - before
            return (found, true)
        }

        /// Whether `first` finishes before `waiter` starts in every schedule: `waiter` cannot start
        /// before it finishes (a chain from a dependency of `waiter`), or a serial queue starts it first.
        private mutating func finishesBefore(_ first: Int, starts waiter: Int) -> Bool {
            if serialQueue(of: waiter) != nil && order.startsBefore(first, waiter) { return true }
            let dependencies = analysis.index.dependencyEdges(of: waiter)
            guard !dependencies.isEmpty, budget > 0 else { return false }
            let before = dependencySearch.work
            let found = dependencySearch.run(from: waiter, limit: min(256, budget), dependenciesOfSource: true, allow: { _ in true }, stop: { $0 == first })
            budget -= dependencySearch.work - before
            return found != nil
        }

        // MARK: Waits for an operation

        mutating func judge(wait w: Int) -> Verdict {
            let wait = analysis.index.operationWaits[w]
            let waiter = Int(wait.waiter)
            let target = Int(wait.target)
            guard operations.start(at: waiter) != .never else { return .harmless }
            let analysis = self.analysis
            let names = self.names
            let waitSite = { Finding.Related(
                SchedulingLint.location(ofWait: Int(wait.index), by: waiter, in: analysis),
                written("\(names(waiter)) waits for \(names(target)) here")) }
            if waiter == target {
                if cancellation.mayCancel(waiter) {
                    return .doubtful(waiter: waiter, blocker: nil, phrase: "\(name(waiter)) waits for itself, so it never finishes unless \(cancelPhrase(waiter)) comes before it starts")
                }
                return .deadlock(rule.finding(
                    "\(name(waiter)) waits for itself: waitUntilFinished() on the running operation never returns",
                    at: analysis.location(ofOperation: waiter),
                    related: [waitSite()],
                    fix: Finding.Fix("remove \(name(waiter)) from its own waitsFor"),
                    operations: [analysis.name(waiter)]))
            }
            if graph.sameCycle(waiter, target) {
                guard let (chain, links) = cycle(waiter, from: target, entry: nil) else {
                    return graph.cycleSurelyReleased(target) ? .harmless : .doubtful(waiter: waiter, blocker: nil, phrase: cyclePhrase(waiter))
                }
                do {
                    var operations = [analysis.name(waiter), analysis.name(target)]
                    operations += SchedulingLint.shown(links).map { analysis.name($0.target) }.filter { $0 != analysis.name(waiter) && $0 != analysis.name(target) }
                    return .deadlock(rule.finding(
                        "\(name(waiter)) waits for \(name(target)), which cannot finish before \(name(waiter)) does\(chain)",
                        at: analysis.location(ofOperation: waiter),
                        related: [waitSite()] + SchedulingLint.related(links, in: analysis, names: names) + [SchedulingLint.created(target, in: analysis, names: names)],
                        fix: Finding.Fix("remove the wait for \(name(target)) from \(name(waiter)): \(name(target)) can only finish after \(name(waiter))"),
                        operations: unique(operations),
                        queues: queueNames(of: waiter)))
                }
            }
            guard let serial = serialQueue(of: waiter) else { return .harmless }
            return serialWait(waiter, serial, from: target, entry: nil, waitSite: waitSite, waitedFor: name(target), targetName: analysis.name(target))
        }

        // MARK: Waits for a queue

        mutating func judge(queueWait w: Int) -> Verdict {
            let wait = analysis.index.queueWaits[w]
            let waiter = Int(wait.waiter)
            let queue = Int(wait.queue)
            guard operations.start(at: waiter) != .never else { return .harmless }
            let queueName = analysis.graph.queues[queue].name
            let analysis = self.analysis
            let names = self.names
            let waitSite = { Finding.Related(
                SchedulingLint.location(ofQueueWait: Int(wait.index), by: waiter, in: analysis),
                "\(names(waiter)) waits for all operations of \(SchedulingLint.quoted(queueName)) here") }
            if isOn(queue, waiter) {
                if cancellation.mayCancel(waiter) {
                    return .doubtful(waiter: waiter, blocker: nil, phrase: "\(name(waiter)) waits for all operations of its own queue \(q(queueName)), itself included, so it never finishes unless \(cancelPhrase(waiter)) comes before it starts")
                }
                return .deadlock(rule.finding(
                    "\(name(waiter)) on \(SchedulingLint.describe(queue: queue, in: analysis)) waits for all operations of its own queue, itself included: waitUntilAllOperationsAreFinished() never returns",
                    at: analysis.location(ofOperation: waiter),
                    related: [waitSite()] + SchedulingLint.created(queue: queue, in: analysis),
                    fix: Finding.Fix("wait for \(q(queueName)) from outside its operations, or make \(name(waiter))'s successors depend on the operations instead"),
                    operations: [analysis.name(waiter)],
                    queues: [queueName]))
            }
            guard let node = graph.node(ofQueueWait: w, in: analysis) else { return .harmless }
            let entry = (waiter: waiter, step: WaitGraph.Step.queueWait(index: w))
            if graph.sameCycle(waiter, node) {
                guard let (chain, links) = cycle(waiter, from: node, entry: entry) else {
                    return graph.cycleSurelyReleased(node) ? .harmless : .doubtful(waiter: waiter, blocker: nil, phrase: cyclePhrase(waiter))
                }
                do {
                    let member = links.first?.target
                    let memberText = member.map { "\(name($0)) on it" } ?? "one of its operations"
                    let rest = Array(links.dropFirst())
                    let restChain = rest.isEmpty ? "" : ": " + SchedulingLint.describe(rest, in: analysis, names: names)
                    var operations = [analysis.name(waiter)] + (member.map { [analysis.name($0)] } ?? [])
                    operations += SchedulingLint.shown(rest).map { analysis.name($0.target) }
                    return .deadlock(rule.finding(
                        "\(name(waiter)) waits for all operations of \(SchedulingLint.describe(queue: queue, in: analysis)), but \(memberText) cannot finish before \(name(waiter)) does\(chain.isEmpty ? "" : restChain)",
                        at: analysis.location(ofOperation: waiter),
                        related: [waitSite()] + SchedulingLint.related(rest, in: analysis, names: names) + (member.map { [SchedulingLint.created($0, in: analysis, names: names)] } ?? []),
                        fix: Finding.Fix("remove the wait for \(q(queueName)) from \(name(waiter)): \(memberText) can only finish after \(name(waiter))"),
                        operations: unique(operations),
                        queues: [queueName]))
                }
            }
            guard let serial = serialQueue(of: waiter) else { return .harmless }
            return serialWait(waiter, serial, from: node, entry: entry, waitSite: waitSite,
                              waitedFor: "all operations of \(q(queueName))", targetName: nil)
        }

        // MARK: Shared

        /// A wait inside a cycle of the graph: the chain that closes it (empty when the search
        /// budget ran out), or nil when a cancel may release the cycle.
        private mutating func cycle(_ waiter: Int, from source: Int, entry: (waiter: Int, step: WaitGraph.Step)?) -> (String, [WaitGraph.Link])? {
            guard !graph.cycleMayBeCancelled(source) else { return nil }
            let component = graph.component
            let (found, _) = bounded(from: source, allow: { component[$0] == component[waiter] }, stop: { $0 == waiter })
            guard found != nil else { return ("", []) }
            let links = search.links(to: waiter, entry: entry)
            return (": " + SchedulingLint.describe(entry == nil ? links : Array(links.dropFirst()), in: analysis, names: names), links)
        }

        private func cyclePhrase(_ waiter: Int) -> String {
            "\(name(waiter)) waits in a cycle of waits and dependencies that only a cancel breaks, if it comes before they start"
        }

        /// A wait of an operation of a serial queue: a deadlock when what it waits for cannot
        /// finish before an operation of the same queue that starts after the waiter in every schedule.
        private mutating func serialWait(
            _ waiter: Int, _ serial: Int, from source: Int, entry: (waiter: Int, step: WaitGraph.Step)?,
            waitSite: () -> Finding.Related, waitedFor: String, targetName: String?
        ) -> Verdict {
            let queueText = SchedulingLint.describe(queue: serial, in: analysis)
            let order = self.order
            let cancellation = self.cancellation
            let queuedOn = self.queuedOn
            let isOnQueue = { (x: Int) -> Bool in queuedOn[x] == Int32(serial) }
            let startsLater = { (x: Int) -> Bool in x != waiter && isOnQueue(x) && order.startsBefore(waiter, x) }
            let certain = !cancellation.mayCancel(waiter) && analysis.index.dependencyEdges(of: waiter).isEmpty
            if certain {
                if graph.isOperation(source) && startsLater(source) {
                    return .deadlock(rule.finding(
                        written("\(name(waiter)) on \(queueText) waits for \(name(source)), which the queue starts after it: \(name(source)) cannot start while \(name(waiter)) holds the queue's only slot"),
                        at: analysis.location(ofOperation: waiter),
                        related: [waitSite(), SchedulingLint.created(source, in: analysis, names: names)],
                        fix: Finding.Fix(written("make \(name(waiter)) depend on \(name(source)) instead of waiting for it, or add \(name(source)) to another queue")),
                        operations: [analysis.name(waiter), analysis.name(source)],
                        queues: [analysis.graph.queues[serial].name]))
                }
                if !graph.isOperation(source) || !cancellation.mayCancel(source) {
                    let (found, searched) = bounded(from: source, allow: { !cancellation.mayCancel($0) || startsLater($0) }, stop: startsLater)
                    if !searched { unjudged += 1; return .harmless }
                    if let blocker = found {
                        var links = search.links(to: blocker, entry: entry)
                        if entry != nil { links.removeFirst() }
                        let blockerName = name(blocker)
                        var operations = [analysis.name(waiter)] + (targetName.map { [$0] } ?? [])
                        operations += SchedulingLint.shown(links).map { analysis.name($0.target) }
                        if !graph.isOperation(source) || source != blocker { operations.append(analysis.name(blocker)) }
                        let chain = links.isEmpty ? "" : ": " + SchedulingLint.describe(links, in: analysis, names: names)
                        return .deadlock(rule.finding(
                            written("\(name(waiter)) on \(queueText) waits for \(waitedFor), which cannot finish before \(blockerName), which the queue starts after \(name(waiter))\(chain)"),
                            at: analysis.location(ofOperation: waiter),
                            related: [waitSite()] + SchedulingLint.related(links, in: analysis, names: names) + [SchedulingLint.created(blocker, in: analysis, names: names)],
                            fix: Finding.Fix(written("make \(name(waiter)) depend on what it waits for instead of waiting, or add \(blockerName) to another queue")),
                            operations: unique(operations),
                            queues: [analysis.graph.queues[serial].name]))
                    }
                }
            }
            // Not proven: is a deadlock possible at all, in some order of starts?
            if graph.isOperation(source) && finishesBefore(source, starts: waiter) { return .harmless }
            var doubtful: Int?
            if graph.isOperation(source) && source != waiter && isOnQueue(source) && !finishesBefore(source, starts: waiter) {
                doubtful = source
            } else {
                var candidates: [Int] = []
                _ = bounded(from: source, allow: { _ in true }, stop: { x in
                    if x != waiter && isOnQueue(x) { candidates.append(x) }
                    return candidates.count >= 8
                })
                doubtful = candidates.first { !finishesBefore($0, starts: waiter) }
            }
            guard let blocker = doubtful else { return .harmless }
            let via = blocker == source ? "" : ", which cannot finish before \(name(blocker)) of the same queue"
            return .doubtful(waiter: waiter, blocker: blocker, phrase: "\(name(waiter)) on \(queueText) waits for \(waitedFor)\(via): if \(name(waiter)) starts before \(name(blocker)), neither ever finishes")
        }

        private func queueNames(of operation: Int) -> [String] {
            guard analysis.graph.operations.start(at: operation) == .queue, let queue = SchedulingLint.queue(of: operation, in: analysis) else { return [] }
            return [analysis.graph.queues[queue].name]
        }

        /// `names` without repeats, in order; the lists are a handful of names long.
        private func unique(_ names: [String]) -> [String] {
            guard names.count > 16 else {
                var kept: [String] = []
                kept.reserveCapacity(names.count)
                for name in names where !kept.contains(name) { kept.append(name) }
                return kept
            }
            var seen = Set<String>()
            return names.filter { seen.insert($0).inserted }
        }
    }
}
