/// A message written with string interpolation into one byte buffer, made a `String` once.
///
/// `"\(a) waits for \(b) here"` as a `String` appends each piece through the string's own
/// growth and bookkeeping: wait-deadlock (OPL201) spent a quarter of its instructions there on
/// 50,000 deadlocks. As a `MessageText` the pieces are copied into bytes reserved up front,
/// and the text is checked as UTF-8 once.
struct MessageText: ExpressibleByStringInterpolation {
    let text: String

    init(stringLiteral value: String) {
        text = value
    }

    init(stringInterpolation: StringInterpolation) {
        text = String(decoding: stringInterpolation.bytes, as: UTF8.self)
    }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            // Names in messages are quoted, so usually longer than the 2 bytes a String reserves.
            bytes.reserveCapacity(literalCapacity + 24 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            append(literal)
        }

        mutating func appendInterpolation(_ piece: String) {
            append(piece)
        }

        private mutating func append(_ piece: String) {
            piece.withUTF8Bytes { bytes.append(contentsOf: $0) }
        }
    }
}

extension SchedulingLint {
    /// The text of `message`: `written("\(a) waits for \(b)")` builds it as a `MessageText`.
    static func written(_ message: MessageText) -> String { message.text }
}
