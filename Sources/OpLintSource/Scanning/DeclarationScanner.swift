/// The first pass over a file: class declarations with their operation traits, and whether
/// the file mentions the operation API at all (files that do not are not scanned again).
struct DeclarationScanner {
    let file: SourceFile

    /// Identifiers that make a file worth the second pass, grouped by length.
    private static let apiWords: [[[UInt8]]] = {
        let words = [
            "addDependency", "removeDependency", "addOperation", "addOperations", "addOperationWithBlock",
            "addBarrierBlock", "maxConcurrentOperationCount", "setMaxConcurrentOperationCount",
            "waitUntilFinished", "waitUntilAllOperationsAreFinished", "cancelAllOperations", "queuePriority",
            "setQueuePriority", "OperationQueue", "NSOperationQueue", "BlockOperation", "NSBlockOperation",
            "NSInvocationOperation", "Operation", "NSOperation", "sync", "dispatch_sync", "start", "cancel",
        ]
        var table = [[[UInt8]]](repeating: [], count: 40)
        for word in words { table[word.utf8.count].append(Array(word.utf8)) }
        return table
    }()

    /// The classes declared in the file, and whether the second pass should read it.
    ///
    /// - Complexity: O(*tokens*).
    func scan() -> (table: ClassTable, isRelevant: Bool) {
        var table = ClassTable()
        var relevant = false
        let tokens = file.tokens
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if token.kind == .annotation {
                relevant = true
            } else if token.kind == .identifier {
                if !relevant && mentionsAPI(token) { relevant = true }
                // Declaration keywords are 5 to 14 lowercase letters starting with a, c, e, i, p, s or t.
                let first = file.bytes[Int(token.start)]
                guard token.length >= 5 && token.length <= 14,
                      first == 0x61 || first == 0x63 || first == 0x65 || first == 0x69 || first == 0x70 || first == 0x73 || first == 0x74 else {
                    i += 1
                    continue
                }
                if file.isWord(i, "class") || file.isWord(i, "extension") {
                    // An extension matters only when it adds asynchrony or finishing code.
                    if let declaration = swiftClass(at: i), declaration.superclass != nil || file.isWord(i, "class")
                        || declaration.overridesAsynchronous || declaration.overridesStart || declaration.setsFinished {
                        table.add(declaration)
                    }
                } else if file.isWord(i, "struct") || file.isWord(i, "enum") || file.isWord(i, "protocol") || file.isWord(i, "typealias") || file.isWord(i, "actor") {
                    if file.isIdentifier(i + 1) { table.addShadow(file.text(i + 1)) }
                } else if file.isPunct(i - 1, "@") && (file.isWord(i, "interface") || file.isWord(i, "implementation")) {
                    if let declaration = objectiveCClass(at: i) { table.add(declaration) }
                }
            }
            i += 1
        }
        return (table, relevant)
    }

    private func mentionsAPI(_ token: Token) -> Bool {
        let length = Int(token.length)
        guard length < Self.apiWords.count else { return false }
        let candidates = Self.apiWords[length]
        guard !candidates.isEmpty else { return false }
        let start = Int(token.start)
        outer: for word in candidates {
            for k in 0..<length where file.bytes[start + k] != word[k] { continue outer }
            return true
        }
        return false
    }

    /// `class Name<…>: Super, Protocol … {` or `extension Name {`.
    private func swiftClass(at i: Int) -> ClassDeclaration? {
        guard file.isIdentifier(i + 1) else { return nil }
        let name = file.text(i + 1)
        if ["func", "var", "let", "subscript", "override", "final", "public", "private", "static"].contains(name) { return nil }
        var j = i + 2
        if file.isPunct(j, "<") {
            var depth = 0
            while j < file.tokens.count {
                if file.isPunct(j, "<") { depth += 1 } else if file.isPunct(j, ">") { depth -= 1; if depth == 0 { j += 1; break } }
                j += 1
            }
        }
        var superclass: String?
        if file.isWord(i, "class"), file.isPunct(j, ":"), file.isIdentifier(j + 1) {
            superclass = file.text(j + 1)
            // `Foundation.Operation`
            if superclass == "Foundation", file.isPunct(j + 2, "."), file.isIdentifier(j + 3) { superclass = file.text(j + 3) }
        }
        var declaration = ClassDeclaration(name: name, superclass: superclass)
        var open = j
        while open < file.tokens.count && !file.isPunct(open, "{") && open < j + 64 { open += 1 }
        let close = Int(file.partner[min(open, file.tokens.count - 1)])
        if file.isPunct(open, "{"), close > open { readTraits(&declaration, open + 1, close) }
        return declaration
    }

    /// `@interface Name : Super` or `@implementation Name`, up to `@end`.
    private func objectiveCClass(at i: Int) -> ClassDeclaration? {
        guard file.isIdentifier(i + 1) else { return nil }
        let name = file.text(i + 1)
        var superclass: String?
        if file.isPunct(i + 2, ":"), file.isIdentifier(i + 3) { superclass = file.text(i + 3) }
        var declaration = ClassDeclaration(name: name, superclass: superclass)
        var end = i + 2
        while end < file.tokens.count && !(file.isPunct(end - 1, "@") && file.isWord(end, "end")) { end += 1 }
        readTraits(&declaration, i + 2, end)
        return declaration
    }

    /// Looks through a class body for the overrides and finishing code that make it asynchronous (S8).
    private func readTraits(_ declaration: inout ClassDeclaration, _ start: Int, _ end: Int) {
        var k = start
        while k < end {
            let token = file.tokens[k]
            if token.kind == .string {
                if file.tokenContains(k, "isFinished") || file.tokenContains(k, "\"finished\"") { declaration.setsFinished = true }
            } else if token.kind == .identifier {
                if file.isWord(k, "isAsynchronous") || file.isWord(k, "isConcurrent") {
                    if (file.isWord(k - 1, "var") || file.isPunct(k - 1, ")")) && bodyReturnsTrue(after: k) {
                        declaration.overridesAsynchronous = true
                    }
                } else if file.isWord(k, "start") {
                    if (file.isWord(k - 1, "func") && file.isPunct(k + 1, "(") && file.isPunct(k + 2, ")"))
                        || (file.isPunct(k - 1, ")") && file.isWord(k - 2, "void") && file.isPunct(k + 1, "{")) {
                        declaration.overridesStart = true
                    }
                } else if isFinishing(at: k) {
                    declaration.setsFinished = true
                }
            }
            k += 1
        }
    }

    private func bodyReturnsTrue(after k: Int) -> Bool {
        var open = k + 1
        while open < k + 8 && !file.isPunct(open, "{") { open += 1 }
        guard file.isPunct(open, "{") else { return false }
        let close = Int(file.partner[open])
        guard close > open else { return false }
        for m in open..<close where file.isWord(m, "true") || file.isWord(m, "YES") { return true }
        return false
    }

    /// `isFinished = true`, `_finished = YES`, `state = .finished`, `[self setFinished:YES]`, `\.isFinished`.
    private func isFinishing(at k: Int) -> Bool {
        if file.isWord(k, "setFinished") || file.isWord(k, "setIsFinished") { return file.isPunct(k + 1, ":") && (file.isWord(k + 2, "YES") || file.isWord(k + 2, "true")) }
        if file.isWord(k, "isFinished") && file.isPunct(k - 1, ".") && file.isPunct(k - 2, "\\") { return true }
        guard file.isPunct(k + 1, "="), !file.isPunct(k + 2, "=") else { return false }
        if file.endsWithFinished(k) {
            return file.isWord(k + 2, "true") || file.isWord(k + 2, "YES")
        }
        if file.isWord(k, "state") || file.isWord(k, "_state") {
            var m = k + 2
            while m < min(k + 8, file.tokens.count) && file.tokens[m].line == file.tokens[k].line {
                if file.isIdentifier(m) && file.endsWithFinished(m) { return true }
                m += 1
            }
        }
        return false
    }
}
