#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PositionedJSON {
    /// The parser: a cursor over the bytes and a stack of open containers.
    struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// An array or object being filled.
        enum Open {
            case array(offset: Int, elements: [PositionedJSON])
            case object(offset: Int, members: [Member], pendingKey: (String, Int)?)
        }

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte order mark is allowed before the document.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func fail(_ message: String, at offset: Int? = nil) -> SyntaxError {
            SyntaxError(offset: offset ?? index, message: message)
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func document() throws(SyntaxError) -> PositionedJSON {
            skipSpace()
            let value = try valueTree()
            skipSpace()
            if index < bytes.count { throw fail("unexpected text after the JSON value") }
            return value
        }

        /// Reads one value, containers included, without recursion.
        mutating func valueTree() throws(SyntaxError) -> PositionedJSON {
            var stack: [Open] = []
            while true {
                skipSpace()
                guard index < bytes.count else { throw fail("unexpected end of file") }
                var finished: PositionedJSON?
                let start = index
                // Inside an object, a key comes first unless the object closes.
                if case .object(let offset, let members, nil)? = stack.last {
                    if bytes[index] == UInt8(ascii: "}"), members.isEmpty {
                        index += 1
                        stack.removeLast()
                        finished = PositionedJSON(value: .object(members), offset: offset)
                    } else {
                        guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
                        let key = try string()
                        if members.contains(where: { $0.key == key }) { throw fail("duplicate key '\(key)'", at: start) }
                        skipSpace()
                        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
                        index += 1
                        stack[stack.count - 1] = .object(offset: offset, members: members, pendingKey: (key, start))
                        continue
                    }
                } else if case .array(let offset, let elements)? = stack.last, bytes[index] == UInt8(ascii: "]"), elements.isEmpty {
                    index += 1
                    stack.removeLast()
                    finished = PositionedJSON(value: .array(elements), offset: offset)
                }
                if finished == nil {
                    switch bytes[index] {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        if stack.count >= PositionedJSON.maxDepth { throw fail("nested too deeply") }
                        stack.append(bytes[index] == UInt8(ascii: "{")
                            ? .object(offset: start, members: [], pendingKey: nil)
                            : .array(offset: start, elements: []))
                        index += 1
                        continue
                    case UInt8(ascii: "\""):
                        finished = PositionedJSON(value: .string(try string()), offset: start)
                    default:
                        finished = PositionedJSON(value: try scalar(), offset: start)
                    }
                }
                // Attach the finished value to its container, closing containers as they end.
                guard var value = finished else { continue }
                while true {
                    guard let open = stack.popLast() else { return value }
                    skipSpace()
                    let next = index < bytes.count ? bytes[index] : 0
                    switch open {
                    case .array(let offset, var elements):
                        elements.append(value)
                        if next == UInt8(ascii: ",") {
                            index += 1
                            stack.append(.array(offset: offset, elements: elements))
                        } else if next == UInt8(ascii: "]") {
                            index += 1
                            value = PositionedJSON(value: .array(elements), offset: offset)
                            continue
                        } else {
                            throw fail("expected ',' or ']'")
                        }
                    case .object(let offset, var members, let pending):
                        guard let (key, keyOffset) = pending else { throw fail("expected a key") }
                        members.append(Member(key: key, keyOffset: keyOffset, value: value))
                        if next == UInt8(ascii: ",") {
                            index += 1
                            stack.append(.object(offset: offset, members: members, pendingKey: nil))
                            // A key must follow a comma: `{"a":1,}` is an error.
                            skipSpace()
                            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { throw fail("expected a quoted key") }
                        } else if next == UInt8(ascii: "}") {
                            index += 1
                            value = PositionedJSON(value: .object(members), offset: offset)
                            continue
                        } else {
                            throw fail("expected ',' or '}'")
                        }
                    }
                    break
                }
            }
        }

        /// `true`, `false`, `null` or a number.
        mutating func scalar() throws(SyntaxError) -> Value {
            for (word, value) in [("true", Value.bool(true)), ("false", .bool(false)), ("null", .null)] {
                let utf8 = Array(word.utf8)
                if bytes[index...].starts(with: utf8) {
                    index += utf8.count
                    return value
                }
            }
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard !text.isEmpty, Self.isJSONNumber(bytes[start..<index]), let number = Double(text), number.isFinite else {
                throw fail("expected a value", at: start)
            }
            return .number(number)
        }

        /// A string literal, unescaped; the cursor is on its opening quote.
        mutating func string() throws(SyntaxError) -> String {
            let start = index
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    // A backslash as the last byte: the string never ends (a `break` here would only leave the switch).
                    guard index + 1 < bytes.count else { throw fail("unterminated string", at: start) }
                    let escape = bytes[index + 1]
                    index += 2
                    switch escape {
                    case UInt8(ascii: "\""): scalars.append("\"")
                    case UInt8(ascii: "\\"): scalars.append("\\")
                    case UInt8(ascii: "/"): scalars.append("/")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code), bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid surrogate pair", at: index - 6) }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape", at: index - 6) }
                        scalars.append(scalar)
                    default:
                        throw fail("invalid escape in a string", at: index - 2)
                    }
                default:
                    if byte < 0x20 { throw fail("control character in a string") }
                    run.append(byte)
                    index += 1
                }
            }
            throw fail("unterminated string", at: start)
        }

        /// The four hex digits after `\u`; the cursor is on the first. Only `0-9`, `a-f` and `A-F`
        /// count as digits, as in RFC 8259 — not the sign that `UInt32(_:radix:)` would also take.
        mutating func hex4() throws(SyntaxError) -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("invalid \\u escape (it needs four hex digits)", at: index - 2) }
            var code: UInt32 = 0
            for byte in bytes[index..<index + 4] {
                guard let digit = Self.hexDigit(byte) else { throw fail("invalid \\u escape (it needs four hex digits)", at: index - 2) }
                code = code << 4 | digit
            }
            index += 4
            return code
        }

        /// The value of one hex digit, or nil for any other byte.
        static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        /// Whether `text` is a number as JSON writes it: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
        static func isJSONNumber(_ text: ArraySlice<UInt8>) -> Bool {
            var i = text.startIndex
            func digits() -> Int {
                let first = i
                while i < text.endIndex, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
                return i - first
            }
            if i < text.endIndex, text[i] == UInt8(ascii: "-") { i += 1 }
            let first = i
            let integer = digits()
            guard integer > 0, integer == 1 || text[first] != UInt8(ascii: "0") else { return false }
            if i < text.endIndex, text[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { return false }
            }
            if i < text.endIndex, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
                i += 1
                if i < text.endIndex, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return false }
            }
            return i == text.endIndex
        }
    }
}
