extension Schedule {
    /// The schedule as text: the table in execution order, makespan, queues, critical path,
    /// and the stuck report when there is one.
    ///
    /// - Complexity: O(*n*).
    public func text() -> String {
        String(decoding: textBytes(), as: UTF8.self)
    }

    /// `text()` as UTF-8 bytes, without the copy into a `String`.
    ///
    /// - Complexity: O(*n*).
    public func textBytes() -> [UInt8] {
        ScheduleWriter.collect { write in text(chunkSize: .max, to: write) }
    }

    /// `text()` as UTF-8 bytes handed to `write` in chunks of about `chunkSize` bytes.
    ///
    /// - Complexity: O(*n*).
    public func text(chunkSize: Int, to write: ([UInt8]) throws -> Void) rethrows {
        typealias F = ScheduleFormatting
        let head = "schedule (\(platform.rawValue) model): \(entries.count) operation\(entries.count == 1 ? "" : "s"), makespan \(F.time(makespan)) s\n"
        let header = ["operation", "queue", "slot", "start", "end", "state", "waited for"]
        var widths = header.map(F.width)
        var names: [String] = []
        names.reserveCapacity(entries.count)
        var waited: [String] = []
        waited.reserveCapacity(entries.count)
        for entry in entries {
            let name = F.name(entry.operation)
            names.append(name)
            widths[0] = max(widths[0], F.width(name))
            widths[1] = max(widths[1], entry.queue.map { F.width(F.name($0)) } ?? 1)
            widths[2] = max(widths[2], entry.slot.map { String($0).utf8.count } ?? 1)
            widths[3] = max(widths[3], entry.start.map(ScheduleWriter.timeWidth) ?? 1)
            widths[4] = max(widths[4], entry.end.map(ScheduleWriter.timeWidth) ?? 1)
            widths[5] = max(widths[5], entry.state.rawValue.utf8.count)
            waited.append(entry.waitedFor.map { F.name($0.description) } ?? "-")
        }
        var table = ScheduleWriter(capacity: min((entries.count + 1) * (widths.reduce(0, +) + 14) + head.utf8.count, chunkSize) + 4096)
        table.append(head)
        for (i, title) in header.enumerated() {
            table.append(title)
            if i < header.count - 1 { table.append(spaces: widths[i] + 2 - F.width(title)) }
        }
        table.append(byte: 0x0A)
        for (k, entry) in entries.enumerated() {
            table.append(names[k])
            table.append(spaces: widths[0] + 2 - F.width(names[k]))
            let queue = entry.queue.map(F.name) ?? "-"
            table.append(queue)
            table.append(spaces: widths[1] + 2 - F.width(queue))
            let slot = entry.slot.map(String.init) ?? "-"
            table.append(slot)
            table.append(spaces: widths[2] + 2 - slot.utf8.count)
            if let start = entry.start {
                table.append(time: start)
                table.append(spaces: widths[3] + 2 - ScheduleWriter.timeWidth(start))
            } else {
                table.append("-")
                table.append(spaces: widths[3] + 1)
            }
            if let end = entry.end {
                table.append(time: end)
                table.append(spaces: widths[4] + 2 - ScheduleWriter.timeWidth(end))
            } else {
                table.append("-")
                table.append(spaces: widths[4] + 1)
            }
            table.append(entry.state.rawValue)
            table.append(spaces: widths[5] + 2 - entry.state.rawValue.utf8.count)
            table.append(waited[k])
            table.append(byte: 0x0A)
            try table.flush(ifAtLeast: chunkSize, to: write)
        }
        var out = ""
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
            let nameWidth = criticalPath.map { F.width(F.name($0.operation)) }.max() ?? 0
            let spans = criticalPath.map { "\(F.time($0.start)) → \(F.time($0.end))" }
            let spanWidth = spans.map(F.width).max() ?? 0
            for (step, span) in zip(criticalPath, spans) {
                out += "  \(F.pad(span, spanWidth))  \(F.pad(F.name(step.operation), nameWidth))  released by \(F.name(step.releasedBy.description))\n"
            }
        }
        if let stuck {
            out += "\n" + stuck.text()
        }
        table.append(out)
        try table.flush(ifAtLeast: 1, to: write)
    }
}
