extension Linter {
    /// Graphs with at least this many operations are linted on several threads.
    public static let parallelThreshold = 10_000

    /// Each enabled rule with its findings, in rule order, whatever thread ran it.
    ///
    /// Rules run one after another, or on `threads` threads that take the next rule not yet
    /// taken; what they share is computed once in the analysis (`GraphAnalysis`).
    func runRules(on analysis: GraphAnalysis) -> [(rule: any Rule, findings: [Finding])] {
        let enabled = rules.filter(isEnabled)
        let threadCount = min(threads ?? Self.automaticThreads(for: analysis.graph.operations.count), enabled.count)
        var results = [[Finding]](repeating: [], count: enabled.count)
        var durations = [Duration](repeating: .zero, count: enabled.count)
        let timed = times != nil
        results.withUnsafeMutableBufferPointer { results in
        durations.withUnsafeMutableBufferPointer { durations in
            let slots = UnsafeSendable((results, durations))
            let clock = ContinuousClock()
            Parallel.forEach(enabled.count, threads: threadCount) { k in
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

    /// One thread for small graphs; for large ones, one per core up to four.
    static func automaticThreads(for operations: Int) -> Int {
        guard operations >= parallelThreshold else { return 1 }
        return min(4, Parallel.cores)
    }
}
