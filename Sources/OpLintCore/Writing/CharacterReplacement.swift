extension String {
    /// This text with every `target` replaced by `replacement`, left to right, Swift's
    /// characters compared: a `/` that a combining mark follows is a character of its own, not a
    /// slash, as for Foundation's `replacingOccurrences(of:with:)`, which the command line no
    /// longer links. (The standard library's `replacing(_:with:)` compares scalars and would
    /// replace it.) For the ASCII words oplint replaces, the result is Foundation's, except where
    /// a zero-width joiner follows the word or it ends in a CR that an LF follows: one character
    /// for Swift, not for Foundation (`CharacterReplacementTests`).
    ///
    /// - Complexity: O(*n* × length of `target`).
    public func replacingCharacters(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, !isPlainASCII || target.utf8.contains(where: { $0 >= 0x80 }) || utf8.contains(target.utf8.first!) else { return self }
        let pattern = Array(target)
        var result = ""
        var i = startIndex
        var changed = false
        while i < endIndex {
            if let end = match(pattern, at: i) {
                result += replacement
                i = end
                changed = true
            } else {
                result.append(self[i])
                i = index(after: i)
            }
        }
        return changed ? result : self
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
