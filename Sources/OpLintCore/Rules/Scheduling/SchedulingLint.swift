/// What the scheduling and deadlock rules (OPL2xx) share: how they name operations and
/// queues in messages, and the scheduling facts they read from an analysed graph.
enum SchedulingLint {
    /// How many names a message lists before it says "and N more".
    static let namesShown = 3

    /// A name in curly quotes, with control characters escaped so a message stays on one line.
    static func quoted(_ name: String) -> String {
        if !name.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "“" + name + "”" }
        var text = "“"
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "”"
    }

    /// `“a”`, `“a” and “b”`, `“a”, “b”, “c” and 2 more`.
    static func list(_ names: [String], limit: Int = namesShown) -> String {
        let shown = names.prefix(limit).map(quoted)
        let rest = names.count - shown.count
        if rest > 0 { return shown.joined(separator: ", ") + " and \(rest) more" }
        if shown.count <= 1 { return shown.first ?? "" }
        return shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "")
    }

    /// `1 operation`, `3 operations`.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// Seconds as written in the graph: `2`, `0.5`.
    static func seconds(_ value: Double) -> String {
        if value.isFinite, value.magnitude < 1e15, Double(Int(value)) == value { return String(Int(value)) }
        return String(value)
    }

    /// The queue of operation `operation`, or nil when it has none or names an unknown one.
    static func queue(of operation: Int, in analysis: GraphAnalysis) -> Int? {
        let queue = analysis.index.queueOfOperation[operation]
        return queue >= 0 ? Int(queue) : nil
    }

    /// Whether at most one operation of `queue` executes at a time: the main queue or width 1 (S13, S17).
    static func isSerial(_ queue: Int, in analysis: GraphAnalysis) -> Bool {
        let value = analysis.graph.queues[queue]
        return value.isMain || value.maxConcurrentOperationCount == 1
    }

    /// `main queue “main”`, `serial queue “db”`, `queue “io” (width 2)`, `queue “net”`.
    static func describe(queue: Int, in analysis: GraphAnalysis) -> String {
        let value = analysis.graph.queues[queue]
        let name = quoted(value.name)
        if value.isMain { return "main queue \(name)" }
        switch value.maxConcurrentOperationCount {
        case 1: return "serial queue \(name)"
        case 2...: return "queue \(name) (width \(value.maxConcurrentOperationCount))"
        default: return "queue \(name)"
        }
    }

    /// Where event `event` is written: its source location, else its position in the graph file.
    static func location(ofEvent event: Int, in analysis: GraphAnalysis) -> SourceLocation {
        let value = analysis.graph.events[event]
        return analysis.graph.location(value.location, value.position) ?? analysis.graph.fallbackLocation
    }

    /// Where wait `index` of `waiter`'s `waitsFor` is made (falls back to the waiter).
    static func location(ofWait index: Int, by waiter: Int, in analysis: GraphAnalysis) -> SourceLocation {
        let waits = analysis.graph.operations.waitsFor(at: waiter)
        guard waits.indices.contains(index) else { return analysis.location(ofOperation: waiter) }
        return analysis.graph.location(of: waits[index]) ?? analysis.location(ofOperation: waiter)
    }

    /// Where queue wait `index` of `waiter`'s `waitsForQueues` is made (falls back to the waiter).
    static func location(ofQueueWait index: Int, by waiter: Int, in analysis: GraphAnalysis) -> SourceLocation {
        let waits = analysis.graph.operations.waitsForQueues(at: waiter)
        guard waits.indices.contains(index) else { return analysis.location(ofOperation: waiter) }
        return analysis.graph.location(of: waits[index]) ?? analysis.location(ofOperation: waiter)
    }

    /// A related location: where operation `operation` is created.
    static func created(_ operation: Int, in analysis: GraphAnalysis) -> Finding.Related {
        Finding.Related(analysis.location(ofOperation: operation), "\(quoted(analysis.name(operation))) is created here")
    }

    /// A related location: where queue `queue` is created.
    static func created(queue: Int, in analysis: GraphAnalysis) -> Finding.Related {
        Finding.Related(analysis.location(ofQueue: queue), "\(quoted(analysis.graph.queues[queue].name)) is created here")
    }
}
