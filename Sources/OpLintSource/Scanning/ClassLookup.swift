import OpLintCore

/// The class table as the second pass asks it: whether a class is an operation or a queue is
/// worked out once per name (a walk up the superclass chain with several lookups per step),
/// then remembered. One thread uses it at a time: a worker keeps it from file to file.
final class ClassLookup {
    let table: ClassTable
    /// Bit 0: an operation class; bit 1: a queue class; bit 2: known.
    @exclusivity(unchecked) private var kinds: [String: UInt8] = [:]

    init(_ table: ClassTable) {
        self.table = table
    }

    private func kind(_ name: String) -> UInt8 {
        if let kind = kinds[name] { return kind }
        let kind: UInt8 = 4 | table.kind(of: name)
        kinds[name] = kind
        return kind
    }

    /// `ClassTable.isOperation`.
    ///
    /// - Complexity: O(1) hash lookups after the first question about `name`.
    func isOperation(_ name: String) -> Bool { kind(name) & 1 != 0 }

    /// `ClassTable.isQueue`.
    ///
    /// - Complexity: O(1) hash lookups after the first question about `name`.
    func isQueue(_ name: String) -> Bool { kind(name) & 2 != 0 }

    func isNeither(_ name: String) -> Bool { table.isNeither(name) }
    func isUndeclared(_ name: String) -> Bool { table.isUndeclared(name) }
    func isBlockOperation(_ name: String) -> Bool { table.isBlockOperation(name) }
    func traits(of name: String) -> (isAsynchronous: Bool, finishes: Bool) { table.traits(of: name) }
    func initialWidth(of name: String) -> ClassDeclaration.InitialWidth? { table.initialWidth(of: name) }
    func initializerEnqueuesSelf(_ name: String, key: String) -> Bool { table.initializerEnqueuesSelf(name, key: key) }
    func isMainActor(_ name: String) -> Bool { table.isMainActor(name) }
    /// Whether the scanned code declares a type or protocol of this name itself.
    func declaresOwn(_ name: String) -> Bool { table.shadowedNames.contains(name) || table.isDeclared(name) }
    func startReplacement(of name: String) -> (className: String, location: SourceLocation?)? { table.startReplacement(of: name) }
    func factory(_ selector: String, of name: String) -> String? { table.factory(selector, of: name) }
    func requires(_ property: String, ofAnyOf protocols: [String], type: String?) -> Bool { table.requires(property, ofAnyOf: protocols, type: type) }
    func cancelsItself(_ method: String, of name: String) -> Bool { table.cancelsItself(method, of: name) }
    func member(_ member: String, of name: String) -> (type: String, owner: String, isComputed: Bool)? { table.member(member, of: name) }
}
