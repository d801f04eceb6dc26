/// Methods' declarations and bodies, as both passes find them.
extension SourceFile {
    /// Whether the name at `k` is the name in a method's declaration: Swift `func name`,
    /// Objective-C `- (type)name` or `+ (type)name` at the start of a line or statement.
    func namesMethodDeclaration(_ k: Int) -> Bool {
        guard isIdentifier(k) else { return false }
        switch language {
        case .swift:
            return isWord(k - 1, "func")
        case .objectiveC:
            guard isPunct(k - 1, ")") else { return false }
            let open = Int(partner[k - 1])
            guard open > 0, open < k - 1, isPunct(open - 1, "-") || isPunct(open - 1, "+") else { return false }
            let sign = open - 1
            return sign == 0 || isPunct(sign - 1, oneOf: "{};") || tokens[sign - 1].line < tokens[sign].line
        }
    }

    /// The `{` that opens the body of the method or function whose name is at `name`: the
    /// first one after its signature (parameter lists passed over), before `end`; nil when a
    /// `;`, a `}`, a `func` or an `=` comes first (a prototype, a requirement, a stored property).
    func bodyOpen(afterName name: Int, before end: Int) -> Int? {
        var m = name + 1
        while m < end && m < name + 256 {
            if isPunct(m, "{") { return Int(partner[m]) > m ? m : nil }
            if isPunct(m, ";") || isPunct(m, "}") || isWord(m, "func") { return nil }
            if isPunct(m, "="), !isPunct(m + 1, "="), !isPunct(m - 1, "=") { return nil }
            if isPunct(m, "(") || isPunct(m, "["), Int(partner[m]) > m {
                m = Int(partner[m]) + 1
            } else {
                m += 1
            }
        }
        return nil
    }
}
