@testable import OpLintCore

/// One way the rules and the simulator disagree about a graph.
struct Disagreement: CustomStringConvertible, Equatable {
    enum Kind: String {
        /// An error claims operations never finish, but a schedule finishes one of them.
        case mustEscaped = "must claim escaped"
        /// A warning claims operations may never finish, but every schedule finishes one of them.
        case mayNeverReached = "may claim never reached"
        /// A schedule gets stuck on a root cause that no finding at or above warning names.
        case unexplained = "stuck schedule unexplained"
        /// A warning for a deadlock every schedule reaches (it should be an error), or the
        /// simulator refused a graph the rules accept.
        case other
    }

    var kind: Kind
    var detail: String

    var description: String { "\(kind.rawValue): \(detail)" }

    /// Every disagreement between `findings` and `outcomes`.
    ///
    /// A *may* claim holds when one of `outcomes` reaches it, or when the schedule the claim
    /// names as the one that reaches it (`--explore 1 --seed S`, scaled durations) does.
    static func find(findings: [Finding], outcomes: ScheduleOutcomes) -> [Disagreement] {
        if let refused = outcomes.refused {
            return [Disagreement(kind: .other, detail: "the simulator refused the graph: \(refused)")]
        }
        var result: [Disagreement] = []
        let claims = findings.compactMap(DeadlockClaim.claim)
        for claim in claims {
            if claim.must {
                if let escape = outcomes.outcomes.first(where: { outcome in claim.operations.contains { !outcome.unfinished.contains($0) } }) {
                    let finished = claim.operations.filter { !escape.unfinished.contains($0) }
                    result.append(Disagreement(kind: .mustEscaped, detail: "\(claim) — but \(finished.joined(separator: ", ")) finished (\(escape.label))"))
                }
            } else if !outcomes.outcomes.contains(where: { outcome in claim.operations.allSatisfy { outcome.unfinished.contains($0) } }),
                      !(outcomes.replay(claim.evidence).map { replayed in claim.operations.allSatisfy(replayed.contains) } ?? false) {
                result.append(Disagreement(kind: .mayNeverReached, detail: "\(claim)"))
            }
        }
        var seen = Set<String>()
        for outcome in outcomes.outcomes {
            guard let stuck = outcome.stuck else { continue }
            for cause in stuck.rootCauses where !RootCauseExplanation.isExplained(cause, by: findings) {
                let key = RootCauseExplanation.signature(cause)
                guard seen.insert(key).inserted else { continue }
                result.append(Disagreement(kind: .unexplained, detail: "\(cause.heading) [\(cause.members.map(\.operation).joined(separator: ", "))] (\(outcome.label))"))
            }
        }
        return result
    }
}

/// Which finding explains a root cause of a stuck report: the rule that reports that kind of
/// cause, at or above warning, naming the cause's operations or queue.
enum RootCauseExplanation {
    static func signature(_ cause: StuckReport.RootCause) -> String {
        cause.kind.rawValue + ":" + cause.members.map(\.operation).joined(separator: ",")
    }

    /// The rules that report a kind of root cause.
    static func rules(for cause: StuckReport.RootCause) -> [String] {
        switch cause.kind {
        case .dependencyCycle: ["OPL101"]
        case .exclusivityCycle: ["OPL207", "OPL101"]
        case .waitCycle: ["OPL201"]
        case .slotExhaustion: ["OPL201", "OPL202"]
        case .neverStarted: ["OPL105"]
        case .startedBeforeReady: ["OPL303"]
        case .suspendedQueue: ["OPL205"]
        case .zeroWidthQueue: ["OPL204"]
        case .neverFinishes: ["OPL206"]
        }
    }

    static func isExplained(_ cause: StuckReport.RootCause, by findings: [Finding]) -> Bool {
        let rules = rules(for: cause)
        let members = Set(cause.members.map(\.operation))
        return findings.contains { finding in
            guard !finding.isSuppressed, finding.severity >= .warning, rules.contains(finding.rule.code) else { return false }
            switch cause.kind {
            case .suspendedQueue, .zeroWidthQueue:
                return cause.queue.map(finding.queues.contains) ?? false
            default:
                return finding.operations.contains(where: members.contains)
            }
        }
    }
}
