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
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        // An explicit stack of work items: a value to write, or a literal piece of text.
        enum Work { case value(JSONText, Int?), text(String) }
        var stack: [Work] = [.value(self, indent)]
        while let work = stack.popLast() {
            switch work {
            case .text(let text):
                out.append(contentsOf: text.utf8)
            case .value(let value, let level):
                switch value {
                case .string(let s): Self.escape(s, into: &out)
                case .integer(let n): out.append(contentsOf: String(n).utf8)
                case .number(let d): out.append(contentsOf: Self.format(d).utf8)
                case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
                case .null: out.append(contentsOf: "null".utf8)
                case .array(let items):
                    if items.isEmpty { out.append(contentsOf: "[]".utf8); continue }
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
                    if members.isEmpty { out.append(contentsOf: "{}".utf8); continue }
                    let inline = level == nil || (members.count <= 3 && members.allSatisfy { $0.1.isScalar })
                    var pieces: [Work] = [.text(inline ? "{" : "{\n")]
                    for (k, (key, item)) in members.enumerated() {
                        var keyText: [UInt8] = []
                        Self.escape(key, into: &keyText)
                        pieces.append(.text((inline ? "" : String(repeating: "  ", count: (level ?? 0) + 1)) + String(decoding: keyText, as: UTF8.self) + ": "))
                        pieces.append(.value(item, inline ? nil : (level ?? 0) + 1))
                        if k < members.count - 1 { pieces.append(.text(inline ? ", " : ",\n")) }
                    }
                    pieces.append(.text(inline ? "}" : "\n" + String(repeating: "  ", count: level ?? 0) + "}"))
                    stack += pieces.reversed()
                }
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
