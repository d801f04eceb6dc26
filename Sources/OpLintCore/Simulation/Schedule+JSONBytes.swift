extension Schedule {
    /// `json().serialized()` as UTF-8 bytes, written row by row: the rows never become
    /// `JSONValue` dictionaries, so a million-operation schedule needs no tree in memory.
    ///
    /// - Complexity: O(*n*).
    public func jsonBytes() -> [UInt8] {
        ScheduleWriter.collect { write in json(chunkSize: .max, to: write) }
    }

    /// `jsonBytes()` handed to `write` in chunks of about `chunkSize` bytes.
    ///
    /// - Complexity: O(*n*).
    public func json(chunkSize: Int, to write: ([UInt8]) throws -> Void) rethrows {
        var out = ScheduleWriter(capacity: min(entries.count * 240, chunkSize) + 4096)
        out.append("{\n  \"criticalPath\": ")
        if criticalPath.isEmpty {
            out.append("[]")
        } else {
            // As long as the schedule on a chain: written row by row like it.
            out.append("[\n")
            for (k, step) in criticalPath.enumerated() {
                out.append("    {\n      \"end\": ")
                out.append(jsonTime: step.end)
                out.append(",\n      \"operation\": ")
                out.append(jsonString: step.operation)
                out.append(",\n      \"releasedBy\": ")
                out.append(jsonConstraint: step.releasedBy)
                out.append(",\n      \"start\": ")
                out.append(jsonTime: step.start)
                out.append(k < criticalPath.count - 1 ? "\n    },\n" : "\n    }\n")
                try out.flush(ifAtLeast: chunkSize, to: write)
            }
            out.append("  ]")
        }
        out.append(",\n  \"makespan\": ")
        out.append(nested: ScheduleFormatting.json(makespan))
        out.append(",\n  \"platform\": ")
        out.append(jsonString: platform.rawValue)
        out.append(",\n  \"queues\": ")
        if queues.isEmpty {
            out.append("[]")
        } else {
            out.append("[\n")
            for (k, queue) in queues.enumerated() {
                out.append(queue: queue, last: k == queues.count - 1)
                try out.flush(ifAtLeast: chunkSize, to: write)
            }
            out.append("  ]")
        }
        out.append(",\n  \"schedule\": ")
        if entries.isEmpty {
            out.append("[]")
        } else {
            out.append("[\n")
            // The rows are read where they are, not copied out one by one.
            try entries.withUnsafeBufferPointer { rows in
                for k in rows.indices {
                    out.append(literal: "    {\n      \"end\": ")
                    out.append(jsonTime: rows[k].end)
                    out.append(literal: ",\n      \"operation\": ")
                    out.append(jsonString: rows[k].operation)
                    out.append(literal: ",\n      \"queue\": ")
                    if let queue = rows[k].queue { out.append(jsonString: queue) } else { out.append(literal: "null") }
                    out.append(literal: ",\n      \"runStart\": ")
                    out.append(jsonTime: rows[k].runStart)
                    out.append(literal: ",\n      \"slot\": ")
                    if let slot = rows[k].slot { out.append(integer: slot) } else { out.append(literal: "null") }
                    out.append(literal: ",\n      \"start\": ")
                    out.append(jsonTime: rows[k].start)
                    out.append(literal: ",\n      \"state\": ")
                    out.append(jsonString: rows[k].state.rawValue)
                    out.append(literal: ",\n      \"waitedFor\": ")
                    if let waited = rows[k].waitedFor { out.append(jsonConstraint: waited) } else { out.append(literal: "null") }
                    if k < rows.count - 1 { out.append(literal: "\n    },\n") } else { out.append(literal: "\n    }\n") }
                    try out.flush(ifAtLeast: chunkSize, to: write)
                }
            }
            out.append("  ]")
        }
        out.append(",\n  \"stuck\": ")
        if let stuck { stuck.appendJSON(to: &out) } else { out.append("null") }
        out.append("\n}\n")
        try out.flush(ifAtLeast: 1, to: write)
    }
}

extension ScheduleWriter {
    /// A value as `JSONValue.serialized()` prints it one level deep (two spaces of indent).
    mutating func append(nested value: JSONValue) {
        let text = value.serialized()
        var lines = text.utf8.dropLast()[...]
        // Structural line breaks are the only ones: strings escape theirs.
        while let newline = lines.firstIndex(of: 0x0A) {
            append(bytes: lines[..<newline])
            append("\n  ")
            lines = lines[lines.index(after: newline)...]
        }
        append(bytes: lines)
    }

    /// A constraint's description as a string literal, without building the description
    /// when its parts need no escaping.
    mutating func append(jsonConstraint constraint: Schedule.Constraint) {
        let other = constraint.operation ?? constraint.queue
        guard let other, other.withUTF8Bytes({ Self.isPrintableWithoutEscapes($0) }) else {
            append(jsonString: constraint.description)
            return
        }
        append(byte: 0x22)
        append(constraint.kind.rawValue)
        append(byte: 0x3A)
        append(other)
        append(byte: 0x22)
    }

    /// Whether `utf8` is printable ASCII with no quote or backslash: written into a string literal as it is.
    static func isPrintableWithoutEscapes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
        return true
    }

    /// A time rounded to three decimals as `ScheduleFormatting.json` and `JSONValue` print it.
    ///
    /// From the time in thousandths, rounded once: below 10^12 of them, the rounded double is
    /// whole exactly when they are a multiple of 1,000, and prints as their digits with the
    /// point put back and trailing zeros dropped (`append(jsonDecimal:digits:)` takes the rest).
    mutating func append(jsonTime value: Double?) {
        guard let value else {
            append(literal: "null")
            return
        }
        let thousandths = (value * 1000).rounded()
        guard abs(thousandths) < 1e12 else {
            append(jsonDecimal: value, digits: 3)
            return
        }
        let fraction = append(wholePartOf: thousandths)
        guard fraction != 0 else { return }
        let (tenths, hundredths, last) = (UInt8(fraction / 100), UInt8(fraction / 10 % 10), UInt8(fraction % 10))
        append(byte: 0x2E)
        append(byte: 0x30 &+ tenths)
        if hundredths != 0 || last != 0 { append(byte: 0x30 &+ hundredths) }
        if last != 0 { append(byte: 0x30 &+ last) }
    }

    /// `value` rounded to `digits` decimals (at most 6), as `JSONValue` prints the rounded
    /// double: an integer without a point, else the decimals without trailing zeros.
    mutating func append(jsonDecimal value: Double?, digits: Int) {
        guard let value, value.isFinite else {
            append("null")
            return
        }
        var power = 1
        for _ in 0..<digits { power *= 10 }
        let scale = Double(power)
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            append(integer: Int(Int64(rounded)))
            return
        }
        // Below 1e9 the double nearest to k/10^digits prints as k/10^digits with "%.6f".
        guard abs(rounded) < 1e9 else {
            append(JSONValue.format(rounded))
            return
        }
        var units = Int((rounded * scale).rounded())
        if units < 0 {
            append(byte: 0x2D)
            units = -units
        }
        append(integer: units / power)
        append(byte: 0x2E)
        var fraction = units % power
        var shown = digits
        while fraction % 10 == 0 {
            fraction /= 10
            shown -= 1
        }
        var divisor = 1
        for _ in 1..<shown { divisor *= 10 }
        while divisor > 0 {
            append(byte: UInt8(0x30 + fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// One queue of `Schedule.queuesJSON()` as it prints one level deep, `last` without the
    /// comma: half a million serial queues are written row by row, never a tree of `JSONValue`s.
    mutating func append(queue: Schedule.QueueStatistics, last: Bool) {
        append("    {\n      \"busyTime\": ")
        append(jsonTime: queue.busyTime)
        append(",\n      \"longestWait\": ")
        append(jsonTime: queue.longestWait)
        append(",\n      \"longestWaitOperation\": ")
        if let operation = queue.longestWaitOperation { append(jsonString: operation) } else { append("null") }
        append(",\n      \"name\": ")
        append(jsonString: queue.name)
        append(",\n      \"peakConcurrency\": ")
        append(integer: queue.peakConcurrency)
        append(",\n      \"utilisation\": ")
        append(jsonDecimal: queue.utilisation, digits: 4)
        append(",\n      \"width\": ")
        if let width = queue.width { append(integer: width) } else { append("null") }
        append(last ? "\n    }\n" : "\n    },\n")
    }
}
