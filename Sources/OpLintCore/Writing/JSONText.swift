/// A JSON value with ordered keys, written deterministically.
public indirect enum JSONText: Sendable, Equatable {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    public static func == (lhs: JSONText, rhs: JSONText) -> Bool {
        lhs.rendered(indent: nil) == rhs.rendered(indent: nil)
    }

    /// The JSON text: pretty-printed with two-space indentation, or on one line when `indent` is nil.
    /// Objects small enough and arrays of scalars stay on one line.
    ///
    /// - Complexity: O(size of the value); iterative over the nesting.
    public func rendered(indent: Int? = 0) -> String {
        var out = ""
        // An explicit stack of work items: a value to write, or a literal piece of text.
        enum Work { case value(JSONText, Int?), text(String) }
        var stack: [Work] = [.value(self, indent)]
        while let work = stack.popLast() {
            switch work {
            case .text(let text):
                out += text
            case .value(let value, let level):
                switch value {
                case .string(let s): Self.escape(s, into: &out)
                case .integer(let n): out += String(n)
                case .number(let d): out += Self.format(d)
                case .bool(let b): out += b ? "true" : "false"
                case .null: out += "null"
                case .array(let items):
                    if items.isEmpty { out += "[]"; continue }
                    let inline = level == nil || items.allSatisfy(\.isScalar)
                    var pieces: [Work] = [.text(inline ? "[" : "[\n")]
                    for (k, item) in items.enumerated() {
                        if !inline { pieces.append(.text(String(repeating: "  ", count: (level ?? 0) + 1))) }
                        pieces.append(.value(item, inline ? nil : (level ?? 0) + 1))
                        if k < items.count - 1 { pieces.append(.text(inline ? ", " : ",\n")) }
                    }
                    pieces.append(.text(inline ? "]" : "\n" + String(repeating: "  ", count: level ?? 0) + "]"))
                    stack += pieces.reversed()
                case .object(let members):
                    if members.isEmpty { out += "{}"; continue }
                    let inline = level == nil || (members.count <= 3 && members.allSatisfy { $0.1.isScalar })
                    var pieces: [Work] = [.text(inline ? "{" : "{\n")]
                    for (k, (key, item)) in members.enumerated() {
                        var keyText = ""
                        Self.escape(key, into: &keyText)
                        pieces.append(.text((inline ? "" : String(repeating: "  ", count: (level ?? 0) + 1)) + keyText + ": "))
                        pieces.append(.value(item, inline ? nil : (level ?? 0) + 1))
                        if k < members.count - 1 { pieces.append(.text(inline ? ", " : ",\n")) }
                    }
                    pieces.append(.text(inline ? "}" : "\n" + String(repeating: "  ", count: level ?? 0) + "}"))
                    stack += pieces.reversed()
                }
            }
        }
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// `2` for whole numbers, else the shortest text that reads back the same.
    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func escape(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
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
