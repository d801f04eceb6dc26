/// A message written with string interpolation into one byte buffer, made a `String` once.
///
/// `"\(a) waits for \(b) here"` as a `String` appends each piece through the string's own
/// growth and bookkeeping, and an interpolated number or location first becomes a `String`
/// of its own: wait-deadlock (OPL201) spent a quarter of its instructions there on 50,000
/// deadlocks, redundant-dependency (OPL107) half of its own on 16,000 findings. As a
/// `MessageText` the literal pieces are copied from the program's constants, names from where
/// they are stored, numbers and locations are printed, all into bytes kept on the stack while
/// they fit (most messages), and the text is checked as UTF-8 once. The text is the same as
/// the `String` interpolation's.
struct MessageText: ExpressibleByStringInterpolation {
    let text: String

    init(stringLiteral value: StaticString) {
        text = value.description
    }

    init(stringInterpolation: Builder) {
        text = stringInterpolation.text
    }

    typealias StringInterpolation = Builder

    /// The bytes of a message being written, in order; also usable on its own (`NameList`).
    struct Builder: StringInterpolationProtocol, TextBuffer {
        typealias StringLiteralType = StaticString

        /// Bytes kept inline, before any heap memory is needed.
        private static let inlineCapacity = 128
        private var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                             UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
            = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        private var count = 0
        /// Every byte once they no longer fit inline.
        private var spilled: [UInt8] = []

        init() {}

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: StaticString) {
            literal.withUTF8Buffer { append(bytes: $0) }
        }

        mutating func appendInterpolation(_ piece: String) {
            append(piece)
        }

        /// In decimal, as `"\(number)"` prints it.
        mutating func appendInterpolation(_ number: Int) {
            append(integer: number)
        }

        /// `file:line:column`, as `SourceLocation.description` says it.
        mutating func appendInterpolation(_ location: SourceLocation) {
            append(location.file)
            append(byte: 0x3A)
            append(integer: location.line)
            append(byte: 0x3A)
            append(integer: location.column)
        }

        mutating func append(byte: UInt8) {
            withUnsafeBytes(of: byte) { append(bytes: $0.assumingMemoryBound(to: UInt8.self)) }
        }

        mutating func append(bytes more: UnsafeBufferPointer<UInt8>) {
            guard let source = more.baseAddress, more.count > 0 else { return }
            if spilled.isEmpty && count + more.count <= Self.inlineCapacity {
                let at = count
                withUnsafeMutableBytes(of: &inline) { $0.baseAddress!.advanced(by: at).copyMemory(from: source, byteCount: more.count) }
                count += more.count
                return
            }
            if spilled.isEmpty {
                spilled.reserveCapacity(2 * (count + more.count))
                let kept = count
                withUnsafeBytes(of: inline) { spilled.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<kept])) }
            }
            spilled.append(contentsOf: more)
        }

        /// The text written so far.
        var text: String {
            if !spilled.isEmpty { return String(decoding: spilled, as: UTF8.self) }
            let kept = count
            return withUnsafeBytes(of: inline) { String(decoding: $0.bindMemory(to: UInt8.self).prefix(kept), as: UTF8.self) }
        }
    }
}

/// The text of `message`: `written("\(a) waits for \(b)")` builds it as a `MessageText`.
func written(_ message: MessageText) -> String { message.text }
