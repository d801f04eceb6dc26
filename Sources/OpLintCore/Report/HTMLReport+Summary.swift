extension HTMLReport {
    func writeHeader(to page: inout HTMLPage) {
        page.raw("<header>\n<h1>")
        page.text(title)
        page.raw("</h1>\n")
        if !inputFiles.isEmpty {
            page.raw("<p class=\"inputs\">")
            for (i, file) in inputFiles.enumerated() {
                if i > 0 { page.raw(", ") }
                page.element("code", ReportPath.relative(file, to: baseDirectory))
            }
            page.raw("</p>\n")
        }
        page.raw("<nav><a href=\"#summary\">Summary</a> <a href=\"#findings\">Findings</a> <a href=\"#dag\">Dependency graph</a> "
            + "<a href=\"#timeline\">Timeline</a> <a href=\"#queues\">Queues</a> <a href=\"#schedule\">Schedule</a></nav>\n</header>\n")
    }

    /// Pass or fail, the counts by severity, the size of the graph and the makespan.
    func writeSummary(to page: inout HTMLPage) {
        let counts = result.counts
        page.raw("<section id=\"summary\">\n<h2>Summary</h2>\n")
        if fails {
            page.raw("<p class=\"verdict fail\"><span class=\"mark\" aria-hidden=\"true\">✖</span> <strong>Fail</strong>: ")
            page.text("findings at or above “\(failOn?.rawValue ?? "")”")
        } else {
            page.raw("<p class=\"verdict pass\"><span class=\"mark\" aria-hidden=\"true\">✔</span> <strong>Pass</strong>: ")
            page.text(failOn.map { "no finding at or above “\($0.rawValue)”" } ?? "findings never fail this report")
        }
        page.raw("</p>\n<dl class=\"counts\">\n")
        for severity in [Severity.error, .warning, .note] {
            let n = counts[severity] ?? 0
            page.raw("<div class=\"count \(severity.rawValue)\"><dt>\(Self.symbol(severity)) \(Self.plural(severity))</dt><dd>\(Self.grouped(n))</dd></div>\n")
        }
        let suppressed = result.findings.count - result.reported.count
        if suppressed > 0 {
            page.raw("<div class=\"count\"><dt>suppressed</dt><dd>\(Self.grouped(suppressed))</dd></div>\n")
        }
        if let schedule {
            let finished = schedule.entries.filter { $0.state == .finished }.count
            page.raw("<div class=\"count\"><dt>operations</dt><dd>\(Self.grouped(schedule.entries.count))</dd></div>\n")
            page.raw("<div class=\"count\"><dt>queues</dt><dd>\(Self.grouped(schedule.queues.count))</dd></div>\n")
            page.raw("<div class=\"count\"><dt>makespan</dt><dd>\(ScheduleFormatting.time(schedule.makespan)) s</dd></div>\n")
            page.raw("<div class=\"count\"><dt>finished</dt><dd>\(Self.grouped(finished))</dd></div>\n")
        }
        page.raw("</dl>\n")
        if let schedule {
            page.raw("<p>")
            page.text("Simulated with the \(schedule.platform.rawValue) model. ")
            if let stuck = schedule.stuck {
                page.raw("<strong class=\"stuck\">")
                page.text("The graph never finishes: \(stuck.unfinished.count) operation\(stuck.unfinished.count == 1 ? "" : "s") stuck at \(ScheduleFormatting.time(stuck.time)) s.")
                page.raw("</strong>")
            } else {
                page.text("Every operation that should finish does, after \(ScheduleFormatting.time(schedule.makespan)) s.")
            }
            page.raw("</p>\n")
            writeCriticalPath(schedule, to: &page)
            if let stuck = schedule.stuck {
                page.raw("<h3>Why it never finishes</h3>\n<pre class=\"stuck-report\">")
                page.text(stuck.text())
                page.raw("</pre>\n")
            }
        } else if let simulationProblem {
            page.raw("<p class=\"problem\">")
            page.text("No schedule: \(simulationProblem)")
            page.raw("</p>\n")
        }
        for note in notes {
            page.raw("<p class=\"remark\">")
            page.text(note)
            page.raw("</p>\n")
        }
        page.raw("</section>\n")
    }

    /// Longer critical paths are folded: they would push everything else off the first screen.
    static let openCriticalPathLimit = 25

    /// The critical path, first step to last, with what released each step.
    func writeCriticalPath(_ schedule: Schedule, to page: inout HTMLPage) {
        guard let first = schedule.criticalPath.first, let last = schedule.criticalPath.last else { return }
        let steps = schedule.criticalPath.count
        let open = steps <= Self.openCriticalPathLimit ? " open" : ""
        page.raw("<details class=\"critical-path\"\(open)><summary><h3>Critical path</h3> ")
        page.text("\(Self.grouped(steps)) step\(steps == 1 ? "" : "s"), \(ScheduleFormatting.time(first.start)) → \(ScheduleFormatting.time(last.end)) s")
        page.raw("</summary>\n<ol class=\"critical-path\">\n")
        for step in schedule.criticalPath {
            page.raw("<li><code>")
            page.text(step.operation)
            page.raw("</code> ")
            page.text("\(ScheduleFormatting.time(step.start)) → \(ScheduleFormatting.time(step.end)) s, released by \(step.releasedBy)")
            page.raw("</li>\n")
        }
        page.raw("</ol>\n</details>\n")
    }

    /// `12,345`: thousands separated by commas.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = value < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    static func symbol(_ severity: Severity) -> String {
        switch severity {
        case .error: "✖"
        case .warning: "▲"
        case .note: "●"
        }
    }

    static func plural(_ severity: Severity) -> String {
        switch severity {
        case .error: "errors"
        case .warning: "warnings"
        case .note: "notes"
        }
    }
}
