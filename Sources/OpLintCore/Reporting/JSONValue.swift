#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON value that prints deterministically: object keys sorted, numbers in a fixed form.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Pretty-printed with two-space indentation and sorted keys, ending in a newline. The
    /// items of an array that is the value of a member named in `inlineItemsOf` take one line
    /// each: `{"key":value,…}`, with no space or line break inside (as a report's findings).
    ///
    /// - Complexity: O(*n* log *k*) for *n* values and objects of *k* keys. Iterative: nesting depth is not limited by the stack.
    public func serialized(pretty: Bool = true, inlineItemsOf lineKeys: Set<String> = []) -> String {
        var out = ""
        // An explicit stack of pending work so that deep values cannot overflow the call stack.
        enum Step {
            case value(JSONValue, indent: Int, inline: Bool, itemsInline: Bool)
            case text(String)
        }
        var stack: [Step] = [.value(self, indent: 0, inline: !pretty, itemsInline: false)]
        while let step = stack.popLast() {
            switch step {
            case .text(let text):
                out += text
            case .value(let value, let indent, let inline, let itemsInline):
                let newline = inline ? "" : "\n"
                func pad(_ n: Int) -> String { inline ? "" : String(repeating: "  ", count: n) }
                switch value {
                case .null: out += "null"
                case .bool(let b): out += b ? "true" : "false"
                case .int(let i): out += String(i)
                case .double(let d): out += Self.format(d)
                case .string(let s): Self.appendQuoted(s, to: &out)
                case .array(let items):
                    if items.isEmpty { out += "[]"; continue }
                    out += "[" + newline
                    var steps: [Step] = []
                    for (i, item) in items.enumerated() {
                        steps.append(.text(pad(indent + 1)))
                        steps.append(.value(item, indent: indent + 1, inline: inline || itemsInline, itemsInline: false))
                        steps.append(.text((i < items.count - 1 ? "," : "") + newline))
                    }
                    steps.append(.text(pad(indent) + "]"))
                    stack.append(contentsOf: steps.reversed())
                case .object(let members):
                    if members.isEmpty { out += "{}"; continue }
                    out += "{" + newline
                    var steps: [Step] = []
                    let keys = members.keys.sorted()
                    for (i, key) in keys.enumerated() {
                        var keyText = pad(indent + 1)
                        Self.appendQuoted(key, to: &keyText)
                        steps.append(.text(keyText + (inline ? ":" : ": ")))
                        steps.append(.value(members[key] ?? .null, indent: indent + 1, inline: inline, itemsInline: !inline && lineKeys.contains(key)))
                        steps.append(.text((i < keys.count - 1 ? "," : "") + newline))
                    }
                    steps.append(.text(pad(indent) + "}"))
                    stack.append(contentsOf: steps.reversed())
                }
            }
        }
        return out + (pretty ? "\n" : "")
    }

    /// A number as JSON: integers without a fraction, others with up to 6 decimals, trailing zeros dropped.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = fixedSix(value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `value` with six decimals, as C's `printf("%.6f")` writes it.
    static func fixedSix(_ value: Double) -> String {
        // At most 309 digits before the point for a finite double, a sign, a point and six more.
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 330) { buffer in
            let count = withVaList([value]) { vsnprintf(buffer.baseAddress, buffer.count, "%.6f", $0) }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: max(0, min(Int(count), buffer.count - 1))), as: UTF8.self)
        }
    }

    /// Appends `string` as a JSON string literal: quotes, backslashes and control characters escaped.
    static func appendQuoted(_ string: String, to out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
