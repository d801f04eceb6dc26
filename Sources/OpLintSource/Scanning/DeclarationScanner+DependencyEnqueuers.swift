/// Methods of queue classes that add an operation's dependencies as well as the operation:
/// `extension OperationQueue { func enqueueTree(_ op: Operation) { for d in op.dependencies { … } addOperation(op) } }`.
extension DeclarationScanner {
    /// Reads, in the body `start..<end` of a queue class (a subclass of Foundation's queue, or
    /// a class named `…Queue`) or of an extension of Foundation's queue, each method whose code
    /// reads `dependencies` and adds operations. A call of one counts only on a queue.
    ///
    /// - Complexity: O(*tokens* of the body) for a queue class's body, else O(1).
    func readDependencyEnqueuers(_ declaration: inout ClassDeclaration, _ start: Int, _ end: Int) {
        // An `@implementation` does not say its superclass: a class named like a queue is read too.
        let isQueue = ClassTable.queueRoots.contains(declaration.name) || declaration.superclass.map(ClassTable.queueRoots.contains) == true
            || (declaration.name.utf8.last == UInt8(ascii: "e") && declaration.name.hasSuffix("Queue"))
        guard isQueue, start < end, file.bytesContain("dependencies", from: Int(file.tokens[start].start), to: file.tokens[end - 1].end) else { return }
        var k = start
        while k < end {
            guard let (name, open) = method(at: k, before: end) else { k += 1; continue }
            let close = Int(file.partner[open])
            guard close > open, close <= end else { k += 1; continue }
            var readsDependencies = false, adds = false
            for m in open..<close where file.tokens[m].kind == .identifier {
                if file.isWord(m, "dependencies") { readsDependencies = true }
                if file.isWord(m, "addOperation") || file.isWord(m, "addOperations") { adds = true }
            }
            if readsDependencies && adds { declaration.dependencyEnqueuers.insert(name) }
            k = close + 1
        }
    }

    /// The method whose declaration starts at `k` (`func enqueueTree(`, `- (void)enqueueTree:`),
    /// with the `{` of its body.
    private func method(at k: Int, before end: Int) -> (String, Int)? {
        let nameToken: Int
        if file.language == .swift {
            guard file.isWord(k, "func"), file.isIdentifier(k + 1) else { return nil }
            nameToken = k + 1
        } else {
            guard file.isPunct(k, "-") || file.isPunct(k, "+"), file.isPunct(k + 1, "(") else { return nil }
            let close = Int(file.partner[k + 1])
            guard close > k + 1, file.isIdentifier(close + 1) else { return nil }
            nameToken = close + 1
        }
        var m = nameToken + 1
        while m < end && m < nameToken + 256 {
            if file.isPunct(m, "{") { return (file.text(nameToken), m) }
            if file.isPunct(m, ";") || file.isPunct(m, "}") { return nil }
            m = file.isPunct(m, "(") && file.partner[m] > m ? Int(file.partner[m]) + 1 : m + 1
        }
        return nil
    }
}
