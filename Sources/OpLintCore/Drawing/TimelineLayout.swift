/// Where each part of a timeline goes, in points (x to the right, y upwards as Graphviz has it).
struct TimelineLayout {
    /// One horizontal lane: a slot of a queue, or an operation started by hand.
    struct Lane {
        var label: String
        var queue: String?
        var slot: Int?
    }

    static let laneHeight = 22.0
    static let barHeight = 16.0
    static let left = 170.0

    let schedule: Schedule
    let width: Double
    /// The time at the right edge: past the makespan when operations are stuck, so they run off it.
    let end: Double
    var lanes: [Lane] = []
    /// Lane index of each entry with a lane.
    var laneOfEntry: [Int: Int] = [:]
    let criticalPath: Set<String>
    /// What the stuck report says about each operation that never finishes.
    var situation: [String: String] = [:]

    init(schedule: Schedule, width: Double) {
        self.schedule = schedule
        self.width = width
        var latest = schedule.makespan.isFinite ? schedule.makespan : 0
        for entry in schedule.entries {
            for time in [entry.start, entry.runStart, entry.end].compactMap({ $0 }) where time.isFinite {
                latest = max(latest, time)
            }
        }
        let hasStuck = schedule.entries.contains { $0.start != nil && $0.end == nil }
        let base = latest > 0 ? latest : 1
        end = hasStuck ? base * 1.2 : base
        criticalPath = Set(schedule.criticalPath.map(\.operation))
        for cause in schedule.stuck?.rootCauses ?? [] {
            for member in cause.members { situation[member.operation] = member.situation }
            for blocked in cause.blocked where situation[blocked.operation] == nil {
                situation[blocked.operation] = "waits for \(blocked.via) (\(cause.kind.rawValue))"
            }
        }
        assignLanes()
    }

    /// Lanes in queue order (as the schedule lists queues), slots in order; then hand-started operations.
    private mutating func assignLanes() {
        var laneIndex: [String: Int] = [:]
        for queue in schedule.queues {
            let slots = Set(schedule.entries.compactMap { $0.queue == queue.name ? $0.slot : nil }).sorted()
            for slot in slots {
                laneIndex[queue.name + "\u{0}\(slot)"] = lanes.count
                lanes.append(Lane(label: slot == slots.first ? "\(queue.name) · slot \(slot)" : "slot \(slot)",
                                  queue: queue.name, slot: slot))
            }
        }
        for (i, entry) in schedule.entries.enumerated() where entry.start != nil {
            if let queue = entry.queue, let slot = entry.slot, let lane = laneIndex[queue + "\u{0}\(slot)"] {
                laneOfEntry[i] = lane
            } else {
                laneOfEntry[i] = lanes.count
                lanes.append(Lane(label: entry.queue.map { "\($0) (no slot)" } ?? "started by hand"))
            }
        }
    }

    func x(_ time: Double) -> Double { Self.left + min(max(time, 0), end) / end * width }

    func y(_ lane: Int) -> Double { -Double(lane) * Self.laneHeight }

    var bottom: Double { y(lanes.count) }

    /// A pinned position.
    private func position(_ x: Double, _ y: Double) -> DOTAttribute {
        DOTAttribute("pos", DOTNumber.format(x) + "," + DOTNumber.format(y) + "!")
    }

    /// Tick lines and labels at a readable step (1, 2 or 5 times a power of ten).
    func writeAxis(to writer: inout DOTWriter) {
        let step = Self.tickStep(for: end)
        var tick = 0
        while Double(tick) * step <= end + step * 1e-9 && tick <= 100 {
            let time = Double(tick) * step
            let top = "tick\(tick)top"
            let foot = "tick\(tick)foot"
            writer.node(top, [DOTAttribute("shape", "point"), DOTAttribute("width", 0.01), DOTAttribute("style", "invis"),
                              position(x(time), Self.laneHeight / 2 + 4)])
            writer.node(foot, [DOTAttribute("shape", "plaintext"), DOTAttribute("width", 0.6), DOTAttribute("height", 0.2),
                               DOTAttribute("label", DOTNumber.seconds(time)), DOTAttribute("fontcolor", DrawingPalette.secondaryText),
                               position(x(time), bottom + 2)])
            writer.edge(top, foot, [DOTAttribute("style", "dotted")])
            tick += 1
        }
    }

    /// The step between ticks: the smallest of 1, 2, 5 × 10^k giving at most 10 intervals.
    static func tickStep(for span: Double) -> Double {
        guard span > 0 && span.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 < span { magnitude *= 10 }
        while magnitude > span { magnitude /= 10 }
        for factor in [0.1, 0.2, 0.5, 1, 2, 5, 10] where span / (magnitude * factor) <= 10 {
            return magnitude * factor
        }
        return magnitude * 10
    }

    func writeLanes(to writer: inout DOTWriter) {
        for (index, lane) in lanes.enumerated() {
            writer.node("lane\(index)", [
                DOTAttribute("shape", "plaintext"), DOTAttribute("width", (Self.left - 12) / 72), DOTAttribute("height", 0.25),
                .htmlLabel(lane.slot == 0 || lane.queue == nil ? "<B>" + DOTText.html(DOTText.truncated(lane.label, to: 28)) + "</B>"
                    : DOTText.html(lane.label)),
                position((Self.left - 6) / 2, y(index)),
            ])
        }
    }

    /// The bars, linked to `links[operation]` where there is one.
    func writeBars(links: [String: String] = [:], to writer: inout DOTWriter) {
        for (i, entry) in schedule.entries.enumerated() {
            guard let lane = laneOfEntry[i], let start = entry.start else { continue }
            let runStart = entry.runStart ?? start
            let finish = entry.end ?? end
            let critical = criticalPath.contains(entry.operation)
            if runStart > start {
                writer.node("wait\(i)", bar(from: start, to: runStart, lane: lane, text: "waiting", attributes: [
                    DOTAttribute("style", "dashed"), DOTAttribute("color", DrawingPalette.reddishPurple),
                    DOTAttribute("fontcolor", DrawingPalette.secondaryText),
                    .tooltip("\(entry.operation) holds its slot while it waits\n\(DOTNumber.seconds(start)) → \(DOTNumber.seconds(runStart))"),
                ]))
            }
            var styles = ["filled"]
            var attributes: [DOTAttribute] = []
            var text = entry.operation
            switch entry.state {
            case .finished:
                attributes += [DOTAttribute("fillcolor", DrawingPalette.focusFill), DOTAttribute("color", DrawingPalette.blue)]
            case .cancelled:
                styles.append("dashed")
                text += " (cancelled)"
                attributes += [DOTAttribute("fillcolor", DrawingPalette.fadedFill), DOTAttribute("color", DrawingPalette.faded)]
            case .stuck, .neverStarted:
                styles.append("dashed")
                text += " — stuck ▶"
                attributes += [DOTAttribute("fillcolor", DrawingPalette.errorFill), DOTAttribute("color", DrawingPalette.vermillion)]
            }
            if critical {
                styles.append("bold")
                attributes.removeAll { $0.name == "color" }
                attributes += [DOTAttribute("penwidth", 2.5), DOTAttribute("color", DrawingPalette.blue)]
            }
            var tooltip = [entry.operation, (entry.queue.map { "queue \($0)" } ?? "started by hand") + (entry.slot.map { ", slot \($0)" } ?? ""),
                           "runs \(DOTNumber.seconds(runStart)) → " + (entry.end.map(DOTNumber.seconds) ?? "never finishes"),
                           "state: \(entry.state.rawValue)"]
            if let waited = entry.waitedFor { tooltip.append("released by \(waited)") }
            if critical { tooltip.append("on the critical path") }
            if let situation = situation[entry.operation] { tooltip.append(situation) }
            attributes.insert(DOTAttribute("style", styles.joined(separator: ",")), at: 0)
            attributes.append(.tooltip(tooltip.joined(separator: "\n")))
            if let url = links[entry.operation] { attributes.append(.url(url)) }
            writer.node("bar\(i)", bar(from: runStart, to: finish, lane: lane, text: text, attributes: attributes))
        }
    }

    /// A bar's attributes: pinned, sized to its time span, labelled when the text fits.
    private func bar(from start: Double, to finish: Double, lane: Int, text: String, attributes: [DOTAttribute]) -> [DOTAttribute] {
        let left = x(start)
        let right = max(x(finish), left + 2)
        let characters = Int((right - left - 4) / 5.5)
        let label = characters >= 3 ? DOTText.html(DOTText.truncated(text, to: characters)) : ""
        return [
            .htmlLabel(label), DOTAttribute("width", (right - left) / 72), DOTAttribute("height", Self.barHeight / 72),
            position((left + right) / 2, y(lane)),
        ] + attributes
    }

    /// An arrow from the end of each dependency's bar to the start of its dependent's.
    func writeArrows(graph: OperationGraph, to writer: inout DOTWriter) {
        var barOf: [String: Int] = [:]
        for (i, entry) in schedule.entries.enumerated() where laneOfEntry[i] != nil && barOf[entry.operation] == nil {
            barOf[entry.operation] = i
        }
        for operation in graph.operations {
            guard let head = barOf[operation.name] else { continue }
            for dependency in operation.dependencies {
                guard let tail = barOf[dependency.name], tail != head else { continue }
                writer.edge("bar\(tail)", "bar\(head)", [
                    DOTAttribute("tailport", "e"), DOTAttribute("headport", "w"), DOTAttribute("arrowhead", "normal"),
                    DOTAttribute("arrowsize", 0.5), DOTAttribute("color", DrawingPalette.ink),
                    .tooltip("\(operation.name) waits for \(dependency.name)"),
                ])
            }
        }
    }

    /// The title line, and what never started or got stuck, under the axis.
    func writeNotes(to writer: inout DOTWriter) {
        var lines = ["makespan \(DOTNumber.seconds(schedule.makespan)) · \(schedule.entries.count) operations"]
        let neverStarted = schedule.entries.filter { $0.start == nil }.map(\.operation)
        if !neverStarted.isEmpty {
            lines.append("never started: " + DOTText.truncated(neverStarted.joined(separator: ", "), to: 140))
        }
        if let stuck = schedule.stuck {
            lines.append("stuck at \(DOTNumber.seconds(stuck.time)): \(stuck.unfinished.count) operations never finish")
            for cause in stuck.rootCauses.prefix(4) {
                let names = cause.members.map(\.operation).joined(separator: ", ")
                lines.append(cause.kind.rawValue + ": " + DOTText.truncated(names + (cause.queue.map { " on queue \($0)" } ?? ""), to: 140))
            }
        }
        lines.append("solid bar: runs · dashed purple: holds its slot while it waits · dashed red, ▶: never finishes"
            + " · grey, dashed: cancelled · thick border: critical path")
        let markup = lines.map { DOTText.html($0) }.joined(separator: "<BR ALIGN=\"LEFT\"/>") + "<BR ALIGN=\"LEFT\"/>"
        writer.node("notes", [
            DOTAttribute("shape", "plaintext"), DOTAttribute("fixedsize", "false"), DOTAttribute("fontsize", 10),
            .htmlLabel(markup), position(Self.left + width / 2, bottom - 18 - Double(lines.count) * 7),
        ])
    }
}
