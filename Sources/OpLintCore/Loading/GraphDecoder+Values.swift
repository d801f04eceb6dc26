/// Reading typed values, with the messages that name what was expected and what was found.
extension GraphDecoder {
    /// How a token reads in a message: `"abc"`, `2.5`, `true`, `null`, `an object`, `an array`.
    func describe(_ token: JSONToken) -> String {
        switch token.kind {
        case .string: "the string \(quoted(token.text))"
        case .int64: String(token.raw.integer)
        case .uint64: String(token.raw.unsigned_integer)
        case .double: String(token.raw.number)
        case .true: "true"
        case .false: "false"
        case .null: "null"
        case .objectStart: "an object"
        case .arrayStart: "an array"
        case .key: "the key \(quoted(token.text))"
        case .objectEnd, .arrayEnd, .end, .error, .pause: "the end of the value"
        }
    }

    /// `text` in double quotes, control characters and quotes escaped, shortened to 60 characters.
    func quoted(_ text: String) -> String {
        var result = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == 60 { result += "…"; break }
            count += 1
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// An error saying `"key" must be <expected>, found <token>`.
    func typeError(_ key: String, _ expected: String, _ token: JSONToken) -> LoadError {
        error(at: token.offset, "\"\(key)\" must be \(expected), found \(describe(token))")
    }

    /// Skips one value that starts with `first`, however deeply nested.
    ///
    /// - Complexity: O(*n*) in the tokens of the value; no recursion.
    func skipValue(_ first: JSONToken) throws(LoadError) {
        guard first.kind == .objectStart || first.kind == .arrayStart else { return }
        var depth = 1
        while depth > 0 {
            switch try next().kind {
            case .objectStart, .arrayStart: depth += 1
            case .objectEnd, .arrayEnd: depth -= 1
            case .end: return
            default: break
            }
        }
    }

    /// A string value.
    func string(_ key: String) throws(LoadError) -> (String, UInt32) {
        let token = try next()
        guard token.kind == .string else { throw typeError(key, "a string", token) }
        return (token.text, token.offset)
    }

    /// A boolean value.
    func bool(_ key: String) throws(LoadError) -> Bool {
        let token = try next()
        switch token.kind {
        case .true: return true
        case .false: return false
        default: throw typeError(key, "true or false", token)
        }
    }

    /// An integer value of at least `minimum`.
    func integer(_ key: String, atLeast minimum: Int) throws(LoadError) -> Int {
        let token = try next()
        let expected = minimum == 1 ? "a positive integer" : "an integer ≥ \(minimum)"
        guard let value = token.integer, value >= minimum else { throw typeError(key, expected, token) }
        return value
    }

    /// A finite number of at least zero.
    func seconds(_ key: String) throws(LoadError) -> Double {
        let token = try next()
        guard let value = token.number, value.isFinite, value >= 0 else {
            throw typeError(key, "a number of seconds ≥ 0", token)
        }
        return value
    }

    /// One of the raw values of `Value`, by its JSON name.
    func named<Value: RawRepresentable & CaseIterable>(
        _ key: String, _ type: Value.Type
    ) throws(LoadError) -> Value where Value.RawValue == String {
        let token = try next()
        // The allowed names are listed only in the message, so only made for one.
        func names() -> String { Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
        guard token.kind == .string else { throw typeError(key, "one of \(names())", token) }
        guard let value = Value(rawValue: token.text) else { throw typeError(key, "one of \(names())", token) }
        return value
    }

    /// An array of strings.
    func strings(_ key: String) throws(LoadError) -> [String] {
        let start = try next()
        guard start.kind == .arrayStart else { throw typeError(key, "an array of strings", start) }
        var result: [String] = []
        while true {
            let token = try next()
            if token.kind == .arrayEnd { return result }
            guard token.kind == .string else {
                throw error(at: token.offset, "each item of \"\(key)\" must be a string, found \(describe(token))")
            }
            result.append(token.text)
        }
    }

    /// An array of names (strings), each with its position.
    func names(_ key: String) throws(LoadError) -> [OperationGraph.Reference] {
        let start = try next()
        guard start.kind == .arrayStart else { throw typeError(key, "an array of names", start) }
        var result: [OperationGraph.Reference] = []
        while true {
            let token = try next()
            if token.kind == .arrayEnd { return result }
            guard token.kind == .string else {
                throw error(at: token.offset, "each item of \"\(key)\" must be a name (a string), found \(describe(token))")
            }
            result.append(OperationGraph.Reference(token.text, position: position(token.offset)))
        }
    }

    /// The `{ "key": "string", … }` object of `labels`.
    func labels(_ key: String) throws(LoadError) -> [String: String] {
        let start = try next()
        guard start.kind == .objectStart else { throw typeError(key, "an object of strings", start) }
        var result: [String: String] = [:]
        while true {
            let label = try next()
            if label.kind == .objectEnd { return result }
            let value = try next()
            guard value.kind == .string else {
                throw error(at: value.offset, "label \(quoted(label.text)) must be a string, found \(describe(value))")
            }
            result[label.text] = value.text
        }
    }
}
