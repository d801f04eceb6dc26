import OpLintCore

/// What a simulated schedule promises (docs/simulation.md), and what its outputs promise.
enum ScheduleChecks {
    /// One row per operation copy; times in order; an operation that finished without being
    /// cancelled started after each of its dependencies ended (S3); no queue ran more
    /// operations at once than its width.
    static func promises(_ schedule: Schedule, graph: OperationGraph) throws(FuzzFailure) {
        let expanded = graph.expandingCounts()
        try require(schedule.entries.count == expanded.operations.count,
                    "\(schedule.entries.count) schedule rows for \(expanded.operations.count) operations")
        // Keyed by the names' bytes: Swift's `String ==` takes "é" and "e\u{301}" for one name.
        var rows: [[UInt8]: Schedule.Entry] = [:]
        for entry in schedule.entries { rows[Array(entry.operation.utf8)] = entry }
        try require(rows.count == schedule.entries.count, "an operation has two schedule rows")
        for entry in schedule.entries {
            if let start = entry.start, let end = entry.end {
                try require(start <= end && start <= schedule.makespan + 1e-9 && end <= schedule.makespan + 1e-9,
                            "\(entry.operation) runs \(start)…\(end) in a makespan of \(schedule.makespan)")
                if let run = entry.runStart { try require(start <= run && run <= end, "\(entry.operation) runs main() at \(run), outside \(start)…\(end)") }
            }
            if entry.state == .finished || entry.state == .cancelled {
                try require(entry.end != nil, "\(entry.operation) is \(entry.state.rawValue) but has no end")
            }
            if entry.state == .neverStarted { try require(entry.start == nil, "\(entry.operation) never started but has a start") }
        }
        for operation in expanded.operations {
            guard let row = rows[Array(operation.name.utf8)], row.state == .finished, let start = row.start else { continue }
            for dependency in operation.dependencies {
                guard let other = rows[Array(dependency.name.utf8)] else { continue }
                guard let end = other.end else {
                    throw FuzzFailure("\(operation.name) finished, but its dependency \(dependency.name) is \(other.state.rawValue)")
                }
                try require(end <= start + 1e-9, "\(operation.name) started at \(start), before its dependency \(dependency.name) ended at \(end)")
            }
        }
        for queue in schedule.queues {
            guard let width = queue.width, width >= 1 else { continue }
            try require(queue.peakConcurrency <= width, "queue \(queue.name) of width \(width) ran \(queue.peakConcurrency) at once")
        }
        if let stuck = schedule.stuck {
            try require(!stuck.unfinished.isEmpty, "a stuck report with nothing unfinished")
            let unfinished = Set(stuck.unfinished.map { Array($0.utf8) })
            for name in stuck.unfinished {
                guard let row = rows[Array(name.utf8)] else { throw FuzzFailure("the stuck report names \(name), which has no schedule row") }
                try require(row.state == .stuck || row.state == .neverStarted, "the stuck report names \(name), which is \(row.state.rawValue)")
            }
            for cause in stuck.rootCauses {
                try require(!cause.members.isEmpty, "a \(cause.kind.rawValue) root cause without operations")
                try require(!cause.fix.isEmpty, "a \(cause.kind.rawValue) root cause without a fix")
                for blocked in cause.blocked {
                    try require(unfinished.contains(Array(blocked.operation.utf8)), "\(blocked.operation) is blocked, but not unfinished")
                }
            }
        }
    }

    /// The text, JSON, CSV and trace outputs of a schedule, and its timeline drawing.
    static func outputs(_ schedule: Schedule, model: SimulationModel, graph: OperationGraph) throws(FuzzFailure) {
        _ = schedule.text()
        try require(schedule.textBytes() == Array(schedule.text().utf8), "text() and textBytes() differ")
        try OutputChecks.parsesAsJSON(schedule.json().serialized(), "the schedule JSON")
        try OutputChecks.parsesAsJSON(String(decoding: schedule.jsonBytes(), as: UTF8.self), "the streamed schedule JSON")
        try OutputChecks.parsesAsJSON(schedule.traceEvents(model: model).serialized(pretty: false), "the trace events")
        try checkCSV(schedule.csv(), schedule)
        if let stuck = schedule.stuck {
            _ = stuck.text()
            for member in stuck.rootCauses.flatMap(\.members) {
                try require(!member.line(withLocations: true).isEmpty, "a stuck operation without a situation")
            }
        }
        try DOTSyntax.document(TimelineDrawing(schedule: schedule, graph: graph).dot)
    }

    /// RFC 4180: a header and one record of seven fields per row, the first field the operation.
    static func checkCSV(_ csv: String, _ schedule: Schedule) throws(FuzzFailure) {
        let records: [[String]]
        do throws(FuzzFailure) {
            records = try CSVReader.records(csv)
        } catch {
            throw FuzzFailure("the schedule CSV: \(error.message):\n\(csv)")
        }
        try require(records.count == schedule.entries.count + 1, "the CSV has \(records.count) records for \(schedule.entries.count) rows")
        try require(records.first == Schedule.csvHeader.split(separator: ",").map(String.init), "the CSV header is \(records.first ?? [])")
        for (record, entry) in zip(records.dropFirst(), schedule.entries) {
            try require(record.count == 7, "a CSV record of \(record.count) fields: \(record)")
            try require(record[0].isSame(as: entry.operation), "the CSV names \(record[0].debugDescription) for \(entry.operation.debugDescription)")
        }
    }
}

/// Reads RFC 4180 CSV: quoted fields with doubled quotes, records ended by LF.
enum CSVReader {
    static func records(_ text: String) throws(FuzzFailure) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if bytes.first == UInt8(ascii: "\"") { field.append(byte); bytes = bytes.dropFirst() } else { quoted = false }
                } else {
                    field.append(byte)
                }
            } else if byte == UInt8(ascii: "\"") {
                try require(field.isEmpty, "a quote inside an unquoted CSV field")
                quoted = true
            } else if byte == UInt8(ascii: ",") {
                record.append(String(decoding: field, as: UTF8.self))
                field = []
            } else if byte == 0x0A {
                record.append(String(decoding: field, as: UTF8.self))
                records.append(record)
                record = []
                field = []
            } else {
                try require(byte != 0x0D, "a raw carriage return in an unquoted CSV field")
                field.append(byte)
            }
        }
        try require(!quoted && field.isEmpty && record.isEmpty, "the CSV does not end with a complete record")
        return records
    }
}
