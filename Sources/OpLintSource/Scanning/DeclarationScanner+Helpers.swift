extension DeclarationScanner {
    /// Whether the Objective-C class body `start..<end` calls a macro or C function of this
    /// file whose definition may mark an operation finished: `OP_END(self)` after `#define
    /// OP_END(op) … [(op) didChangeValueForKey:@"isFinished"] …`, `PingEnd(self)` after `static
    /// void PingEnd(Ping *o) { [o willChangeValueForKey:@"isFinished"]; … }`. A definition that
    /// names `finish` or changes a KVO value counts (the key may be a parameter). In doubt an
    /// operation finishes (S8).
    ///
    /// - Complexity: O(*tokens* of the body + *tokens* of the file × names called), for the
    ///   few classes that replace `start` without any finishing code of their own.
    func callsFinishingHelper(from start: Int, to end: Int) -> Bool {
        var called: Set<String> = []
        for k in start..<min(end, file.tokens.count) where file.isIdentifier(k) && file.isPunct(k + 1, "(") {
            if file.isPunct(k - 1, ".") || file.isPunct(k - 1, "[") || file.isPunct(k - 1, "@") { continue }
            called.insert(file.text(k))
        }
        guard !called.isEmpty else { return false }
        for k in file.tokens.indices {
            let token = file.tokens[k]
            if token.kind == .directive {
                // `#define NAME(…) …`
                guard let name = Self.macroName(file, k), called.contains(name) else { continue }
                if macroDefinesFinishing(from: Int(token.start), to: token.end) { return true }
            } else if token.kind == .identifier, (k < start || k >= end), file.isPunct(k + 1, "("), !file.isPunct(k - 1, "."),
                      called.contains(file.text(k)) {
                // `static void PingEnd(Ping *o) { … }`: a definition, not a call or a declaration.
                let close = Int(file.partner[k + 1])
                guard close > k + 1, file.isPunct(close + 1, "{") else { continue }
                let bodyEnd = Int(file.partner[close + 1])
                guard bodyEnd > close + 1 else { continue }
                if ((close + 2)..<bodyEnd).contains(where: { file.isIdentifier($0) && (contains($0, "finish") || contains($0, "changevalue")) }) { return true }
            }
        }
        return false
    }

    /// Whether the text of a `#define`, `bytes[from..<to]`, names `finish` or a KVO change in
    /// any case, outside its string literals (`NSLog(@"will finish later")` is no sign).
    private func macroDefinesFinishing(from: Int, to: Int) -> Bool {
        var start = from
        var k = from
        let bytes = file.bytes
        while k < to {
            if bytes[k] == UInt8(ascii: "\"") {
                if file.contains("finish", from: start, to: k, ignoringCase: true) || file.contains("changevalue", from: start, to: k, ignoringCase: true) { return true }
                k += 1
                while k < to && bytes[k] != UInt8(ascii: "\"") { k += bytes[k] == UInt8(ascii: "\\") ? 2 : 1 }
                start = k + 1
            }
            k += 1
        }
        return file.contains("finish", from: min(start, to), to: to, ignoringCase: true) || file.contains("changevalue", from: min(start, to), to: to, ignoringCase: true)
    }

    /// The name a `#define` directive token defines.
    private static func macroName(_ file: SourceFile, _ k: Int) -> String? {
        let token = file.tokens[k]
        let keyword = file.word(after: Int(token.start) + 1, before: token.end)
        guard keyword.count == 6, file.text(of: keyword) == "define" else { return nil }
        let name = file.word(after: keyword.upperBound, before: token.end)
        return name.isEmpty ? nil : file.text(of: name)
    }
}
