import OpLintCore

/// Conditional compilation: `#if` / `#elseif` / `#else` / `#endif` in Swift; `#if`, `#ifdef`,
/// `#ifndef`, `#elif`, `#else`, `#endif` in Objective-C. A build compiles one branch of a
/// group, so each branch is read as a path of its own, as the cases of a `switch` are: an
/// enqueue in one branch is no repeat of an enqueue in the next, and a branch starts from
/// the variables as they were before the group. After `#endif` a variable holds what any
/// branch left in it (or, without `#else`, what it held before): operations declared in
/// each branch under one name are all that name's.
extension FileScanner {
    /// One `#if` … `#endif` group being read.
    struct ConditionalGroup {
        /// `scopes.count` at the `#if`; its directives count only at that depth.
        var depth: Int
        /// The id of the scope the group is in: a group whose scope has closed is dropped.
        var scopeID: Int
        /// The branch of an enclosing group the scope was in.
        var enclosingBranch: Int?
        /// The first scope of the function body holding the group (its locals are tracked).
        var firstTracked: Int
        /// The tracked scopes' variables before the group; nil at type or file level, where
        /// declarations are properties and globals, read in order.
        var before: [[ScanName: Binding]]?
        /// The tracked scopes' variables at the end of each branch read so far.
        var branchEnds: [[[ScanName: Binding]]] = []
        /// Whether an `#else` branch was seen: then some branch always runs.
        var hasElse = false
        /// The number of the group, shared by its branches (`branchGroups`).
        var number = 0
    }

    enum ConditionalDirective {
        case open
        case alternative(isElse: Bool)
        case close
    }

    /// Reads the directive at token `i` when it opens, continues or closes a group. For a
    /// branch no build compiles (`#if 0`, `#if false`), the token of the directive that ends
    /// it, where reading goes on.
    func conditionalCompilation(at i: Int) -> Int? {
        guard let directive = conditionalDirective(at: i) else { return nil }
        switch directive {
        case .open:
            dropClosedGroups()
            let depth = scopes.count
            let first = firstTrackedScope()
            var group = ConditionalGroup(
                depth: depth, scopeID: scopes[depth - 1].id, enclosingBranch: scopes[depth - 1].branchID,
                firstTracked: first ?? depth, before: first.map { trackedLocals(from: $0) })
            group.number = newScopeID()
            conditionals.append(group)
            let branch = newScopeID()
            scopes[depth - 1].branchID = branch
            branchGroups[branch] = group.number
            return isNeverCompiled(i) ? endOfBranch(from: i) : nil
        case .alternative(let isElse):
            guard var group = openGroup() else { return nil }
            if let before = group.before {
                group.branchEnds.append(trackedLocals(from: group.firstTracked))
                for (offset, locals) in before.enumerated() { scopes[group.firstTracked + offset].locals = locals }
            }
            group.hasElse = group.hasElse || isElse
            conditionals[conditionals.count - 1] = group
            let branch = newScopeID()
            scopes[group.depth - 1].branchID = branch
            branchGroups[branch] = group.number
        case .close:
            guard let group = openGroup() else { return nil }
            conditionals.removeLast()
            scopes[group.depth - 1].branchID = group.enclosingBranch
            guard let before = group.before else { return nil }
            // In branch order, so that a value that is not operations is the last branch's, as
            // when the branches were read one after the other.
            var alternatives = group.hasElse ? [] : [before]
            alternatives += group.branchEnds
            alternatives.append(trackedLocals(from: group.firstTracked))
            for offset in before.indices {
                scopes[group.firstTracked + offset].locals = merged(alternatives.map { $0[offset] })
            }
        }
        return nil
    }

    /// Whether the `#if` at token `i` tests a literal false: `#if 0` (Objective-C), `#if false` (Swift).
    private func isNeverCompiled(_ i: Int) -> Bool {
        if file.language == .swift {
            let line = file.tokens[i].line
            return (file.isWord(i + 1, "false") || file.tokenIs(i + 1, "0")) && file.tokens[i + 1].line == line
                && (i + 2 >= file.tokens.count || file.tokens[i + 2].line > line)
        }
        let token = file.tokens[i]
        var k = Int(token.start) + 1
        let end = token.end
        while k < end && (file.bytes[k] == 0x20 || file.bytes[k] == 0x09) { k += 1 }
        guard k + 2 <= end, file.bytes[k] == UInt8(ascii: "i"), file.bytes[k + 1] == UInt8(ascii: "f") else { return false }
        k += 2
        var condition: [UInt8] = []
        while k < end {
            let b = file.bytes[k]
            if b != 0x20 && b != 0x09 && b != 0x0D && b != 0x0A { condition.append(b) }
            k += 1
        }
        return condition == [UInt8(ascii: "0")] || condition == Array("false".utf8)
    }

    /// The token of the `#elseif` / `#elif` / `#else` / `#endif` that ends the branch opened
    /// at token `i` (nested groups passed over), if any.
    private func endOfBranch(from i: Int) -> Int? {
        var depth = 0
        var k = i + 1
        while k < file.tokens.count {
            if file.tokens[k].kind == .directive, let directive = conditionalDirective(at: k) {
                switch directive {
                case .open: depth += 1
                case .alternative: if depth == 0 { return k }
                case .close:
                    if depth == 0 { return k }
                    depth -= 1
                }
            }
            k += 1
        }
        return nil
    }

    /// What the directive at token `i` does to a group, if anything (`#import`, `#pragma`,
    /// `#define`, `#warning` and `#available` do nothing here).
    private func conditionalDirective(at i: Int) -> ConditionalDirective? {
        let token = file.tokens[i]
        let word = file.word(after: Int(token.start) + 1, before: token.end)
        guard word.count <= 8 else { return nil }
        switch file.text(of: word) {
        case "if", "ifdef", "ifndef": return .open
        case "elseif", "elif", "elifdef", "elifndef": return .alternative(isElse: false)
        case "else": return .alternative(isElse: true)
        case "endif": return .close
        default: return nil
        }
    }

    /// The index of the first scope of the innermost function or closure body, when the
    /// current scope is inside one.
    private func firstTrackedScope() -> Int? {
        var index = scopes.count - 1
        while index > 0 && !scopes[index].isBodyBoundary { index -= 1 }
        switch scopes[index].kind {
        case .type, .file: return nil
        default: return index
        }
    }

    private func trackedLocals(from first: Int) -> [[ScanName: Binding]] {
        scopes[first...].map(\.locals)
    }

    /// The innermost group, when the current scope is the one it opened in. A directive in a
    /// scope opened inside a branch (braces that do not pair up across branches) is passed over.
    func openGroup() -> ConditionalGroup? {
        dropClosedGroups()
        guard let group = conditionals.last, group.depth == scopes.count else { return nil }
        return group
    }

    /// Drops the groups whose scope has closed before their `#endif`.
    private func dropClosedGroups() {
        while let group = conditionals.last, group.depth > scopes.count || scopes[group.depth - 1].id != group.scopeID {
            conditionals.removeLast()
        }
    }

    /// One scope's variables after a group, from their values at the end of each alternative.
    private func merged(_ alternatives: [[ScanName: Binding]]) -> [ScanName: Binding] {
        guard var result = alternatives.last else { return [:] }
        if alternatives.dropLast().allSatisfy({ $0 == result }) { return result }
        var names = Set<ScanName>()
        for locals in alternatives { names.formUnion(locals.keys) }
        for name in names {
            var value: Binding?
            for locals in alternatives {
                guard let next = locals[name] else { continue }
                value = value.map { $0 == next ? next : either($0, next) } ?? next
            }
            result[name] = value
        }
        return result
    }
}
