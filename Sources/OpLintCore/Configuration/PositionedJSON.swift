/// A small JSON reader that keeps the byte offset of every value and key, so that errors in
/// configuration and baseline files point at `file:line:column`.
///
/// Iterative (an explicit stack), so nesting depth cannot overflow the call stack; meant for
/// small files written by people.
public struct PositionedJSON: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([PositionedJSON])
        /// Members in file order; duplicate keys are rejected while parsing.
        case object([Member])
    }

    /// One `"key": value` of an object.
    public struct Member: Sendable, Equatable {
        public var key: String
        /// Offset of the key's opening quote.
        public var keyOffset: Int
        public var value: PositionedJSON
    }

    public var value: Value
    /// Byte offset of the value's first character.
    public var offset: Int

    /// A syntax error at a byte offset.
    public struct SyntaxError: Error, Sendable {
        public var offset: Int
        public var message: String
    }

    /// The deepest nesting accepted.
    public static let maxDepth = 256

    /// Parses a whole document.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> PositionedJSON {
        var reader = Reader(bytes: bytes)
        return try reader.document()
    }
}

extension PositionedJSON {
    /// The members of an object value, else nil.
    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The text of a string value, else nil.
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The elements of an array value, else nil.
    public var elements: [PositionedJSON]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// A number value that is a whole number, else nil.
    public var integer: Int? {
        if case .number(let number) = value, number == number.rounded(), abs(number) < 1e15 { return Int(number) }
        return nil
    }

    /// What kind of value it is, for messages (`expected a string, found an array`).
    public var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
