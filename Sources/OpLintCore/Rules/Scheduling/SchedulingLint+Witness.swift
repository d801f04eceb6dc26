extension SchedulingLint {
    /// A *may* finding (warning) for a root cause that some simulated schedule reaches:
    /// `what`, the wait-for chain as the stuck report gives it, and the timing that reaches it.
    ///
    /// - Complexity: O(size of the cause).
    static func finding<R: Rule>(
        _ rule: R, _ what: String, witness: ExploredSchedules.Witness, _ schedules: ExploredSchedules,
        _ analysis: GraphAnalysis, at place: SourceLocation? = nil
    ) -> Finding {
        let cause = witness.cause
        let shown = cause.members.prefix(linksShown)
        var chain = shown.map { "\(quoted($0.operation)) \($0.line(withLocations: false))" }.joined(separator: "; ")
        if cause.members.count > shown.count { chain += "; and \(cause.members.count - shown.count) more" }
        let primary = cause.members.first { member in member.edges.contains { edge in
            if case .wait = edge.reason { return true }
            if case .queueWait = edge.reason { return true }
            return false
        } } ?? cause.members[0]
        var related: [Finding.Related] = []
        for member in cause.members.prefix(relatedShown) {
            let location = member.edges.first?.location ?? location(ofModelOperation: member.operation, analysis)
            related.append(Finding.Related(location, "\(member.operation): \(member.line(withLocations: false))"))
        }
        var notes: [String] = []
        if !cause.blocked.isEmpty {
            notes.append("behind them: " + NameList.summary(cause.blocked.map(\.operation)))
        }
        return rule.finding(
            "\(what): \(chain) — reached \(witness.timingText), in \(schedules.share(witness))",
            at: place ?? location(ofModelOperation: primary.operation, analysis),
            severity: .warning,
            related: related,
            notes: notes,
            fix: Finding.Fix(cause.fix),
            operations: witness.operations,
            queues: cause.queue.map { [$0] } ?? [])
    }

    /// Where an operation of the simulation model is declared (copies of a counted operation, `name#2`, point at it).
    static func location(ofModelOperation name: String, _ analysis: GraphAnalysis) -> SourceLocation {
        if let index = analysis.index.operation(named: name) { return analysis.location(ofOperation: index) }
        if let hash = name.lastIndex(of: "#"), let index = analysis.index.operation(named: String(name[..<hash])) {
            return analysis.location(ofOperation: index)
        }
        return analysis.graph.fallbackLocation
    }

    /// The note a rule adds when schedules were not all simulated, or nil.
    static func limitationNote(_ schedules: ExploredSchedules) -> String? {
        schedules.limitation.map { "deadlocks that depend on timing were not all searched: \($0)" }
    }
}

extension SchedulingLint {
    /// A cycle's finding when a cancel may reach one of its operations before it starts: a
    /// cancelled operation ignores its dependencies (S6), so the cycle may break. Whether it
    /// does depends on timing: a *may* claim (warning) when a simulated schedule is stuck on
    /// the cycle all the same, else a note. Unchanged when no cancel reaches the cycle.
    ///
    /// - Complexity: O(*members*) plus the simulated schedules.
    static func judgeCancellation(of finding: inout Finding, members: [Int32], _ analysis: GraphAnalysis, _ cancellation: CancellationReach) {
        guard let released = members.first(where: { cancellation.mayCancel(Int($0)) }) else { return }
        let names = Set(members.map { analysis.name(Int($0)) })
        let event = cancellation.cancelEvent(of: Int(released)).map { analysis.graph.events[$0] }
        let cancel = event.map { "the \($0.action.key) at \(seconds($0.at)) s" } ?? "a cancel"
        let schedules = analysis.schedules
        let witness = schedules.witnesses.first { witness in
            (witness.rule == "OPL101" || witness.rule == "OPL207") && witness.cause.members.contains { names.contains($0.operation) }
        }
        if let witness {
            finding.severity = .warning
            finding.notes.insert("\(cancel) cancels \(quoted(analysis.name(Int(released)))), which then ignores its dependencies (S6), but the cycle stays stuck \(witness.timingText), in \(schedules.share(witness))", at: 0)
            finding.operations = witness.operations
        } else {
            finding.severity = .note
            finding.notes.insert("\(cancel) cancels \(quoted(analysis.name(Int(released)))), which then ignores its dependencies and finishes without running (S6): that breaks the cycle in every simulated schedule", at: 0)
        }
    }
}
