/// What Foundation did with text for the targets the command line links, which import only
/// FoundationEssentials: words replaced and found by whole characters, and white space as
/// `CharacterSet` has it. Each is checked against Foundation in the tests.
extension String {
    /// This text with every `target` replaced by `replacement`, left to right, Swift's
    /// characters compared: a `/` that a combining mark follows is a character of its own, not a
    /// slash, as for Foundation's `replacingOccurrences(of:with:)`. (The standard library's
    /// `replacing(_:with:)` compares scalars and would replace it.) For the ASCII words oplint
    /// replaces, the result is Foundation's, except where a zero-width joiner follows the word
    /// or it ends in a CR that an LF follows: one character for Swift, not for Foundation
    /// (`CharacterReplacementTests`).
    ///
    /// - Complexity: O(*n* × length of `target`).
    public func replacingCharacters(_ target: String, with replacement: String) -> String {
        guard containsCharacters(target) else { return self }
        let pattern = Array(target)
        var result = ""
        var i = startIndex
        while i < endIndex {
            if let end = match(pattern, at: i) {
                result += replacement
                i = end
            } else {
                result.append(self[i])
                i = index(after: i)
            }
        }
        return result
    }

    /// Whether `target` is in this text, whole characters compared as `replacingCharacters`
    /// compares them (and Foundation's `contains`): `dependenc` is not in `dependenc\u{301}e`.
    public func containsCharacters(_ target: String) -> Bool {
        guard !target.isEmpty else { return true }
        if isPlainASCII && !target.utf8.contains(where: { $0 >= 0x80 }) {
            // Each character one byte, and no ASCII character equal to another: bytes compared.
            let needle = Array(target.utf8)
            let haystack = Array(utf8)
            guard needle.count <= haystack.count else { return false }
            return (0...haystack.count - needle.count).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
        }
        let pattern = Array(target)
        var i = startIndex
        while i < endIndex {
            if match(pattern, at: i) != nil { return true }
            i = index(after: i)
        }
        return false
    }

    /// Where `pattern`'s characters end when they are this text's from `start` on.
    private func match(_ pattern: [Character], at start: Index) -> Index? {
        var j = start
        for character in pattern {
            guard j < endIndex, self[j] == character else { return nil }
            j = index(after: j)
        }
        return j
    }

    /// ASCII without a carriage return: every character is one byte (a CR and LF together are one).
    private var isPlainASCII: Bool {
        !utf8.contains { $0 >= 0x80 || $0 == 0x0D }
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`: tab, Unicode's space separators, and the
    /// zero-width space (U+200B), which Foundation counts as a space though Unicode does not.
    public var isFoundationWhitespace: Bool {
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        return value == 0x200B || properties.generalCategory == .spaceSeparator
    }

    /// In Foundation's `CharacterSet.whitespacesAndNewlines`: `isFoundationWhitespace`, the
    /// controls LF to CR, NEL (U+0085), and Unicode's line and paragraph separators.
    public var isFoundationWhitespaceOrNewline: Bool {
        if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
        switch properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return value == 0x85 || value == 0x200B
        }
    }
}

extension Substring {
    /// This text without the scalars `isTrimmed` takes at either end, as Foundation's
    /// `trimmingCharacters(in:)` trims a character set.
    public func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isTrimmed(scalars[start]) { start = scalars.index(after: start) }
        while start < end, isTrimmed(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(scalars[start..<end])
    }
}
