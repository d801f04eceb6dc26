/// What the scheduling and deadlock rules (OPL2xx) share: how they name operations and
/// queues in messages, and the scheduling facts they read from an analysed graph.
enum SchedulingLint {
    /// How many names a message lists before it says "and N more".
    static let namesShown = 3

    /// A name in curly quotes, with control characters escaped so a message stays on one line.
    static func quoted(_ name: String) -> String {
        let plain: String? = name.withUTF8Bytes { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
            // “ and ” around the bytes, in one string (a small one, without allocating, for short names).
            return String(unsafeUninitializedCapacity: utf8.count + 6) { text in
                text[0] = 0xE2; text[1] = 0x80; text[2] = 0x9C
                _ = UnsafeMutableBufferPointer(rebasing: text[3...]).initialize(from: utf8)
                text[utf8.count + 3] = 0xE2; text[utf8.count + 4] = 0x80; text[utf8.count + 5] = 0x9D
                return utf8.count + 6
            }
        }
        if let plain { return plain }
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

    /// Operation names quoted once each: a rule that writes many findings names each operation
    /// in several of them, several times in each (message, related places, fix). One per rule
    /// run, used by one thread.
    final class QuotedNames {
        private let analysis: GraphAnalysis
        /// By operation index, made on first use (an array of 16 bytes per operation).
        private var made: [String?] = []

        init(_ analysis: GraphAnalysis) {
            self.analysis = analysis
        }

        /// `quoted(analysis.name(operation))`.
        func callAsFunction(_ operation: Int) -> String {
            if made.isEmpty { made = [String?](repeating: nil, count: analysis.graph.operations.count) }
            if let name = made[operation] { return name }
            let name = SchedulingLint.quoted(analysis.name(operation))
            made[operation] = name
            return name
        }
    }

    /// `quoted(analysis.name(operation))`, from `names` when given.
    static func quotedName(_ operation: Int, _ analysis: GraphAnalysis, _ names: QuotedNames?) -> String {
        names?(operation) ?? quoted(analysis.name(operation))
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
    static func created(_ operation: Int, in analysis: GraphAnalysis, names: QuotedNames? = nil) -> Finding.Related {
        Finding.Related(analysis.location(ofOperation: operation), written("\(quotedName(operation, analysis, names)) is created here"))
    }

    /// A related location: where queue `queue` is created — none for a queue that source code
    /// uses without creating it (the main queue), rather than a made-up place.
    static func created(queue: Int, in analysis: GraphAnalysis) -> [Finding.Related] {
        if analysis.graph.source != nil, analysis.graph.location(of: analysis.graph.queues[queue]) == nil { return [] }
        return [Finding.Related(analysis.location(ofQueue: queue), "\(quoted(analysis.graph.queues[queue].name)) is created here")]
    }
}
