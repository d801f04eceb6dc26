extension Schedule {
    /// The schedule as a JSON value (keys sorted when printed): `schedule` rows with the
    /// CSV's fields, plus `makespan`, `queues`, `criticalPath`, `stuck` and `platform`.
    ///
    /// - Complexity: O(*n*).
    public func json() -> JSONValue {
        typealias F = ScheduleFormatting
        let rows: [JSONValue] = entries.map { entry in
            .object([
                "operation": .string(entry.operation),
                "queue": entry.queue.map(JSONValue.string) ?? .null,
                "slot": entry.slot.map(JSONValue.int) ?? .null,
                "start": F.json(entry.start),
                "runStart": F.json(entry.runStart),
                "end": F.json(entry.end),
                "state": .string(entry.state.rawValue),
                "waitedFor": entry.waitedFor.map { .string($0.description) } ?? .null,
            ])
        }
        return .object([
            "platform": .string(platform.rawValue),
            "schedule": .array(rows),
            "makespan": F.json(makespan),
            "queues": queuesJSON(),
            "criticalPath": criticalPathJSON(),
            "stuck": stuck?.json() ?? .null,
        ])
    }

    /// The `criticalPath` member of `json()`.
    func criticalPathJSON() -> JSONValue {
        typealias F = ScheduleFormatting
        return .array(criticalPath.map { step in
            .object([
                "operation": .string(step.operation),
                "start": F.json(step.start),
                "end": F.json(step.end),
                "releasedBy": .string(step.releasedBy.description),
            ])
        })
    }

    /// The `queues` member of `json()`.
    func queuesJSON() -> JSONValue {
        typealias F = ScheduleFormatting
        return .array(queues.map { queue in
            .object([
                "name": .string(queue.name),
                "width": queue.width.map(JSONValue.int) ?? .null,
                "busyTime": F.json(queue.busyTime),
                "utilisation": .double((queue.utilisation * 10000).rounded() / 10000),
                "peakConcurrency": .int(queue.peakConcurrency),
                "longestWait": F.json(queue.longestWait),
                "longestWaitOperation": queue.longestWaitOperation.map(JSONValue.string) ?? .null,
            ])
        })
    }
}

extension StuckReport {
    /// The report as a JSON value.
    public func json() -> JSONValue {
        .object([
            "time": ScheduleFormatting.json(time),
            "unfinished": .array(unfinished.map(JSONValue.string)),
            "rootCauses": .array(rootCauses.map { cause in
                var object: [String: JSONValue] = [
                    "kind": .string(cause.kind.rawValue),
                    "heading": .string(cause.heading),
                    "queue": cause.queue.map(JSONValue.string) ?? .null,
                    "width": cause.width.map(JSONValue.int) ?? .null,
                    "fix": .string(cause.fix),
                    "members": .array(cause.members.map { member in
                        var object: [String: JSONValue] = [
                            "operation": .string(member.operation),
                            "situation": .string(member.situation),
                            "line": .string(member.line),
                            "waitsFor": .array(member.edges.map { edge in
                                var object = Self.reasonFields(edge.reason)
                                object["operation"] = .string(edge.target)
                                object["location"] = edge.location.map(Self.json) ?? .null
                                return .object(object)
                            }),
                        ]
                        if member.omittedEdges > 0 { object["moreWaitsFor"] = .int(member.omittedEdges) }
                        return .object(object)
                    }),
                    "blocked": .array(cause.blocked.map { blocked in
                        var object = Self.reasonFields(blocked.reason)
                        object["operation"] = .string(blocked.operation)
                        object["via"] = .string(blocked.via)
                        return .object(object)
                    }),
                ]
                if cause.blockedIsPartial { object["blockedIsPartial"] = .bool(true) }
                return .object(object)
            }),
        ])
    }

    static func json(_ location: SourceLocation) -> JSONValue {
        .object(["file": .string(location.file), "line": .int(location.line), "column": .int(location.column)])
    }

    static func reasonFields(_ reason: Reason) -> [String: JSONValue] {
        switch reason {
        case .dependency: return ["reason": .string("dependency")]
        case .exclusivity(let category): return ["reason": .string("exclusivity"), "category": .string(category)]
        case .barrier: return ["reason": .string("barrier")]
        case .wait: return ["reason": .string("wait")]
        case .queueWait(let queue): return ["reason": .string("queue-wait"), "queue": .string(queue)]
        case .slot(let queue): return ["reason": .string("slot"), "queue": .string(queue)]
        case .thread: return ["reason": .string("thread")]
        }
    }
}
