extension Schedule {
    /// The CSV header of `csv()`.
    public static let csvHeader = "operation,queue,slot,start,end,state,waited_for"

    /// The schedule as CSV (RFC 4180): one row per operation in execution order; `start` and
    /// `end` empty for an operation that never started or never finished.
    ///
    /// - Complexity: O(*n*).
    public func csv() -> String {
        var out = Self.csvHeader + "\n"
        for entry in entries {
            let fields = [
                entry.operation,
                entry.queue ?? "",
                entry.slot.map(String.init) ?? "",
                entry.start.map(ScheduleFormatting.time) ?? "",
                entry.end.map(ScheduleFormatting.time) ?? "",
                entry.state.rawValue,
                entry.waitedFor?.description ?? "",
            ]
            out += fields.map(Self.csvField).joined(separator: ",") + "\n"
        }
        return out
    }

    /// A field quoted when it holds a comma, a quote or a line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
