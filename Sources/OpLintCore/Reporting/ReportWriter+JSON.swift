/// Pretty-printed JSON written straight into the report, byte for byte as
/// `JSONValue.serialized()` prints the same value: two spaces per level, `": "` after a key,
/// `[]` and `{}` when empty, a newline after the whole document. The items of an array opened
/// by `openJSONArrayOfLines()` take one line each, as `serialized(inlineItemsOf:)` prints
/// them: `{"key":value,…}`, with no space or line break inside. The writer knows where it
/// stands (inside an object or an array, first member or not) and places commas, line breaks
/// and indentation; the caller writes each object's members in sorted key order, as
/// `JSONValue` sorts them (checked in debug builds).
extension ReportWriter {
    /// The open objects and arrays, as bits: a report nests a few levels, never 64.
    struct JSONNesting {
        /// How many containers are open.
        var depth = 0
        /// Bit *d*: the container at depth *d* is an array.
        var arrays: UInt64 = 0
        /// Bit *d*: the container at depth *d* has a member already.
        var filled: UInt64 = 0
        /// Containers at this depth and deeper are written inline, on one line.
        var inlineFrom = 64
        #if DEBUG
        /// The last key of each open object, to check that keys come in order.
        var lastKeys: [[UInt8]] = []
        #endif
    }

    /// Opens an object as the next value.
    @inline(__always)
    mutating func openJSONObject() {
        beginJSONValue()
        append(byte: 0x7B)
        open(isArray: false)
    }

    /// Opens an array as the next value.
    @inline(__always)
    mutating func openJSONArray() {
        beginJSONValue()
        append(byte: 0x5B)
        open(isArray: true)
    }

    /// Opens an array as the next value, each of whose items is written on a line of its own
    /// and takes one line, however deep it nests: a long list of findings stays readable line
    /// by line (`grep`, `diff`) with a third of the bytes indentation would take.
    mutating func openJSONArrayOfLines() {
        assert(json.inlineFrom == 64, "an array of lines inside another")
        openJSONArray()
        json.inlineFrom = json.depth
    }

    /// Closes the innermost object or array.
    @inline(__always)
    mutating func closeJSON() {
        let level = json.depth - 1
        assert(level >= 0, "nothing to close")
        let bit: UInt64 = 1 << UInt64(level)
        let isArray = json.arrays & bit != 0
        if level + 1 == json.inlineFrom { json.inlineFrom = 64 }
        if json.filled & bit != 0 && level < json.inlineFrom { appendLineStart(depth: level) }
        json.arrays &= ~bit
        json.filled &= ~bit
        json.depth = level
        #if DEBUG
        if !isArray { json.lastKeys.removeLast() }
        #endif
        append(byte: isArray ? 0x5D : 0x7D)
    }

    /// Starts the member `key` of the innermost object; its value is written next.
    @inline(__always)
    mutating func jsonKey(_ key: StaticString) {
        let level = json.depth - 1
        let bit: UInt64 = 1 << UInt64(max(0, level))
        assert(level >= 0 && json.arrays & bit == 0, "a key outside an object")
        #if DEBUG
        let keyBytes = key.withUTF8Buffer { Array($0) }
        assert(json.filled & bit == 0 || json.lastKeys[json.lastKeys.count - 1].lexicographicallyPrecedes(keyBytes),
               "JSON keys out of order: \(key) after \(String(decoding: json.lastKeys[json.lastKeys.count - 1], as: UTF8.self))")
        json.lastKeys[json.lastKeys.count - 1] = keyBytes
        #endif
        let comma = json.filled & bit != 0
        json.filled |= bit
        assert(key.hasPointerRepresentation, "a key is a literal")
        // `,`, then (unless inline) a line break and the indentation, then `"key":` and
        // (unless inline) a space, stored in one go.
        let pretty = level < json.inlineFrom
        let indent = pretty ? 2 * json.depth : 0
        let length = key.utf8CodeUnitCount
        let total = (comma ? 1 : 0) + (pretty ? 2 + indent : 0) + length + 3
        var at = reserve(total + 8)
        if comma {
            at.pointee = 0x2C
            at += 1
        }
        if pretty {
            at.pointee = 0x0A
            Self.storeSpaces(at: at + 1, count: indent)
            at += 1 + indent
        }
        at.pointee = 0x22
        (at + 1).initialize(from: key.utf8Start, count: length)
        at += 1 + length
        at[0] = 0x22
        at[1] = 0x3A
        at[2] = 0x20
        advance(by: total)
    }

    /// A string value.
    @inline(__always)
    mutating func jsonValue(_ text: String) {
        beginJSONValue()
        append(jsonString: text)
    }

    /// Opens a string value whose content is appended piece by piece
    /// (`append(jsonStringContent:)`), then closed by `closeJSONString()`.
    @inline(__always)
    mutating func openJSONString() {
        beginJSONValue()
        append(byte: 0x22)
    }

    @inline(__always)
    mutating func closeJSONString() {
        append(byte: 0x22)
    }

    /// An integer value.
    @inline(__always)
    mutating func jsonValue(_ number: Int) {
        beginJSONValue()
        append(integer: number)
    }

    /// A fingerprint, as its 32 hexadecimal digits.
    mutating func jsonValue(_ fingerprint: Fingerprint) {
        beginJSONValue()
        let at = reserve(34)
        at[0] = 0x22
        fingerprint.storeHex(at: UnsafeMutableRawPointer(at + 1))
        at[33] = 0x22
        advance(by: 34)
    }

    /// An array of strings.
    mutating func jsonValue(_ texts: [String]) {
        openJSONArray()
        for text in texts { jsonValue(text) }
        closeJSON()
    }

    /// A member `"key": value` of the open object, for each kind of value above.
    @inline(__always)
    mutating func jsonMember(_ key: StaticString, _ text: String) {
        jsonKey(key)
        jsonValue(text)
    }

    @inline(__always)
    mutating func jsonMember(_ key: StaticString, _ number: Int) {
        jsonKey(key)
        jsonValue(number)
    }

    @inline(__always)
    mutating func jsonMember(_ key: StaticString, _ fingerprint: Fingerprint) {
        jsonKey(key)
        jsonValue(fingerprint)
    }

    mutating func jsonMember(_ key: StaticString, _ texts: [String]) {
        jsonKey(key)
        jsonValue(texts)
    }

    /// The newline after the whole document.
    mutating func endJSONDocument() {
        assert(json.depth == 0, "the document ends inside a container")
        append(byte: 0x0A)
    }

    @inline(__always)
    private mutating func open(isArray: Bool) {
        precondition(json.depth < 64, "JSON nested more than 64 levels")
        if isArray { json.arrays |= 1 << UInt64(json.depth) }
        json.depth += 1
        #if DEBUG
        if !isArray { json.lastKeys.append([]) }
        #endif
    }

    /// Before a value: inside an array, the comma after the previous item and the new item's
    /// line and indentation (only the comma inline); after a key, nothing.
    @inline(__always)
    private mutating func beginJSONValue() {
        let level = json.depth - 1
        guard level >= 0 else { return }
        let bit: UInt64 = 1 << UInt64(level)
        guard json.arrays & bit != 0 else { return }
        if json.filled & bit != 0 { append(byte: 0x2C) }
        json.filled |= bit
        if level >= json.inlineFrom { return }
        appendLineStart(depth: json.depth)
    }

    /// A line break and two spaces per level of `depth`.
    @inline(__always)
    private mutating func appendLineStart(depth: Int) {
        let at = reserve(1 + 2 * depth + 8)
        at.pointee = 0x0A
        Self.storeSpaces(at: at + 1, count: 2 * depth)
        advance(by: 1 + 2 * depth)
    }

    /// Stores `count` spaces at `at`, eight at a time: it may store up to seven more, so the
    /// caller reserves eight bytes beyond what it keeps.
    @inline(__always)
    private static func storeSpaces(at: UnsafeMutablePointer<UInt8>, count: Int) {
        var offset = 0
        while offset < count {
            UnsafeMutableRawPointer(at + offset).storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
            offset += 8
        }
    }
}
