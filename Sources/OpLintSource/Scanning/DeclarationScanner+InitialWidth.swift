import OpLintCore

extension DeclarationScanner {
    /// The width an initializer at the class's own level gives the queue it makes: `override
    /// init() { super.init(); maxConcurrentOperationCount = 1 }` in Swift, `self.maxConcurrentOperationCount
    /// = 1;` or `[self setMaxConcurrentOperationCount:1];` in an Objective-C `init…` method. Only a
    /// setting in the initializer's own straight-line code counts (not one in an `if`, a closure
    /// or a nested function); the first initializer that has one wins. Read only in files that
    /// mention the operation API, in class bodies that name the setting.
    ///
    /// - Complexity: O(*tokens* of the body) when the body names the setting, else O(1) tokens.
    func readInitialWidth(_ declaration: inout ClassDeclaration, _ start: Int, _ end: Int) {
        guard start < end, end <= file.tokens.count, file.mentionsOperationAPI,
              file.bytesContain("axConcurrentOperationCount", from: Int(file.tokens[start].start), to: file.tokens[end - 1].end) else { return }
        forEachInitializerBody(start, end) { _, open, close in
            guard let width = width(from: open + 1, to: close) else { return false }
            declaration.initialWidth = width
            return true
        }
    }

    /// Whether an initializer at the class's own level adds the operation it makes to a queue
    /// (`init(queue: OperationQueue) { super.init(); queue.addOperation(self) }`,
    /// `[queue addOperation:self];` in an `init…` method), anywhere in its body.
    ///
    /// - Complexity: O(*tokens* of the body) when the body names `addOperation`, else O(1) tokens.
    func readSelfEnqueue(_ declaration: inout ClassDeclaration, _ start: Int, _ end: Int) {
        guard start < end, end <= file.tokens.count, file.mentionsOperationAPI,
              file.bytesContain("addOperation", from: Int(file.tokens[start].start), to: file.tokens[end - 1].end) else { return }
        forEachInitializerBody(start, end) { key, open, close in
            for m in (open + 1)..<close where file.isWord(m, "addOperation") && file.isWord(m + 2, "self") {
                if file.language == .swift ? file.isPunct(m + 1, "(") && file.isPunct(m + 3, ")") : file.isPunct(m + 1, ":") && file.isPunct(m + 3, "]") {
                    declaration.enqueuingInitializers.insert(key)
                    break
                }
            }
            return false
        }
    }

    /// Calls `visit` with the key (`FileScanner.initializerKey`), the `{` and the `}` of each
    /// initializer body at the class's own level (`start..<end`, the class body or the tokens
    /// up to `@end`), in order, until it returns true.
    private func forEachInitializerBody(_ start: Int, _ end: Int, _ visit: (String, Int, Int) -> Bool) {
        var k = start
        var isInitializer = false
        var key = ""
        while k < end {
            if file.isPunct(k, "{") || file.isPunct(k, "(") || file.isPunct(k, "[") {
                let close = Int(file.partner[k])
                guard close > k, close < end else { return }
                if file.isPunct(k, "{") {
                    if isInitializer, visit(key, k, close) { return }
                    isInitializer = false
                }
                k = close + 1
                continue
            }
            if file.language == .swift {
                if file.isWord(k, "init"), !file.isPunct(k - 1, ".") {
                    isInitializer = true
                    // `init(queue: …)`, `init(enqueuedOn queue: …)`, `init(_ q: …)`, `init()`, `init?(…)`
                    var open = k + 1
                    if file.isPunct(open, "?") || file.isPunct(open, "!") { open += 1 }
                    if file.isPunct(open, "("), file.partner[open] > open {
                        key = Int(file.partner[open]) == open + 1 ? "" : file.isIdentifier(open + 1) ? file.text(open + 1) : "_"
                    }
                } else if Self.declarationWords.contains(where: { file.isWord(k, $0) }) {
                    isInitializer = false
                }
            } else if file.isPunct(k, "-") || file.isPunct(k, "+"), file.isPunct(k + 1, "(") {
                // `- (instancetype)initWithName:(NSString *)name {`
                let close = Int(file.partner[k + 1])
                isInitializer = file.isPunct(k, "-") && close > k + 1 && file.isIdentifier(close + 1) && Self.isInitializerSelector(file.text(close + 1))
                if isInitializer { key = file.text(close + 1) }
            } else if file.isPunct(k, ";") {
                isInitializer = false
            }
            k += 1
        }
    }

    /// `init`, `initWithQueue`; not `initiateUpload`.
    static func isInitializerSelector(_ name: String) -> Bool {
        guard name.hasPrefix("init") else { return false }
        let rest = name.utf8.dropFirst(4)
        return rest.first.map { $0 >= 0x41 && $0 <= 0x5A } ?? true
    }

    /// Words that start a declaration other than an initializer at a class's own level.
    private static let declarationWords: [StaticString] = ["func", "var", "let", "deinit", "subscript", "class", "struct", "enum", "extension", "protocol", "actor", "typealias"]

    /// The width the initializer body `start..<end` sets on `self` in its own straight-line code.
    private func width(from start: Int, to end: Int) -> ClassDeclaration.InitialWidth? {
        var m = start
        while m < end {
            if file.isPunct(m, "{"), !isObjectiveCInitGuard(before: m) {
                let close = Int(file.partner[m])
                if close > m { m = close + 1; continue }
            }
            // `maxConcurrentOperationCount = 1`, `self.maxConcurrentOperationCount = 1` (not `other.…`, not `==`).
            if file.isWord(m, "maxConcurrentOperationCount"), file.isPunct(m + 1, "="), !file.isPunct(m + 2, "="),
               !file.isPunct(m - 1, ".") || file.isWord(m - 2, "self") {
                return ClassDeclaration.InitialWidth(count: file.writtenWidth(at: m + 2), location: file.location(m))
            }
            // `[self setMaxConcurrentOperationCount:1]`
            if file.isWord(m, "setMaxConcurrentOperationCount"), file.isWord(m - 1, "self"), file.isPunct(m + 1, ":") {
                return ClassDeclaration.InitialWidth(count: file.writtenWidth(at: m + 2), location: file.location(m))
            }
            m += 1
        }
        return nil
    }

    /// Whether the `{` at `b` opens the body of `if ((self = [super init]))` (or `[super initWith…]`),
    /// where an Objective-C initializer does its work.
    private func isObjectiveCInitGuard(before b: Int) -> Bool {
        guard file.language == .objectiveC, file.isPunct(b - 1, ")") else { return false }
        let open = Int(file.partner[b - 1])
        guard open >= 1, open < b - 1, file.isWord(open - 1, "if") else { return false }
        let condition = open + 1..<(b - 1)
        return condition.contains { file.isWord($0, "self") } && condition.contains { file.isWord($0, "super") }
            && condition.contains { file.isIdentifier($0) && file.text($0).hasPrefix("init") }
    }
}
