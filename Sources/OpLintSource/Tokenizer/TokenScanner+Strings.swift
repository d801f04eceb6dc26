/// String literals: C and Objective-C's `"…"`, and Swift's, single-line, multi-line (`"""`)
/// and raw (`#"…"#`), whose interpolations `\( … )` are scanned as code.
extension TokenScanner {
    /// A C / Objective-C string literal: `"…"` with backslash escapes, ending at the line's end.
    mutating func cString() {
        let start = index
        // The token is on the line it starts on, though a backslash before a line break continues it.
        let startLine = line
        index += 1
        while index < count {
            let b = bytes[index]
            if b == 0x0A { break }
            index += 1
            if b == UInt8(ascii: "\\") {
                if index < count {
                    // A backslash before a line break continues the string, CR LF included.
                    if bytes[index] == 0x0D && byte(index + 1) == 0x0A { index += 1 }
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
            } else if b == UInt8(ascii: "\"") {
                emit(.string, from: start, line: startLine)
                return
            }
        }
        warnings.append(TokenizerWarning(message: "unterminated string literal", offset: start))
        emit(.string, from: start, line: startLine)
    }

    /// A Swift string literal whose opening `#…#"` or `"""` starts at `start`.
    mutating func swiftStringStart(hashes: Int, at start: Int) {
        var i = start + hashes
        var isMultiline = byte(i) == UInt8(ascii: "\"") && byte(i + 1) == UInt8(ascii: "\"") && byte(i + 2) == UInt8(ascii: "\"")
        if isMultiline && hashes > 0 {
            // A multi-line literal's text starts on the next line: `#"""#` is a raw string
            // holding one quote, not the start of a multi-line one.
            var k = i + 3
            while k < count && (bytes[k] == 0x20 || bytes[k] == 0x09) { k += 1 }
            isMultiline = k >= count || bytes[k] == 0x0A || bytes[k] == 0x0D
        }
        i += isMultiline ? 3 : 1
        index = i
        swiftStringBody(hashes: hashes, isMultiline: isMultiline, from: start, line: line)
    }

    /// Scans a Swift string from `index` up to its end or to the next interpolation.
    mutating func swiftStringBody(hashes: Int, isMultiline: Bool, from start: Int, line startLine: Int32) {
        while index < count {
            let b = bytes[index]
            if b == 0x0A {
                if !isMultiline {
                    warnings.append(TokenizerWarning(message: "unterminated string literal", offset: start))
                    emit(.string, from: start, line: startLine)
                    return
                }
                line += 1
                index += 1
            } else if b == UInt8(ascii: "\\") {
                var j = index + 1
                var matched = 0
                while matched < hashes && byte(j) == UInt8(ascii: "#") { matched += 1; j += 1 }
                guard matched == hashes else {
                    index += 1
                    continue
                }
                if byte(j) == UInt8(ascii: "(") {
                    index = j
                    emit(.string, from: start, line: startLine)
                    index = j + 1
                    openStrings.append(OpenString(hashes: hashes, isMultiline: isMultiline, parenthesisDepth: 0))
                    return
                }
                if byte(j) == 0x0A { line += 1 }
                index = min(j + 1, count)
            } else if b == UInt8(ascii: "\"") {
                var closes = true
                var j = index + 1
                if isMultiline {
                    closes = byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
                    j = index + 3
                }
                if closes {
                    var matched = 0
                    while matched < hashes && byte(j + matched) == UInt8(ascii: "#") { matched += 1 }
                    closes = matched == hashes
                }
                if closes {
                    index = j + hashes
                    emit(.string, from: start, line: startLine)
                    return
                }
                index += 1
            } else {
                index += 1
            }
        }
        warnings.append(TokenizerWarning(message: "unterminated string literal", offset: start))
        emit(.string, from: start, line: startLine)
    }
}
