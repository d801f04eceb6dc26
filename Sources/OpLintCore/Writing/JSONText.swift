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
    /// - Complexity: O(size of the value); iterative over the nesting, with one frame per open
    ///   container and every byte appended straight to the text.
    public func rendered(indent: Int? = 0) -> String {
        var out = TextBytes()
        out.bytes.reserveCapacity(4096)
        /// An open array or object: its members (an array's items have empty keys), the next one
        /// to write, its level (nil on one line) and whether it is written on one line.
        struct Frame {
            let items: [JSONText]
            let members: [(String, JSONText)]
            let isObject: Bool
            var next = 0
            let level: Int?
            let inline: Bool
            var count: Int { isObject ? members.count : items.count }
        }
        var stack: [Frame] = []
        /// Writes a scalar, or opens a container and pushes its frame.
        func begin(_ value: JSONText, _ level: Int?) {
            switch value {
            case .string(let s): Self.escape(s, into: &out)
            case .integer(let n): out.append(integer: n)
            case .number(let d): out.append(Self.format(d))
            case .bool(let b): out.append(b ? "true" : "false")
            case .null: out.append("null")
            case .array(let items):
                if items.isEmpty { out.append("[]"); return }
                let inline = level == nil || items.allSatisfy(\.isScalar)
                out.append(inline ? "[" : "[\n")
                stack.append(Frame(items: items, members: [], isObject: false, level: level, inline: inline))
            case .object(let members):
                if members.isEmpty { out.append("{}"); return }
                let inline = level == nil || (members.count <= 3 && members.allSatisfy { $0.1.isScalar })
                out.append(inline ? "{" : "{\n")
                stack.append(Frame(items: [], members: members, isObject: true, level: level, inline: inline))
            }
        }
        begin(self, indent)
        while let top = stack.last {
            let k = top.next
            if k == top.count {
                stack.removeLast()
                if !top.inline {
                    out.append(byte: 0x0A)
                    out.append(spaces: 2 * (top.level ?? 0))
                }
                out.append(byte: top.isObject ? 0x7D : 0x5D)
                continue
            }
            stack[stack.count - 1].next = k + 1
            if k > 0 { out.append(top.inline ? ", " : ",\n") }
            if !top.inline { out.append(spaces: 2 * ((top.level ?? 0) + 1)) }
            let level = top.inline ? nil : (top.level ?? 0) + 1
            if top.isObject {
                Self.escape(top.members[k].0, into: &out)
                out.append(": ")
                begin(top.members[k].1, level)
            } else {
                begin(top.items[k], level)
            }
        }
        return out.text
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

    /// A JSON string literal: quotes, backslashes, control characters and U+2028/U+2029
    /// escaped (`TextBuffer.append(jsonStringContentKeepingDelete:)`).
    static func escape(_ s: String, into out: inout TextBytes) {
        out.append(byte: 0x22)
        out.append(jsonStringContentKeepingDelete: s)
        out.append(byte: 0x22)
    }
}
