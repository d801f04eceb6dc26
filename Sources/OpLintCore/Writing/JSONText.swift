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
        var out: [UInt8] = []
        out.reserveCapacity(4096)
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
        func spaces(_ level: Int) {
            for _ in 0..<level { out.append(0x20); out.append(0x20) }
        }
        /// Writes a scalar, or opens a container and pushes its frame.
        func begin(_ value: JSONText, _ level: Int?) {
            switch value {
            case .string(let s): Self.escape(s, into: &out)
            case .integer(let n): out.append(contentsOf: String(n).utf8)
            case .number(let d): out.append(contentsOf: Self.format(d).utf8)
            case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
            case .null: out.append(contentsOf: "null".utf8)
            case .array(let items):
                if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
                let inline = level == nil || items.allSatisfy(\.isScalar)
                out.append(contentsOf: (inline ? "[" : "[\n").utf8)
                stack.append(Frame(items: items, members: [], isObject: false, level: level, inline: inline))
            case .object(let members):
                if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
                let inline = level == nil || (members.count <= 3 && members.allSatisfy { $0.1.isScalar })
                out.append(contentsOf: (inline ? "{" : "{\n").utf8)
                stack.append(Frame(items: [], members: members, isObject: true, level: level, inline: inline))
            }
        }
        begin(self, indent)
        while let top = stack.last {
            let k = top.next
            if k == top.count {
                stack.removeLast()
                if !top.inline {
                    out.append(0x0A)
                    spaces(top.level ?? 0)
                }
                out.append(top.isObject ? 0x7D : 0x5D)
                continue
            }
            stack[stack.count - 1].next = k + 1
            if k > 0 { out.append(contentsOf: (top.inline ? ", " : ",\n").utf8) }
            if !top.inline { spaces((top.level ?? 0) + 1) }
            let level = top.inline ? nil : (top.level ?? 0) + 1
            if top.isObject {
                Self.escape(top.members[k].0, into: &out)
                out.append(contentsOf: ": ".utf8)
                begin(top.members[k].1, level)
            } else {
                begin(top.items[k], level)
            }
        }
        return String(decoding: out, as: UTF8.self)
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
    static func escape(_ s: String, into out: inout [UInt8]) {
        // Most strings (names, paths) need nothing escaped and are copied whole.
        let copied: Bool = s.withUTF8Bytes { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: utf8)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if copied { return }
        out.append(UInt8(ascii: "\""))
        // Bytes are copied as they are, except the ones JSON requires escaped and U+2028/U+2029.
        var utf8 = s.utf8.makeIterator()
        var pending: [UInt8] = []
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array(String(byte, radix: 16).utf8)
                out.append(contentsOf: Array("\\u00".utf8) + (hex.count == 1 ? [UInt8(ascii: "0")] : []) + hex)
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 / E2 80 A9.
                pending = [byte]
                if let second = utf8.next() {
                    pending.append(second)
                    if let third = utf8.next() {
                        pending.append(third)
                        if second == 0x80 && (third == 0xA8 || third == 0xA9) {
                            out.append(contentsOf: Array((third == 0xA8 ? "\\u2028" : "\\u2029").utf8))
                            continue
                        }
                    }
                }
                out.append(contentsOf: pending)
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
