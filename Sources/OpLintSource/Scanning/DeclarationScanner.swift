/// The first pass over a file: class declarations with their operation traits, whether the
/// file mentions the operation API at all (files that do not are not scanned again), and
/// what its API calls show about the classes of the values they take.
struct DeclarationScanner {
    let file: SourceFile
    /// Whether class bodies are searched for finishing code only when `FinishingWords` finds
    /// one of the words every sign of it contains (the same result as searching them all).
    let prefilter: Bool

    /// A pass over `file`; without `prefilter`, every class body is searched for finishing
    /// code whatever words it contains.
    init(file: SourceFile, prefilter: Bool = true) {
        self.file = file
        self.prefilter = prefilter
    }

    /// What the pass found in one file.
    struct Result {
        var declared: DeclaredTypes
        /// Whether the second pass should read the file.
        var isRelevant: Bool
        /// What the file's API calls show (empty when the file is not relevant).
        var uses: UsageEvidence
    }

    /// The types declared in the file, whether the second pass should read it, and the
    /// evidence of its API calls (which `ClassTable.addUses` folds in with the types).
    ///
    /// - Complexity: O(*tokens*).
    func scan() -> Result {
        var declared = DeclaredTypes()
        // How deep in braces the last type alias met is: counted on from the one before, only in
        // files that have one.
        var depthCursor = 0, depth = 0
        // The tokenizer noted the keywords, in order, and whether the file mentions the API.
        for keyword in file.declarationKeywords {
            let i = Int(keyword)
            // `extension Pipeline: Gate {}`, `protocol Stage: Gate`: adoptions outside the type's own declaration.
            if file.language == .swift, file.isWord(i, "extension") || file.isWord(i, "protocol"), file.isIdentifier(i + 1) {
                let name = file.text(i + 1)
                for adopted in file.inheritedNames(afterNameAt: i + 1) { declared.adoptions.append((name, adopted)) }
            }
            if file.isWord(i, "class") || file.isWord(i, "extension") {
                // An extension matters only when it adds asynchrony, finishing code, factories, members, methods that
                // cancel or that enqueue an operation's dependencies.
                if let declaration = swiftClass(at: i), declaration.superclass != nil || file.isWord(i, "class")
                    || declaration.overridesAsynchronous || declaration.overridesStart || declaration.setsFinished
                    || !declaration.factories.isEmpty || !declaration.lookups.isEmpty || !declaration.members.isEmpty || !declaration.cancellingMethods.isEmpty
                    || !declaration.enqueuingInitializers.isEmpty || declaration.isMainActor
                    || !declaration.dependencyEnqueuers.isEmpty || !declaration.dispatchQueues.isEmpty {
                    declared.classes.append(declaration)
                }
            } else if file.isWord(i, "struct") || file.isWord(i, "protocol") || file.isWord(i, "typealias") || file.isWord(i, "actor") {
                if file.isWord(i, "typealias") {
                    // Only a type alias of the file's own level names a class everywhere; one inside
                    // a type or a function (`typealias Procedure = R` in a generic box) still hides
                    // the name, as a nested type does.
                    while depthCursor < i {
                        if file.isPunct(depthCursor, "{") { depth += 1 } else if file.isPunct(depthCursor, "}") { depth = max(0, depth - 1) }
                        depthCursor += 1
                    }
                    if depth == 0, file.language == .swift, let alias = aliasedClass(at: i) {
                        declared.classes.append(alias)
                    } else if file.isIdentifier(i + 1) {
                        declared.shadows.append(file.text(i + 1))
                    }
                } else if file.isIdentifier(i + 1) {
                    declared.shadows.append(file.text(i + 1))
                }
                if file.language == .swift, file.isWord(i, "protocol"), file.isIdentifier(i + 1) { readRequirements(of: i, into: &declared) }
            } else if file.isPunct(i - 1, "@") && (file.isWord(i, "interface") || file.isWord(i, "implementation")) {
                // `@implementation Helper` with none of the traits leaves the table as it was.
                if let declaration = objectiveCClass(at: i), !declaration.saysNothing { declared.classes.append(declaration) }
            }
        }
        let relevant = file.mentionsOperationAPI
        var uses = UsageEvidence()
        if relevant { uses = UsageEvidence(file: file) }
        return Result(declared: declared, isRelevant: relevant, uses: uses)
    }

    /// The properties the Swift protocol declared at `i` requires (`var name: Type { get }` at its own level).
    private func readRequirements(of i: Int, into declared: inout DeclaredTypes) {
        var open = i + 2
        while open < file.tokens.count && open < i + 64 && !file.isPunct(open, "{") && !file.isPunct(open, "}") { open += 1 }
        guard file.isPunct(open, "{") else { return }
        let close = Int(file.partner[open])
        guard close > open else { return }
        let name = file.text(i + 1)
        var k = open + 1
        while k < close {
            if file.isPunct(k, "{") || file.isPunct(k, "("), file.partner[k] > k { k = Int(file.partner[k]) + 1; continue }
            if file.isWord(k, "var"), file.isIdentifier(k + 1), file.isPunct(k + 2, ":") {
                declared.protocolProperties.append((name, file.text(k + 1)))
            }
            k += 1
        }
    }

    /// `class Name<…>: Super, Protocol … {` or `extension Name {`.
    private func swiftClass(at i: Int) -> ClassDeclaration? {
        guard file.isIdentifier(i + 1) else { return nil }
        let name = file.text(i + 1)
        switch name {
        case "func", "var", "let", "subscript", "override", "final", "public", "private", "static": return nil
        default: break
        }
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
        declaration.isMainActor = file.isWord(i, "class") && hasMainActorAttribute(before: i)
        var open = j
        while open < file.tokens.count && !file.isPunct(open, "{") && open < j + 64 { open += 1 }
        let close = Int(file.partner[min(open, file.tokens.count - 1)])
        if file.isPunct(open, "{"), close > open {
            readTraits(&declaration, open + 1, close, isInterface: false)
            readInitialWidth(&declaration, open + 1, close)
            readSelfEnqueue(&declaration, open + 1, close)
            readDependencyEnqueuers(&declaration, open + 1, close)
        }
        return declaration
    }

    /// `typealias Job = Operation`, `typealias StringOp = ResultOperation<String>`,
    /// `typealias Serial = Foundation.OperationQueue`: the alias as a class whose superclass is
    /// the type it names, so that a class deriving from the alias, or an instance made through
    /// it, follows the chain. Not an alias named like one of Foundation's own classes.
    private func aliasedClass(at i: Int) -> ClassDeclaration? {
        guard file.isIdentifier(i + 1), file.isPunct(i + 2, "="), file.isIdentifier(i + 3) else { return nil }
        let name = file.text(i + 1)
        guard !ClassTable.operationRoots.contains(name), !ClassTable.queueRoots.contains(name) else { return nil }
        var target = file.text(i + 3)
        if target == "Foundation", file.isPunct(i + 4, "."), file.isIdentifier(i + 5) { target = file.text(i + 5) }
        guard target != name else { return nil }
        return ClassDeclaration(name: name, superclass: target)
    }

    /// Whether `@MainActor` is among the attributes and modifiers before the keyword at `i`
    /// (`@MainActor final class`, `public @MainActor class`, `@objc(Name) @MainActor class`).
    private func hasMainActorAttribute(before i: Int) -> Bool {
        var k = i - 1
        var steps = 0
        while k > 0 && steps < 12 {
            if file.isWord(k, "MainActor"), file.isPunct(k - 1, "@") { return true }
            if file.isPunct(k, ")"), file.partner[k] >= 0, file.partner[k] < k {
                k = Int(file.partner[k]) - 1
            } else if file.isIdentifier(k) {
                k -= file.isPunct(k - 1, "@") ? 2 : 1
            } else {
                return false
            }
            steps += 1
        }
        return false
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
        if file.isWord(i, "implementation") {
            readInitialWidth(&declaration, i + 2, end)
            readSelfEnqueue(&declaration, i + 2, end)
            readDependencyEnqueuers(&declaration, i + 2, end)
        }
        return declaration
    }
}
