extension HTMLReport {
    /// A drawing inline, in a box that scrolls when the drawing is larger than the page.
    func writeDrawing(id: String, heading: String, svg: String?, caption: String, to page: inout HTMLPage) {
        page.raw("<section id=\"\(id)\">\n<h2>\(heading)</h2>\n")
        if let svg {
            page.raw("<figure>\n<div class=\"drawing-box\">\n")
            page.raw(InlineSVG.prepare(svg, prefix: id + "_", label: heading))
            page.raw("\n</div>\n<figcaption>")
            page.text(caption)
            page.raw("</figcaption>\n</figure>\n")
        } else {
            page.raw("<p class=\"remark\">Not drawn (see the summary).</p>\n")
        }
        page.raw("</section>\n")
    }

    /// How busy each queue was.
    func writeQueues(to page: inout HTMLPage) {
        guard let schedule, !schedule.queues.isEmpty else { return }
        typealias F = ScheduleFormatting
        page.raw("<section id=\"queues\">\n<h2>Queues</h2>\n<table class=\"queues\">\n<thead><tr><th>Queue</th><th>Width</th>"
            + "<th class=\"number\">Busy (slot-seconds)</th><th class=\"number\">Utilisation</th><th class=\"number\">Peak</th>"
            + "<th>Longest wait for a slot</th></tr></thead>\n<tbody>\n")
        for queue in schedule.queues {
            page.raw("<tr><td><code>")
            page.text(queue.name)
            page.raw("</code></td><td>\(queue.width.map(String.init) ?? "no limit")</td><td class=\"number\">\(F.time(queue.busyTime))</td>"
                + "<td class=\"number\">\(F.percent(queue.utilisation))</td><td class=\"number\">\(queue.peakConcurrency)</td><td>")
            if let operation = queue.longestWaitOperation, queue.longestWait > 0 {
                page.text("\(F.time(queue.longestWait)) s (")
                page.element("code", operation)
                page.raw(")")
            } else {
                page.raw("—")
            }
            page.raw("</td></tr>\n")
        }
        page.raw("</tbody>\n</table>\n</section>\n")
    }

    /// The schedule table in execution order, the critical path marked in words.
    func writeSchedule(to page: inout HTMLPage) {
        page.raw("<section id=\"schedule\">\n<h2>Schedule</h2>\n")
        guard let schedule else {
            page.raw("<p class=\"remark\">No schedule (see the summary).</p>\n</section>\n")
            return
        }
        typealias F = ScheduleFormatting
        let critical = Set(schedule.criticalPath.map(\.operation))
        let shown = schedule.entries.prefix(max(0, scheduleRowLimit))
        if shown.count < schedule.entries.count {
            page.raw("<p class=\"remark\">")
            page.text("The first \(shown.count) of \(schedule.entries.count) operations; `oplint simulate --format csv` lists them all.")
            page.raw("</p>\n")
        }
        page.raw("<table class=\"schedule\">\n<thead><tr><th class=\"number\">#</th><th>Operation</th><th>Queue</th><th class=\"number\">Slot</th>"
            + "<th class=\"number\">Start</th><th class=\"number\">Runs from</th><th class=\"number\">End</th><th class=\"number\">Duration</th>"
            + "<th>State</th><th>Released by</th></tr></thead>\n<tbody>\n")
        for (i, entry) in shown.enumerated() {
            let onPath = critical.contains(entry.operation)
            let classes = [entry.state.rawValue] + (onPath ? ["critical"] : [])
            page.raw("<tr class=\"\(classes.joined(separator: " "))\"><td class=\"number\">\(i + 1)</td><td><code>")
            page.text(entry.operation)
            page.raw("</code>")
            if onPath { page.raw(" <span class=\"tag\">critical path</span>") }
            page.raw("</td><td>")
            if let queue = entry.queue { page.element("code", queue) } else { page.raw("—") }
            page.raw("</td><td class=\"number\">\(entry.slot.map(String.init) ?? "—")</td>")
            page.raw("<td class=\"number\">\(entry.start.map(F.time) ?? "—")</td>")
            let runs = entry.runStart.flatMap { run in entry.start.map { run > $0 ? F.time(run) : "" } } ?? ""
            page.raw("<td class=\"number\">\(runs)</td>")
            page.raw("<td class=\"number\">\(entry.end.map(F.time) ?? "—")</td>")
            let duration = entry.start.flatMap { start in entry.end.map { F.time($0 - start) } } ?? "—"
            page.raw("<td class=\"number\">\(duration)</td><td class=\"state\">\(entry.state.rawValue)</td><td>")
            if let waited = entry.waitedFor { page.text(waited.description) } else { page.raw("—") }
            page.raw("</td></tr>\n")
        }
        page.raw("</tbody>\n</table>\n</section>\n")
    }
}
