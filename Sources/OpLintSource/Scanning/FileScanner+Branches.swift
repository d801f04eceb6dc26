/// Variables assigned on some paths only: `op = B()` in an `if`, a `case`, a loop or a closure.
/// From the assignment on, the variable holds the new value; once the code that may not have
/// run ends, it holds what it held before or what was assigned, as a list of operations does.
extension FileScanner {
    /// A variable of an outer scope assigned in a scope that may not run.
    struct BranchAssignment {
        var name: String
        /// The index of the scope that declares the variable.
        var scope: Int
        /// What it held when the scope began.
        var before: Binding
        /// In a `switch`: what earlier cases left in it.
        var earlierCases: Binding?
        /// The token of the last assignment in the scope.
        var at: Int
    }

    /// Notes that `name` (declared in scope `index`, holding `held`) is assigned at token `at`,
    /// for each scope between its declaration and here that may not run.
    func noteBranchAssignment(of name: String, declaredIn index: Int, holding held: Binding, at: Int) {
        for inner in (index + 1)..<scopes.count where scopes[inner].mayBeSkipped {
            let scope = scopes[inner]
            var assigned = branchAssignments[scope.id] ?? []
            if let k = assigned.firstIndex(where: { $0.name == name && $0.scope == index }) {
                if scope.isSwitch, startsCase(between: assigned[k].at, and: at, close: scope.close) {
                    // What the earlier case assigned is one of the values after the `switch`.
                    assigned[k].earlierCases = assigned[k].earlierCases.map { either($0, held) } ?? held
                }
                assigned[k].at = at
            } else {
                assigned.append(BranchAssignment(name: name, scope: index, before: held, at: at))
            }
            branchAssignments[scope.id] = assigned
        }
    }

    /// Leaves the innermost scope; the variables assigned in it, when it may not have run,
    /// hold either value (`either`).
    func leaveScope() {
        let left = scopes.removeLast()
        if let group = left.chainGroup { lastLeftArm = (left.close, group) }
        if left.kind == .block, left.open > 0 { noteLeftThreadBranch(left) }
        guard !branchAssignments.isEmpty, let assigned = branchAssignments.removeValue(forKey: left.id) else { return }
        for assignment in assigned where assignment.scope < scopes.count {
            guard let now = scopes[assignment.scope].locals[assignment.name] else { continue }
            var before = assignment.before
            if let earlier = assignment.earlierCases { before = either(before, earlier) }
            scopes[assignment.scope].locals[assignment.name] = either(before, now)
        }
    }

    /// What a variable holds after code that may not have run assigned it `new`, when it held
    /// `old` before: operations either way stand for all of them, as a list does; operations
    /// on one side and a value the scanner does not follow that may be one (a parameter) on
    /// the other are those operations; anything else is `new`. A value the scanner did not follow assigned there (`op = [self
    /// makeOperation]`) where operations were held before stays that value, and the
    /// operations go with it (`heldOnOtherPaths`): a call that enqueues, starts or makes it
    /// a dependency reaches them too. A variable set to `nil` on one path holds what it held
    /// before.
    func either(_ old: Binding, _ new: Binding) -> Binding {
        // `nil` on the other path: what it held before, or nothing.
        if !nilAssignments.isEmpty, case .obtained(_, let at) = new, nilAssignments.contains(IndexKey(at)) { return old }
        guard let before = entities(current(old)), !before.isEmpty,
              before.allSatisfy({ scan.entities[$0].kind == .operation }) else { return new }
        if case .obtained(_, let at)? = current(new) {
            let held = heldOnOtherPaths[at] ?? []
            heldOnOtherPaths[at] = held + before.filter { !held.contains($0) }
            return new
        }
        // A value the scanner does not follow on purpose (a parameter, `pending = job`) that
        // may be an operation: the operations of the other paths stay held, as they would be
        // beside an unassigned path.
        if case .value(let type) = new, mayBe(.operation, type) { return .list(before) }
        guard let after = entities(new), after.allSatisfy({ scan.entities[$0].kind == .operation }) else { return new }
        return .list(before + after.filter { !before.contains($0) })
    }

    /// Whether identifier `k` is a `case` or `default` label (not `if case`, `guard case`,
    /// `for case`, an enum's `case` or a pattern after a comma).
    func isCaseLabel(_ k: Int) -> Bool {
        if file.isWord(k, "default") { return file.isPunct(k + 1, ":") }
        guard file.isWord(k, "case") else { return false }
        return !(file.isWord(k - 1, "if") || file.isWord(k - 1, "guard") || file.isWord(k - 1, "while")
                 || file.isWord(k - 1, "for") || file.isPunct(k - 1, ","))
    }

    /// Whether a `case` or `default` label of the `switch` closing at `close` lies between
    /// tokens `a` and `b` (labels of nested `switch`es and `if case` patterns are not).
    private func startsCase(between a: Int, and b: Int, close: Int) -> Bool {
        var k = a + 1
        while k < b && k < close {
            if file.isPunct(k, "{") || file.isPunct(k, "(") || file.isPunct(k, "["), file.partner[k] > k {
                k = Int(file.partner[k]) + 1
                continue
            }
            if file.isWord(k, "default") && file.isPunct(k + 1, ":") { return true }
            if file.isWord(k, "case") && !(file.isWord(k - 1, "if") || file.isWord(k - 1, "guard")
                                             || file.isWord(k - 1, "while") || file.isPunct(k - 1, ",")) {
                return true
            }
            k += 1
        }
        return false
    }
}
