extension Schedule {
    /// The schedule as text: the table in execution order, makespan, queues, critical path,
    /// and the stuck report when there is one.
    ///
    /// - Complexity: O(*n*).
    public func text() -> String {
        typealias F = ScheduleFormatting
        var out = "schedule (\(platform.rawValue) model): \(entries.count) operation\(entries.count == 1 ? "" : "s"), makespan \(F.time(makespan)) s\n"
        let header = ["operation", "queue", "slot", "start", "end", "state", "waited for"]
        var rows: [[String]] = [header]
        rows.reserveCapacity(entries.count + 1)
        for entry in entries {
            rows.append([
                F.name(entry.operation),
                entry.queue.map(F.name) ?? "-",
                entry.slot.map(String.init) ?? "-",
                entry.start.map(F.time) ?? "-",
                entry.end.map(F.time) ?? "-",
                entry.state.rawValue,
                entry.waitedFor.map { F.name($0.description) } ?? "-",
            ])
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                line += i == row.count - 1 ? cell : F.pad(cell, widths[i] + 2)
            }
            out += line + "\n"
        }
        if !queues.isEmpty {
            out += "\nqueues\n"
            let nameWidth = queues.map { F.name($0.name).count }.max() ?? 0
            for queue in queues {
                var line = "  " + F.pad(F.name(queue.name), nameWidth)
                line += "  width " + (queue.width.map(String.init) ?? "unlimited")
                line += "  busy \(F.time(queue.busyTime)) s  utilisation \(F.percent(queue.utilisation))"
                line += "  peak \(queue.peakConcurrency)  longest wait \(F.time(queue.longestWait)) s"
                if let op = queue.longestWaitOperation, queue.longestWait > 0 { line += " (\(F.name(op)))" }
                out += line + "\n"
            }
        }
        if !criticalPath.isEmpty {
            let span = (criticalPath.last?.end ?? 0) - (criticalPath.first?.start ?? 0)
            out += "\ncritical path (\(F.time(span)) s, \(criticalPath.count) step\(criticalPath.count == 1 ? "" : "s"))\n"
            let nameWidth = criticalPath.map { F.name($0.operation).count }.max() ?? 0
            for step in criticalPath {
                out += "  \(F.time(step.start)) → \(F.time(step.end))  \(F.pad(F.name(step.operation), nameWidth))  released by \(F.name(step.releasedBy.description))\n"
            }
        }
        if let stuck {
            out += "\n" + stuck.text()
        }
        return out
    }
}
