/// The first pass over a file: class declarations with their operation traits, whether the
/// file mentions the operation API at all (files that do not are not scanned again), and
/// what its API calls show about the classes of the values they take.
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

    /// What the pass found in one file.
    struct Result {
        var table: ClassTable
        /// Whether the second pass should read the file.
        var isRelevant: Bool
        /// What the file's API calls show (empty when the file is not relevant).
        var uses: UsageEvidence
    }

    /// The classes declared in the file, whether the second pass should read it, and the
    /// evidence of its API calls.
    ///
    /// - Complexity: O(*tokens*).
    func scan() -> Result {
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
                    // An extension matters only when it adds asynchrony, finishing code, factories or members.
                    if let declaration = swiftClass(at: i), declaration.superclass != nil || file.isWord(i, "class")
                        || declaration.overridesAsynchronous || declaration.overridesStart || declaration.setsFinished
                        || !declaration.factories.isEmpty || !declaration.members.isEmpty {
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
        var uses = UsageEvidence()
        if relevant {
            uses = UsageEvidence(file: file)
            table.addUses(operations: uses.operationClasses, queues: uses.queueClasses)
        }
        return Result(table: table, isRelevant: relevant, uses: uses)
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
        declaration.isRoot = file.isWord(i, "class") && !file.isPunct(j, ":")
        var open = j
        while open < file.tokens.count && !file.isPunct(open, "{") && open < j + 64 { open += 1 }
        let close = Int(file.partner[min(open, file.tokens.count - 1)])
        if file.isPunct(open, "{"), close > open { readTraits(&declaration, open + 1, close, isInterface: false) }
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
        readTraits(&declaration, i + 2, end, isInterface: file.isWord(i, "interface"))
        return declaration
    }
}
