/// Methods that run on the main thread because the file calls them only from code that does:
/// `loadData()` called from `viewDidLoad()` and from nowhere else.
extension FileScanner {
    /// Why the method `base` (its name, or its selector's first part) runs on the main thread,
    /// when the file calls it only straight from the bodies of methods that do
    /// (`viewDidLoad`, `viewWillAppear:`, an application delegate's callbacks), not from a
    /// block or closure, another method, or through a selector.
    /// The main thread's reason for the current code, counting such callers: for a wait or a
    /// `sync` onto the main queue, not for actor isolation (a method called from
    /// `viewDidLoad` is not isolated to the main actor by that).
    var mainThreadReasonCountingCallers: String? {
        if let reason = mainThreadReason { return reason }
        for scope in scopes.reversed() {
            switch scope.kind {
            case .block, .loop: continue
            case .closure where isSentWithSync(scope): continue
            case .function(let name):
                guard scope.mainThreadReason == nil else { return nil }
                return mainThreadCallerReason(method: String(name.prefix { $0 != "(" && $0 != ":" }))
            default: return nil
            }
        }
        return nil
    }

    func mainThreadCallerReason(method base: String) -> String? {
        if mainThreadCallers == nil { mainThreadCallers = findMainThreadCallers() }
        guard let caller = mainThreadCallers?[base] else { return nil }
        return "\(base) is called from \(caller), which runs on the main thread"
    }

    /// The base names of `mainThreadMethods`: `viewDidLoad`, `viewWillAppear`, `application`, …
    private static let mainThreadBaseNames: Set<String> = Set(mainThreadMethods.map { name in
        String(name.text.prefix { $0 != "(" && $0 != ":" })
    })

    /// One walk over the file: its methods' bodies, the calls on `self` straight from the
    /// bodies of main-thread methods, and every other place each of those names is called or
    /// named as a selector.
    private func findMainThreadCallers() -> [String: String] {
        var bodies: [(base: String, open: Int, close: Int)] = []
        for k in file.tokens.indices where file.namesMethodDeclaration(k) {
            if let open = file.bodyOpen(afterName: k, before: file.tokens.count) { bodies.append((file.text(k), open, Int(file.partner[open]))) }
        }
        // A name declared once in the file: two classes' `refresh` are two methods.
        var declarations: [String: Int] = [:]
        for body in bodies { declarations[body.base, default: 0] += 1 }
        let declared = Set(declarations.filter { $0.value == 1 }.keys)
        // Calls straight from a main-thread method's body, by the token of the called name.
        var candidates: [String: String] = [:]
        var straightCalls: Set<Int> = []
        for body in bodies where Self.mainThreadBaseNames.contains(body.base) {
            var m = body.open + 1
            while m < body.close {
                if file.isPunct(m, "{"), file.partner[m] > m {
                    m = Int(file.partner[m]) + 1
                    continue
                }
                if let name = selfCall(at: m), declared.contains(name), !Self.mainThreadBaseNames.contains(name) {
                    if candidates[name] == nil { candidates[name] = body.base }
                    straightCalls.insert(m)
                }
                m += 1
            }
        }
        guard !candidates.isEmpty else { return [:] }
        // Any other use of the name (a call from elsewhere, a selector, a method reference) keeps it off the list.
        for k in file.tokens.indices where file.tokens[k].kind == .identifier && !straightCalls.contains(k) {
            let text = file.text(k)
            guard candidates[text] != nil else { continue }
            if file.namesMethodDeclaration(k) { continue }
            candidates[text] = nil
            if candidates.isEmpty { break }
        }
        return candidates
    }

    /// The method a call on `self` at `m` names: `loadData()`, `self.loadData()` (Swift),
    /// `[self loadData]`, `[self loadData:x]` (Objective-C).
    private func selfCall(at m: Int) -> String? {
        guard file.isIdentifier(m) else { return nil }
        switch file.language {
        case .swift:
            guard file.isPunct(m + 1, "(") else { return nil }
            if file.isPunct(m - 1, ".") { return file.isWord(m - 2, "self") && !file.isPunct(m - 3, ".") ? file.text(m) : nil }
            return file.isWord(m - 1, "func") ? nil : file.text(m)
        case .objectiveC:
            guard file.isWord(m - 1, "self"), file.isPunct(m - 2, "["), file.isPunct(m + 1, "]") || file.isPunct(m + 1, ":") else { return nil }
            return file.text(m)
        }
    }
}
