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
            guard file.namesMethodDeclaration(k), let open = file.bodyOpen(afterName: k, before: end) else { k += 1; continue }
            let close = Int(file.partner[open])
            var readsDependencies = false, adds = false
            for m in open..<close where file.tokens[m].kind == .identifier {
                if file.isWord(m, "dependencies") { readsDependencies = true }
                if file.isWord(m, "addOperation") || file.isWord(m, "addOperations") { adds = true }
            }
            if readsDependencies && adds { declaration.dependencyEnqueuers.insert(file.text(k)) }
            k = close + 1
        }
    }
}
