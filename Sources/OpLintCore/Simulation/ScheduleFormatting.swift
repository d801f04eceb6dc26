import CTextScan

/// Number and text forms shared by the schedule's renderings.
enum ScheduleFormatting {
    /// A time or duration with exactly three decimals: `1.500`.
    static func time(_ value: Double) -> String {
        let thousandths = (value * 1000).rounded()
        guard thousandths.isFinite, abs(thousandths) < 9e15 else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let whole = Int64(thousandths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A time rounded to three decimals, for JSON.
    static func json(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .double((value * 1000).rounded() / 1000)
    }

    /// A percentage with one decimal: `66.7%`.
    static func percent(_ value: Double) -> String {
        let tenths = (value * 1000).rounded()
        guard tenths.isFinite else { return "0.0%" }
        let whole = Int64(tenths)
        return "\(whole / 10).\(abs(whole % 10))%"
    }

    /// A name as shown in text: control characters escaped so that one name is one line.
    static func name(_ name: String) -> String {
        guard name.withUTF8Bytes({ $0.contains { $0 < 0x20 || $0 == 0x7F } }) else { return name }
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                let hex = String(scalar.value, radix: 16)
                out += "\\u{" + hex + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The number of characters of `value` in decimal, its sign included.
    static func decimalWidth(_ value: Int) -> Int {
        var width = value < 0 ? 2 : 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            width += 1
        }
        return width
    }

    /// The width of `text` in columns, counted as Unicode scalars (fast, and exact for the
    /// names and numbers of a schedule).
    static func width(_ text: String) -> Int {
        // Fast path: ASCII text is one column per byte.
        let ascii = text.withUTF8Bytes { $0.count == oplint_ascii_prefix($0.baseAddress, $0.count) ? $0.count : nil }
        return ascii ?? text.unicodeScalars.count
    }

    /// Pads `text` to `width` columns.
    static func pad(_ text: String, _ width: Int) -> String {
        let count = Self.width(text)
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }
}
