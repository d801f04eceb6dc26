/// Literals of one language that the other has not, and comments inside preprocessor lines:
/// Objective-C++ raw strings, Swift regex literals, a block comment that runs on from a
/// directive. Each reads nothing and answers false when what it sees is not one.
extension TokenScanner {
    /// Whether the identifier `bytes[start..<end]` is a C++ raw string prefix: `R`, `LR`, `uR`, `UR`, `u8R`.
    func isRawStringPrefix(from start: Int, to end: Int) -> Bool {
        guard bytes[end - 1] == UInt8(ascii: "R") else { return false }
        switch end - start {
        case 1: return true
        case 2: return bytes[start] == UInt8(ascii: "L") || bytes[start] == UInt8(ascii: "u") || bytes[start] == UInt8(ascii: "U")
        case 3: return bytes[start] == UInt8(ascii: "u") && bytes[start + 1] == UInt8(ascii: "8")
        default: return false
        }
    }

    /// A C++ raw string `R"delimiter(…)delimiter"` whose prefix starts at `start`, the quote at
    /// `index`: one string token, over as many lines as it takes. False, with nothing read,
    /// when no `(` follows a valid delimiter (at most 16 characters, no space, parenthesis,
    /// backslash or control character).
    mutating func cppRawString(from start: Int) -> Bool {
        let startLine = line
        var open = index + 1
        while open < count && open - index - 1 <= 16 {
            let b = bytes[open]
            if b == UInt8(ascii: "(") { break }
            if b <= 0x20 || b == UInt8(ascii: ")") || b == UInt8(ascii: "\\") || b == 0x7F { return false }
            open += 1
        }
        guard open < count, bytes[open] == UInt8(ascii: "("), open - index - 1 <= 16 else { return false }
        let delimiter = (index + 1)..<open
        var k = open + 1
        while k < count {
            if bytes[k] == 0x0A { line += 1 }
            if bytes[k] == UInt8(ascii: ")"), closesRawString(at: k, delimiter: delimiter) {
                index = k + delimiter.count + 2
                emit(.string, from: start, line: startLine)
                return true
            }
            k += 1
        }
        warnings.append(TokenizerWarning(message: "unterminated raw string literal", offset: start))
        index = count
        emit(.string, from: start, line: startLine)
        return true
    }

    /// Whether `)delimiter"` starts at `k`.
    private func closesRawString(at k: Int, delimiter: Range<Int>) -> Bool {
        let quote = k + 1 + delimiter.count
        guard quote < count, bytes[quote] == UInt8(ascii: "\"") else { return false }
        for d in 0..<delimiter.count where bytes[k + 1 + d] != bytes[delimiter.lowerBound + d] { return false }
        return true
    }

    /// A Swift regex literal `/…/` at `index`, read as one string token when the `/` stands
    /// where an expression starts (after `(`, `[`, `{`, `,`, `:`, `=`, `;`, or `return`, `case`,
    /// `in`, `try`, `await`, `throw`, `where`, `if`, `guard`, `while`), does not begin with a
    /// space, a tab, `)` or `=`, and an unescaped `/` closes it on the same line after something
    /// other than a space. Otherwise nothing is read and the `/` is an operator.
    mutating func regexLiteral() -> Bool {
        let next = byte(index + 1)
        // The search ends at the first unescaped `/`, which is where the next one would start: linear.
        guard next != 0x20 && next != 0x09 && next != 0x0A && next != 0x0D
                && next != UInt8(ascii: ")") && next != UInt8(ascii: "="), expressionMayStart() else { return false }
        var k = index + 1
        while k < count {
            let b = bytes[k]
            if b == 0x0A || b == 0x0D { return false }
            if b == UInt8(ascii: "\\") {
                if byte(k + 1) == 0x0A || byte(k + 1) == 0x0D { return false }
                k += 2
                continue
            }
            if b == UInt8(ascii: "/") {
                guard bytes[k - 1] != 0x20 && bytes[k - 1] != 0x09 else { return false }
                let start = index
                index = k + 1
                emit(.string, from: start, line: line)
                return true
            }
            k += 1
        }
        return false
    }

    /// Whether the token before `index` leaves room for an expression to start.
    private func expressionMayStart() -> Bool {
        guard tokenCount > 0 else { return true }
        let previous = tokens[tokenCount - 1]
        switch previous.kind {
        case .punctuation:
            switch bytes[Int(previous.start)] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"),
                 UInt8(ascii: "="), UInt8(ascii: ";"):
                return true
            case UInt8(ascii: "?"):
                // The `?` of a conditional (`strict ? /\{/ : /x/`) or the second of `??`; not
                // optional chaining (`value?` is never followed by an operand).
                let before = Int(previous.start) - 1
                return before >= 0 && (bytes[before] == 0x20 || bytes[before] == 0x09 || bytes[before] == UInt8(ascii: "?"))
            default:
                return false
            }
        case .identifier:
            let word = UnsafeBufferPointer(start: bytes + Int(previous.start), count: Int(previous.length))
            return word.equals("return") || word.equals("case") || word.equals("in") || word.equals("try")
                || word.equals("await") || word.equals("throw") || word.equals("where") || word.equals("if")
                || word.equals("guard") || word.equals("while")
        case .annotation, .directive:
            return true
        case .number, .string, .character:
            return false
        }
    }

    /// A Swift extended regex literal `#/…/#` (as many `#` on both sides; it may span lines),
    /// the first `#` at `index`. False, with nothing read, when it is not closed.
    mutating func extendedRegexLiteral(hashes: Int) -> Bool {
        guard hashes < noExtendedRegexFrom else { return false }
        let start = index
        let startLine = line
        var lines: Int32 = 0
        var k = index + hashes + 1
        while k < count {
            let b = bytes[k]
            if b == 0x0A { lines += 1 }
            if b == UInt8(ascii: "\\") {
                if byte(k + 1) == 0x0A { lines += 1 }
                k += 2
                continue
            }
            if b == UInt8(ascii: "/") {
                var matched = 0
                while matched < hashes && byte(k + 1 + matched) == UInt8(ascii: "#") { matched += 1 }
                if matched == hashes {
                    index = k + 1 + hashes
                    line += lines
                    emit(.string, from: start, line: startLine)
                    return true
                }
            }
            k += 1
        }
        // A closer with more `#` contains one with fewer: none of those will be found either.
        noExtendedRegexFrom = hashes
        return false
    }

    /// A block comment inside a preprocessor line, from `index` (at `/*`) past its `*/`;
    /// unterminated, to the end of the file with a warning, as `blockComment` does.
    mutating func directiveComment() {
        let start = index
        index += 2
        while index < count {
            if bytes[index] == 0x0A {
                line += 1
            } else if bytes[index] == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
                index += 2
                return
            }
            index += 1
        }
        warnings.append(TokenizerWarning(message: "unterminated block comment", offset: start))
    }
}
