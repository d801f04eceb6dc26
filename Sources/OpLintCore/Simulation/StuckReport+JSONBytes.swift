extension StuckReport {
    /// `json().serialized()` as the schedule's JSON nests it (each line after the first
    /// indented by two more spaces), written straight into `out`: a stuck report with a
    /// hundred thousand members never becomes a `JSONValue` tree.
    ///
    /// - Complexity: O(size of the report).
    func appendJSON(to out: inout ScheduleWriter) {
        typealias W = NestedJSON
        out.append("{\n")
        W.key("rootCauses", depth: 0, &out)
        W.array(rootCauses, depth: 1, &out) { cause, out in Self.appendJSON(cause, depth: 2, to: &out) }
        W.next(&out)
        W.key("time", depth: 0, &out)
        out.append(jsonTime: time)
        W.next(&out)
        W.key("unfinished", depth: 0, &out)
        W.array(unfinished, depth: 1, &out) { name, out in out.append(jsonString: name) }
        W.close("}", depth: 0, &out)
    }

    /// One root cause, an object at `depth`.
    private static func appendJSON(_ cause: RootCause, depth d: Int, to out: inout ScheduleWriter) {
        typealias W = NestedJSON
        out.append("{\n")
        W.key("blocked", depth: d, &out)
        W.array(cause.blocked, depth: d + 1, &out) { blocked, out in
            out.append("{\n")
            W.blocked(blocked, depth: d + 2, &out)
            W.close("}", depth: d + 2, &out)
        }
        if cause.blockedIsPartial {
            W.next(&out)
            W.key("blockedIsPartial", depth: d, &out)
            out.append("true")
        }
        for (name, value) in [("fix", cause.fix), ("heading", cause.heading), ("kind", cause.kind.rawValue)] {
            W.next(&out)
            W.key(name, depth: d, &out)
            out.append(jsonString: value)
        }
        W.next(&out)
        W.key("members", depth: d, &out)
        W.array(cause.members, depth: d + 1, &out) { member, out in
            out.append("{\n")
            W.key("line", depth: d + 2, &out)
            out.append(jsonString: member.line)
            if member.omittedEdges > 0 {
                W.next(&out)
                W.key("moreWaitsFor", depth: d + 2, &out)
                out.append(integer: member.omittedEdges)
            }
            W.next(&out)
            W.key("operation", depth: d + 2, &out)
            out.append(jsonString: member.operation)
            W.next(&out)
            W.key("situation", depth: d + 2, &out)
            out.append(jsonString: member.situation)
            W.next(&out)
            W.key("waitsFor", depth: d + 2, &out)
            W.array(member.edges, depth: d + 3, &out) { edge, out in
                out.append("{\n")
                W.edge(edge, depth: d + 4, &out)
                W.close("}", depth: d + 4, &out)
            }
            W.close("}", depth: d + 2, &out)
        }
        W.next(&out)
        W.key("queue", depth: d, &out)
        if let queue = cause.queue { out.append(jsonString: queue) } else { out.append("null") }
        W.next(&out)
        W.key("width", depth: d, &out)
        if let width = cause.width { out.append(integer: width) } else { out.append("null") }
        W.close("}", depth: d, &out)
    }
}

/// Pieces of pretty-printed JSON as `JSONValue.serialized()` writes them (two spaces per
/// level, sorted keys), one level deeper than the top: a value at depth *d* has its members
/// at 2 + 2(*d* + 1) spaces and its closing bracket at 2 + 2*d*.
enum NestedJSON {
    /// A member's indentation and quoted key, for a member of an object at `depth`.
    static func key(_ key: String, depth: Int, _ out: inout ScheduleWriter) {
        out.append(spaces: 2 + 2 * (depth + 1))
        out.append(jsonString: key)
        out.append(": ")
    }

    /// Between two members.
    static func next(_ out: inout ScheduleWriter) {
        out.append(",\n")
    }

    /// After the last member of an object or array at `depth`.
    static func close(_ bracket: String, depth: Int, _ out: inout ScheduleWriter) {
        out.append("\n")
        out.append(spaces: 2 + 2 * depth)
        out.append(bracket)
    }

    /// An array at `depth`, each item written by `item` (at depth + 1).
    static func array<C: Collection>(_ items: C, depth: Int, _ out: inout ScheduleWriter, item: (C.Element, inout ScheduleWriter) -> Void) {
        guard !items.isEmpty else {
            out.append("[]")
            return
        }
        out.append("[\n")
        var first = true
        for element in items {
            if !first { out.append(",\n") }
            first = false
            out.append(spaces: 2 + 2 * (depth + 1))
            item(element, &out)
        }
        close("]", depth: depth, &out)
    }

    /// The members of one edge of a member (`StuckReport.reasonFields` plus its target and
    /// location) in key order — `category`, `location`, `operation`, `queue`, `reason` — in an
    /// object at `depth`.
    static func edge(_ edge: StuckReport.WaitEdge, depth: Int, _ out: inout ScheduleWriter) {
        let (reason, queue) = category(edge.reason, depth: depth, &out)
        key("location", depth: depth, &out)
        if let location = edge.location {
            out.append("{\n")
            key("column", depth: depth + 1, &out)
            out.append(integer: location.column)
            next(&out)
            key("file", depth: depth + 1, &out)
            out.append(jsonString: location.file)
            next(&out)
            key("line", depth: depth + 1, &out)
            out.append(integer: location.line)
            close("}", depth: depth + 1, &out)
        } else {
            out.append("null")
        }
        next(&out)
        key("operation", depth: depth, &out)
        out.append(jsonString: edge.target)
        reasonAndQueue(reason, queue, depth: depth, &out)
    }

    /// The members of a blocked operation in key order — `category`, `operation`, `queue`,
    /// `reason`, `via` — in an object at `depth`.
    static func blocked(_ blocked: StuckReport.Blocked, depth: Int, _ out: inout ScheduleWriter) {
        let (reason, queue) = category(blocked.reason, depth: depth, &out)
        key("operation", depth: depth, &out)
        out.append(jsonString: blocked.operation)
        reasonAndQueue(reason, queue, depth: depth, &out)
        next(&out)
        key("via", depth: depth, &out)
        out.append(jsonString: blocked.via)
    }

    /// The `category` member when the reason has one (it sorts first); the reason's name and queue for later.
    private static func category(_ reason: StuckReport.Reason, depth: Int, _ out: inout ScheduleWriter) -> (String, String?) {
        let (name, category, queue) = fields(reason)
        if let category {
            key("category", depth: depth, &out)
            out.append(jsonString: category)
            next(&out)
        }
        return (name, queue)
    }

    private static func reasonAndQueue(_ reason: String, _ queue: String?, depth: Int, _ out: inout ScheduleWriter) {
        if let queue {
            next(&out)
            key("queue", depth: depth, &out)
            out.append(jsonString: queue)
        }
        next(&out)
        key("reason", depth: depth, &out)
        out.append(jsonString: reason)
    }

    /// `StuckReport.reasonFields`: the reason's name, and its category or queue when it has one.
    private static func fields(_ reason: StuckReport.Reason) -> (reason: String, category: String?, queue: String?) {
        switch reason {
        case .dependency: ("dependency", nil, nil)
        case .exclusivity(let category): ("exclusivity", category, nil)
        case .barrier: ("barrier", nil, nil)
        case .wait: ("wait", nil, nil)
        case .queueWait(let queue): ("queue-wait", nil, queue)
        case .slot(let queue): ("slot", nil, queue)
        case .thread: ("thread", nil, nil)
        }
    }
}
