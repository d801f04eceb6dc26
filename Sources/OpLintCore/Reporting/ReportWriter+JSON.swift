/// Pretty-printed JSON written straight into the report, byte for byte as
/// `JSONValue.serialized()` prints the same value: two spaces per level, `": "` after a key,
/// `[]` and `{}` when empty, a newline after the whole document. The writer knows where it
/// stands (inside an object or an array, first member or not) and places commas, line breaks
/// and indentation; the caller writes each object's members in sorted key order, as
/// `JSONValue` sorts them (checked in debug builds).
extension ReportWriter {
    /// An open object or array.
    struct JSONLevel {
        var isArray: Bool
        var isEmpty = true
        #if DEBUG
        var lastKey: [UInt8] = []
        #endif
    }

    /// Opens an object as the next value.
    mutating func openJSONObject() {
        beginJSONValue()
        bytes.append(0x7B)
        jsonLevels.append(JSONLevel(isArray: false))
    }

    /// Opens an array as the next value.
    mutating func openJSONArray() {
        beginJSONValue()
        bytes.append(0x5B)
        jsonLevels.append(JSONLevel(isArray: true))
    }

    /// Closes the innermost object or array.
    mutating func closeJSON() {
        let level = jsonLevels.removeLast()
        if !level.isEmpty {
            bytes.append(0x0A)
            append(spaces: 2 * jsonLevels.count)
        }
        bytes.append(level.isArray ? 0x5D : 0x7D)
    }

    /// Starts the member `key` of the innermost object; its value is written next.
    mutating func jsonKey(_ key: StaticString) {
        let last = jsonLevels.count - 1
        assert(last >= 0 && !jsonLevels[last].isArray, "a key outside an object")
        #if DEBUG
        let keyBytes = key.withUTF8Buffer { Array($0) }
        assert(jsonLevels[last].isEmpty || jsonLevels[last].lastKey.lexicographicallyPrecedes(keyBytes),
               "JSON keys out of order: \(key) after \(String(decoding: jsonLevels[last].lastKey, as: UTF8.self))")
        jsonLevels[last].lastKey = keyBytes
        #endif
        if !jsonLevels[last].isEmpty { bytes.append(0x2C) }
        bytes.append(0x0A)
        jsonLevels[last].isEmpty = false
        append(spaces: 2 * jsonLevels.count)
        bytes.append(0x22)
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(0x22)
        bytes.append(0x3A)
        bytes.append(0x20)
    }

    /// A string value.
    mutating func jsonValue(_ text: String) {
        beginJSONValue()
        append(jsonString: text)
    }

    /// Opens a string value whose content is appended piece by piece
    /// (`append(jsonStringContent:)`), then closed by `closeJSONString()`.
    mutating func openJSONString() {
        beginJSONValue()
        bytes.append(0x22)
    }

    mutating func closeJSONString() {
        bytes.append(0x22)
    }

    /// An integer value.
    mutating func jsonValue(_ number: Int) {
        beginJSONValue()
        append(integer: number)
    }

    /// A fingerprint, as its 32 hexadecimal digits.
    mutating func jsonValue(_ fingerprint: Fingerprint) {
        beginJSONValue()
        bytes.append(0x22)
        fingerprint.appendHex(to: &self)
        bytes.append(0x22)
    }

    /// An array of strings.
    mutating func jsonValue(_ texts: [String]) {
        openJSONArray()
        for text in texts { jsonValue(text) }
        closeJSON()
    }

    /// The newline after the whole document.
    mutating func endJSONDocument() {
        assert(jsonLevels.isEmpty, "the document ends inside a container")
        bytes.append(0x0A)
    }

    /// Before a value: inside an array, the comma after the previous item and the new item's
    /// line and indentation; after a key, nothing.
    private mutating func beginJSONValue() {
        let last = jsonLevels.count - 1
        guard last >= 0, jsonLevels[last].isArray else { return }
        if !jsonLevels[last].isEmpty { bytes.append(0x2C) }
        bytes.append(0x0A)
        jsonLevels[last].isEmpty = false
        append(spaces: 2 * jsonLevels.count)
    }
}
