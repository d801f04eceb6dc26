extension StuckReport {
    /// How many operations behind a cause are listed by name in text.
    public static let blockedListLimit = 10
    /// How many members of a cause are listed in text, one line each (JSON lists them all).
    public static let memberListLimit = 100

    /// The report in the shape of docs/simulation.md: each root cause with its members, what
    /// waits behind it, and the fix.
    ///
    /// - Complexity: O(size of the report).
    public func text() -> String {
        typealias F = ScheduleFormatting
        let count = unfinished.count
        var out = "stuck at t=\(F.time(time)): \(count) operation\(count == 1 ? "" : "s") can never finish\n"
        for cause in rootCauses {
            out += "  " + cause.heading + ":\n"
            let nameWidth = cause.members.prefix(Self.memberListLimit).map { F.name($0.operation).count }.max() ?? 0
            for member in cause.members.prefix(Self.memberListLimit) {
                out += "    " + F.pad(F.name(member.operation), nameWidth) + "  " + member.line + "\n"
            }
            if cause.members.count > Self.memberListLimit {
                out += "    … and \(cause.members.count - Self.memberListLimit) more (--format json lists them all)\n"
            }
            if !cause.blocked.isEmpty {
                let shown = cause.blocked.prefix(Self.blockedListLimit).map { "\(F.name($0.operation)) (\($0.reasonText))" }
                let besides = cause.blockedIsPartial ? ", besides those behind an earlier cause" : ""
                var line = "  behind \(cause.members.count == 1 ? "it" : "them")\(besides): " + shown.joined(separator: ", ")
                if cause.blocked.count > Self.blockedListLimit { line += ", and \(cause.blocked.count - Self.blockedListLimit) more" }
                out += line + "\n"
            }
            out += "  fix: \(cause.fix)\n"
        }
        return out
    }
}

extension StuckReport.RootCause {
    /// `cycle of waits (slot exhaustion on queue "io", width 2)`, `root: queue "q" is suspended…`.
    public var heading: String {
        let queueName = SimulationModel.quoted(queue ?? "")
        let first = SimulationModel.quoted(members.first?.operation ?? "")
        switch kind {
        case .slotExhaustion:
            if queue != nil {
                return "cycle of waits (slot exhaustion on queue \(queueName), width \(width.map(String.init) ?? "unlimited"))"
            }
            return "cycle of waits (thread exhaustion: every thread is held by a waiting operation)"
        case .dependencyCycle: return "cycle of waits (dependency cycle)"
        case .exclusivityCycle: return "cycle of waits (exclusivity or barrier order against a dependency)"
        case .waitCycle: return "cycle of waits (wait deadlock)"
        case .neverStarted: return "root: \(first) is never started"
        case .startedBeforeReady: return "root: \(first) was started by hand before it was ready"
        case .suspendedQueue: return "root: queue \(queueName) is suspended and never resumed"
        case .zeroWidthQueue: return "root: queue \(queueName) has width 0"
        case .neverFinishes: return "root: \(first) never finishes"
        }
    }
}

extension StuckReport.Member {
    /// The member's situation and what it waits for, with where each wait is made.
    public var line: String { line(withLocations: true) }

    /// The member's situation and what it waits for; `withLocations` adds where each wait is made.
    public func line(withLocations: Bool) -> String {
        typealias F = ScheduleFormatting
        var text = situation
        var slotHolders: [String] = []
        var threadHolders: [String] = []
        var queueWaits: [String: [String]] = [:]
        var queueOrder: [String] = []
        for edge in edges {
            let target = F.name(edge.target)
            let place = withLocations ? edge.location.map { "\($0)" } : nil
            switch edge.reason {
            case .slot: slotHolders.append(target)
            case .thread: threadHolders.append(target)
            case .queueWait(let queue):
                if queueWaits[queue] == nil { queueOrder.append(queue) }
                queueWaits[queue, default: []].append(target)
            case .wait:
                text += ", waits for \(target)" + (withLocations ? "   (" + (place.map { "\($0) " } ?? "") + "waitUntilFinished)" : "")
            case .dependency:
                text += ", depends on \(target)" + (place.map { " (\($0))" } ?? "")
            case .exclusivity(let category):
                text += ", after \(target) (exclusivity \(SimulationModel.quoted(category)))"
            case .barrier:
                text += ", after \(target) (barrier order)"
            }
        }
        if !slotHolders.isEmpty { text += ": slots held by " + slotHolders.joined(separator: ", ") }
        if !threadHolders.isEmpty { text += ": threads held by " + threadHolders.joined(separator: ", ") }
        for queue in queueOrder {
            text += ", waits for queue \(SimulationModel.quoted(queue)) to drain: " + (queueWaits[queue] ?? []).joined(separator: ", ")
        }
        if omittedEdges > 0 { text += " and \(omittedEdges) more" }
        return text
    }
}

extension StuckReport.Blocked {
    /// `depends on fetchA`, `waits for x`.
    public var reasonText: String {
        let via = ScheduleFormatting.name(self.via)
        switch reason {
        case .dependency: return "depends on \(via)"
        case .exclusivity(let category): return "after \(via) in exclusivity \(SimulationModel.quoted(category))"
        case .barrier: return "after \(via) in barrier order"
        case .wait: return "waits for \(via)"
        case .queueWait(let queue): return "waits for queue \(SimulationModel.quoted(queue)): \(via)"
        case .slot(let queue): return "no free slot on \(ScheduleFormatting.name(queue)), held by \(via)"
        case .thread: return "no free thread, held by \(via)"
        }
    }
}
