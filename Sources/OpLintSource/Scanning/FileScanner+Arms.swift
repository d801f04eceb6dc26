import OpLintCore

/// Branches that exclude each other: the branches of one `#if` group (a build compiles one),
/// the arms of an `if` … `else if` … `else` chain and the cases of a Swift `switch` (a run
/// takes one). A dependency that reverses one added earlier in another branch of the same
/// group is left out — no build or run has both, so the first order stands — unless some
/// build or run that takes its branch can close a cycle through it all the same: a path back
/// through dependencies that branch does not exclude (the same order added again before,
/// after or beside the group, or through a third operation). For arms and cases, the two
/// operations must also be made anew by each run of the code around the chain (locals of the
/// function, the loop or the closure): operations made elsewhere — properties, earlier
/// iterations, earlier calls — may meet both arms, one run each.
extension FileScanner {
    /// Starts an arm: an `if` starts a chain, an `else` right after an arm's `}` continues it.
    /// `keyword` is the token of the `if` or `else` that begins the statement head.
    func enterArm(_ scope: inout Scope, keyword: Int) {
        if file.isWord(keyword, "else") {
            // `} else {`, `} else if … {`; any other `else` (`guard … else`) starts no arm.
            guard let last = lastLeftArm, last.close == keyword - 1, file.isPunct(keyword - 1, "}") else { return }
            scope.chainGroup = last.group
        } else {
            scope.chainGroup = newScopeID()
        }
        scope.exclusiveBranch = newScopeID()
    }

    /// The branches the current code is in, outermost first: `#if` branches, `if` … `else`
    /// arms, and cases of Swift `switch`es without `fallthrough` (a C `switch` runs on into the
    /// next case unless a `break` stops it).
    var activeBranches: [ExclusiveBranch] {
        var branches: [ExclusiveBranch] = []
        // Fields read in place: a copy of each scope would retain all its references.
        for index in scopes.indices {
            if let branch = scopes[index].branchID, let group = branchGroups[branch] {
                branches.append(ExclusiveBranch(id: branch, group: group, construct: "#if", runOnce: nil))
            }
            if let arm = scopes[index].exclusiveBranch, let group = scopes[index].chainGroup {
                branches.append(ExclusiveBranch(id: arm, group: group, construct: "if", runOnce: runOnceBounds(outside: index)))
            }
            if scopes[index].isSwitch, let case_ = scopes[index].caseID, file.language == .swift, !fallsThrough(switchAt: index) {
                branches.append(ExclusiveBranch(id: case_, group: scopes[index].id, construct: "switch", runOnce: runOnceBounds(outside: index)))
            }
        }
        return branches
    }

    /// Whether the body of the `switch` of scope `index` has a `fallthrough` of its own (not
    /// one of a `switch` nested in it); read once per `switch`.
    private func fallsThrough(switchAt index: Int) -> Bool {
        let scope = scopes[index]
        if let known = switchFallsThrough[scope.id] { return known }
        var k = max(scope.open, 0) + 1
        let end = min(scope.close, file.tokens.count)
        var result = false
        while k < end {
            if file.isWord(k, "fallthrough") { result = true; break }
            if file.isWord(k, "switch") {
                // A nested `switch`'s body: its `fallthrough` is its own.
                var open = k + 1
                while open < end && !file.isPunct(open, "{") { open += 1 }
                if open < end, file.partner[open] > open { k = Int(file.partner[open]) + 1; continue }
            }
            k += 1
        }
        switchFallsThrough[scope.id] = result
        return result
    }

    /// The tokens of the innermost function, closure or loop body around scope `index` (the
    /// code that runs it once), or the whole file.
    private func runOnceBounds(outside index: Int) -> (open: Int, close: Int) {
        for scope in scopes[..<index].reversed() {
            switch scope.kind {
            case .function, .closure, .loop: return (scope.open, scope.close)
            case .file, .type: return (-1, Int.max)
            case .block: continue
            }
        }
        return (-1, Int.max)
    }

    /// Leaves out each dependency that reverses an earlier one of another branch of the same
    /// group, when no build or run that takes its branch can close a cycle through it, with an
    /// OPL306 note where it is written.
    ///
    /// - Complexity: O(*edges*) when no dependency was added in a branch; else O(*edges*) per
    ///   dependency that reverses another.
    func settleReversals() {
        guard !edgeBranches.isEmpty else { return }
        var byPair: [[Int]: [Int]] = [:]
        var outgoing: [Int: [Int]] = [:]
        for (e, edge) in scan.edges.enumerated() where !edge.isRemoved {
            guard case .entity(let w) = edge.waiter, case .entity(let d) = edge.dependency else { continue }
            byPair[[w, d], default: []].append(e)
            outgoing[w, default: []].append(e)
        }
        var leftOut: Set<Int> = []
        for e2 in scan.edges.indices {
            guard let branches = edgeBranches[e2], !scan.edges[e2].isRemoved,
                  case .entity(let w) = scan.edges[e2].waiter, case .entity(let d) = scan.edges[e2].dependency else { continue }
            // The same order written earlier and kept: this one adds nothing.
            if let same = byPair[[w, d]], same.contains(where: { $0 < e2 && !leftOut.contains($0) }) { continue }
            guard let reversed = byPair[[d, w]]?.first(where: { e1 in
                e1 < e2 && !leftOut.contains(e1) && excludes(branches, e1, for: [w, d])
            }), let construct = exclusiveConstruct(branches, reversed, for: [w, d]) else { continue }
            // A cycle through `w` waiting for `d` needs `d` to wait, through some path, for `w`.
            if reaches(from: d, to: w, outgoing: outgoing, skipping: e2, compatibleWith: branches) { continue }
            leftOut.insert(e2)
            let never = construct == "#if" ? "no build has both" : "no run has both"
            scan.facts.unresolved.append(SourceFacts.Issue(
                "this dependency (`\(placeholder(w))` waits for `\(placeholder(d))`) reverses the one at \(scan.edges[reversed].location) in another branch of the same `\(construct)`; \(never), so the graph keeps the first",
                at: scan.edges[e2].location))
        }
        for e in leftOut { scan.edges[e].isRemoved = true }
    }

    /// The construct of a group that `branches` and the branches of edge `e` share with
    /// different branches, if any: `#if`, or an `if` or `switch` whose runs each make all of
    /// `operations`.
    private func exclusiveConstruct(_ branches: [ExclusiveBranch], _ e: Int, for operations: [Int]) -> String? {
        guard let others = edgeBranches[e] else { return nil }
        for a in branches {
            guard others.contains(where: { $0.group == a.group && $0.id != a.id }) else { continue }
            guard let runOnce = a.runOnce else { return a.construct }
            if madeByEachRun(operations, within: runOnce) { return a.construct }
        }
        return nil
    }

    /// Whether edge `e` is absent from every build or run that takes `branches`: it is in
    /// another branch of a group they share, and, for an arm or a case, its operations (some
    /// of `operations` or its own) are made anew by each run.
    private func excludes(_ branches: [ExclusiveBranch], _ e: Int, for operations: [Int]) -> Bool {
        exclusiveConstruct(branches, e, for: operations) != nil
    }

    /// Whether `to` is reached from `from` through the file's dependencies (waiter to
    /// dependency) other than edge `skipping` and those another branch of `branches` excludes.
    private func reaches(from: Int, to: Int, outgoing: [Int: [Int]], skipping: Int, compatibleWith branches: [ExclusiveBranch]) -> Bool {
        var seen: Set<Int> = [from]
        var stack = [from]
        while let node = stack.popLast() {
            for e in outgoing[node] ?? [] where e != skipping {
                guard case .entity(let next) = scan.edges[e].dependency else { continue }
                if edgeBranches[e] != nil, excludes(branches, e, for: [node, next]) { continue }
                if next == to { return true }
                if seen.insert(next).inserted { stack.append(next) }
            }
        }
        return false
    }

    /// Whether every operation of `ids` is made in the body `runOnce`, each run making its own
    /// (not a placeholder for a variable or property made elsewhere), and the body has no
    /// `goto`, which may run one arm after another.
    private func madeByEachRun(_ ids: [Int], within runOnce: (open: Int, close: Int)) -> Bool {
        guard !hasGoto(within: runOnce) else { return false }
        return ids.allSatisfy { id in
            let entity = scan.entities[id]
            return !entity.isPlaceholder && entity.mergeKey == nil && entity.order > runOnce.open && entity.order < runOnce.close
        }
    }

    /// Read once per body: the walk for a path back asks for every edge it passes.
    private func hasGoto(within runOnce: (open: Int, close: Int)) -> Bool {
        guard file.language == .objectiveC else { return false }
        if let known = bodiesWithGoto[runOnce.open] { return known }
        let range = max(runOnce.open, 0)..<min(runOnce.close, file.tokens.count)
        let found = range.contains { file.isWord($0, "goto") }
        bodiesWithGoto[runOnce.open] = found
        return found
    }
}

/// One branch the code is in, and the group whose branches exclude each other.
struct ExclusiveBranch {
    var id: Int
    var group: Int
    /// `#if`, `if` or `switch`, as the notes name it.
    var construct: String
    /// For an arm or a case: the body that runs the chain once per run, its `{` (or keyword)
    /// and its `}`. Nil for an `#if` branch, which no run changes.
    var runOnce: (open: Int, close: Int)?
}
