extension Schedule {
    /// The CSV header of `csv()`.
    public static let csvHeader = "operation,queue,slot,start,end,state,waited_for"

    /// The schedule as CSV (RFC 4180): one row per operation in execution order; `start` and
    /// `end` empty for an operation that never started or never finished.
    ///
    /// - Complexity: O(*n*).
    public func csv() -> String {
        String(decoding: csvBytes(), as: UTF8.self)
    }

    /// `csv()` as UTF-8 bytes, without the copy into a `String`.
    ///
    /// - Complexity: O(*n*).
    public func csvBytes() -> [UInt8] {
        ScheduleWriter.collect { write in csv(chunkSize: .max, to: write) }
    }

    /// `csv()` as UTF-8 bytes handed to `write` in chunks of about `chunkSize` bytes, so that
    /// the whole rendering never has to be in memory at once.
    ///
    /// - Complexity: O(*n*).
    public func csv(chunkSize: Int, to write: ([UInt8]) throws -> Void) rethrows {
        var out = ScheduleWriter(capacity: min(entries.count * 80 + 64, chunkSize) + 4096)
        out.append(Self.csvHeader)
        out.append(byte: 0x0A)
        // The rows are read where they are, not copied out one by one.
        try entries.withUnsafeBufferPointer { rows in
            for k in rows.indices {
                Self.appendField(rows[k].operation, to: &out)
                out.append(byte: 0x2C)
                if let queue = rows[k].queue { Self.appendField(queue, to: &out) }
                out.append(byte: 0x2C)
                if let slot = rows[k].slot { out.append(integer: slot) }
                out.append(byte: 0x2C)
                if let start = rows[k].start { out.append(time: start) }
                out.append(byte: 0x2C)
                if let end = rows[k].end { out.append(time: end) }
                out.append(byte: 0x2C)
                out.append(rows[k].state.rawValue)
                out.append(byte: 0x2C)
                if let waited = rows[k].waitedFor { Self.appendField(waited, to: &out) }
                out.append(byte: 0x0A)
                try out.flush(ifAtLeast: chunkSize, to: write)
            }
        }
        try out.flush(ifAtLeast: 1, to: write)
    }

    /// A constraint's description as a field, without building the description when the
    /// name in it needs no quoting (the kinds never do).
    static func appendField(_ constraint: Constraint, to out: inout ScheduleWriter) {
        guard let other = constraint.operation ?? constraint.queue else {
            out.append(constraint.kind.rawValue)
            return
        }
        guard other.withUTF8Bytes(Self.needsQuoting) else {
            out.append(constraint.kind.rawValue)
            out.append(byte: 0x3A)
            out.append(other)
            return
        }
        appendField(constraint.description, to: &out)
    }

    /// Whether a field holds a comma, a quote or a line break, and is quoted.
    static func needsQuoting(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in utf8 where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D { return true }
        return false
    }

    static func appendField(_ text: String, to out: inout ScheduleWriter) {
        guard text.withUTF8Bytes(Self.needsQuoting) else {
            out.append(text)
            return
        }
        out.append(csvField(text))
    }

    /// A field quoted when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        var out = ""
        appendField(text, to: &out)
        return out
    }

    /// Appends a field, quoted when it holds a comma, a quote or a line break (scanned as bytes).
    static func appendField(_ text: String, to out: inout String) {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            out += text
            return
        }
        out += "\""
        // Scalar by scalar: a quote followed by a combining mark is one Character, which
        // `replacingOccurrences(of: "\"", …)` would leave undoubled, ending the field early.
        for scalar in text.unicodeScalars {
            if scalar == "\"" { out += "\"\"" } else { out.unicodeScalars.append(scalar) }
        }
        out += "\""
    }
}
