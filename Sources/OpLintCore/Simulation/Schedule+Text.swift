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
        // The rows are read where they are, not copied out one by one. A missing queue, slot or
        // time is shown as `-`, narrower than every column's title.
        entries.withUnsafeBufferPointer { rows in
            for k in rows.indices {
                let name = F.name(rows[k].operation)
                names.append(name)
                widths[0] = max(widths[0], F.width(name))
                if let queue = rows[k].queue { widths[1] = max(widths[1], F.width(F.name(queue))) }
                if let slot = rows[k].slot { widths[2] = max(widths[2], F.decimalWidth(slot)) }
                if let start = rows[k].start { widths[3] = max(widths[3], ScheduleWriter.timeWidth(start)) }
                if let end = rows[k].end { widths[4] = max(widths[4], ScheduleWriter.timeWidth(end)) }
                widths[5] = max(widths[5], rows[k].state.rawValue.utf8.count)
            }
        }
        var table = ScheduleWriter(capacity: min((entries.count + 1) * (widths.reduce(0, +) + 14) + head.utf8.count, chunkSize) + 4096)
        table.append(head)
        for (i, title) in header.enumerated() {
            table.append(title)
            if i < header.count - 1 { table.append(spaces: widths[i] + 2 - F.width(title)) }
        }
        table.append(byte: 0x0A)
        try entries.withUnsafeBufferPointer { rows in
            for k in rows.indices {
                table.append(names[k])
                table.append(spaces: widths[0] + 2 - F.width(names[k]))
                if let queue = rows[k].queue {
                    let shown = F.name(queue)
                    table.append(shown)
                    table.append(spaces: widths[1] + 2 - F.width(shown))
                } else {
                    table.append(byte: 0x2D)
                    table.append(spaces: widths[1] + 1)
                }
                // Numbers and times are ASCII: as wide as the bytes written.
                var before = table.writtenCount
                if let slot = rows[k].slot { table.append(integer: slot) } else { table.append(byte: 0x2D) }
                table.append(spaces: widths[2] + 2 - (table.writtenCount - before))
                before = table.writtenCount
                if let start = rows[k].start { table.append(time: start) } else { table.append(byte: 0x2D) }
                table.append(spaces: widths[3] + 2 - (table.writtenCount - before))
                before = table.writtenCount
                if let end = rows[k].end { table.append(time: end) } else { table.append(byte: 0x2D) }
                table.append(spaces: widths[4] + 2 - (table.writtenCount - before))
                table.append(rows[k].state.rawValue)
                table.append(spaces: widths[5] + 2 - rows[k].state.rawValue.utf8.count)
                if let waited = rows[k].waitedFor { table.append(shown: waited) } else { table.append(byte: 0x2D) }
                table.append(byte: 0x0A)
                try table.flush(ifAtLeast: chunkSize, to: write)
            }
        }
        if !queues.isEmpty {
            // One line a queue, written into the writer: half as many queues as operations on
            // serial queues. Names are padded to the widest in characters, as `pad` counts them.
            table.append(literal: "\nqueues\n")
            let nameWidth = queues.map { F.name($0.name).count }.max() ?? 0
            for queue in queues {
                let name = F.name(queue.name)
                table.append(literal: "  ")
                table.append(name)
                table.append(spaces: nameWidth - F.width(name))
                table.append(literal: "  width ")
                if let width = queue.width { table.append(integer: width) } else { table.append(literal: "unlimited") }
                table.append(literal: "  busy ")
                table.append(time: queue.busyTime)
                table.append(literal: " s  utilisation ")
                table.append(F.percent(queue.utilisation))
                table.append(literal: "  peak ")
                table.append(integer: queue.peakConcurrency)
                table.append(literal: "  longest wait ")
                table.append(time: queue.longestWait)
                table.append(literal: " s")
                if let op = queue.longestWaitOperation, queue.longestWait > 0 {
                    table.append(literal: " (")
                    table.append(F.name(op))
                    table.append(byte: 0x29)
                }
                table.append(byte: 0x0A)
                try table.flush(ifAtLeast: chunkSize, to: write)
            }
        }
        if !criticalPath.isEmpty {
            // As long as the schedule on a chain: written row by row, as the table is.
            let span = (criticalPath.last?.end ?? 0) - (criticalPath.first?.start ?? 0)
            table.append("\ncritical path (\(F.time(span)) s, \(criticalPath.count) step\(criticalPath.count == 1 ? "" : "s"))\n")
            // A step's span is `start → end`: the two times and three characters between them.
            var nameWidth = 0
            var spanWidth = 0
            for step in criticalPath {
                nameWidth = max(nameWidth, F.width(F.name(step.operation)))
                spanWidth = max(spanWidth, ScheduleWriter.timeWidth(step.start) + 3 + ScheduleWriter.timeWidth(step.end))
            }
            for step in criticalPath {
                table.append(literal: "  ")
                table.append(time: step.start)
                table.append(literal: " → ")
                table.append(time: step.end)
                table.append(spaces: spanWidth - ScheduleWriter.timeWidth(step.start) - 3 - ScheduleWriter.timeWidth(step.end))
                table.append(literal: "  ")
                let name = F.name(step.operation)
                table.append(name)
                table.append(spaces: nameWidth - F.width(name))
                table.append(literal: "  released by ")
                table.append(shown: step.releasedBy)
                table.append(byte: 0x0A)
                try table.flush(ifAtLeast: chunkSize, to: write)
            }
        }
        if let stuck {
            table.append(byte: 0x0A)
            table.append(stuck.text())
        }
        try table.flush(ifAtLeast: 1, to: write)
    }
}

extension ScheduleWriter {
    /// A constraint as `ScheduleFormatting.name` shows its description (`dependency:fetch`),
    /// without making the description: only the name in it can hold characters to escape.
    mutating func append(shown constraint: Schedule.Constraint) {
        append(constraint.kind.rawValue)
        if let other = constraint.operation ?? constraint.queue {
            append(byte: 0x3A)
            append(ScheduleFormatting.name(other))
        }
    }
}
