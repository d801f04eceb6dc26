extension Linter {
    /// Graphs with at least this many operations are linted on several threads.
    public static let parallelThreshold = 10_000

    /// Each enabled rule with its findings, in rule order, whatever thread ran it.
    ///
    /// Rules run one after another, or on `threads` threads that take the next rule not yet
    /// taken (`startedFirst` before the others); what they share is computed once in the
    /// analysis (`GraphAnalysis`).
    func runRules(on analysis: GraphAnalysis) -> [(rule: any Rule, findings: [Finding])] {
        let enabled = rules.filter(isEnabled)
        let order = enabled.indices.filter { Self.startedFirst.contains(enabled[$0].id.code) }
            + enabled.indices.filter { !Self.startedFirst.contains(enabled[$0].id.code) }
        let threadCount = min(threads ?? Self.automaticThreads(for: analysis.graph.operations.count), enabled.count)
        var results = [[Finding]](repeating: [], count: enabled.count)
        var durations = [Duration](repeating: .zero, count: enabled.count)
        let timed = times != nil
        results.withUnsafeMutableBufferPointer { results in
        durations.withUnsafeMutableBufferPointer { durations in
            let slots = UnsafeSendable((results, durations))
            let clock = ContinuousClock()
            Parallel.forEach(enabled.count, threads: threadCount) { j in
                let k = order[j]
                let start = clock.now
                slots.value.0[k] = enabled[k].check(analysis)
                if timed { slots.value.1[k] = clock.now - start }
            }
        }}
        if let times {
            for (k, rule) in enabled.enumerated() { times.record("rule \(rule.id)", durations[k]) }
        }
        return enabled.indices.map { (enabled[$0], results[$0]) }
    }

    /// Rules taken before the others, so that the two that take longest on large graphs and
    /// need little of the shared analysis start at once on two threads:
    /// - redundant-dependency needs only the strongly connected components;
    /// - priority-inversion needs them and the scheduling features, not what blocks what.
    ///
    /// Meanwhile the next thread to come free computes what blocks what for dependency-cycle
    /// and the rules after it. Taken in code order instead, priority-inversion came after the
    /// rules that wait for that analysis, and ran alone at the end (1,000,000 operations: the
    /// second thread idle for about 60 ms, then the first for 50).
    static let startedFirst: Set<String> = ["OPL107", "OPL209"]

    /// One thread for small graphs; for large ones, one per core up to four.
    static func automaticThreads(for operations: Int) -> Int {
        guard operations >= parallelThreshold else { return 1 }
        return min(4, Parallel.cores)
    }
}
