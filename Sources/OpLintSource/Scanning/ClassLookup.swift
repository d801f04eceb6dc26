import OpLintCore

/// The class table as the second pass asks it: what a class is (an operation, a queue,
/// neither, undeclared) and whether it is a main-actor class are worked out once per name (a
/// walk up the superclass chain with several lookups per step), then remembered. One thread
/// uses it at a time: a worker keeps it from file to file.
final class ClassLookup {
    let table: ClassTable
    @exclusivity(unchecked) private var classifications: [ScanName: ClassTable.Classification] = [:]
    @exclusivity(unchecked) private var mainActorClasses: [ScanName: Bool] = [:]
    @exclusivity(unchecked) private var operationTraits: [ScanName: OperationTraits] = [:]

    /// What an operation of a class is made with: asked at every creation of one, and each a
    /// walk up the superclass chain (over a thousand instructions for `BlockOperation`).
    private struct OperationTraits {
        var isBlockOperation: Bool
        var isAsynchronous: Bool
        var finishes: Bool
    }

    /// The names of the queue methods that add an operation's dependencies too, in any class
    /// (almost always none): a call of another name is not asked about.
    let dependencyEnqueuerNames: Set<String>

    init(_ table: ClassTable) {
        self.table = table
        dependencyEnqueuerNames = table.dependencyEnqueuerNames
    }

    /// What `name` is: an operation class, a queue class, neither, undeclared.
    func classification(_ name: String) -> ClassTable.Classification {
        let key = ScanName(name)
        if let known = classifications[key] { return known }
        let classification = table.classification(of: name)
        classifications[key] = classification
        return classification
    }

    /// Whether `name` is an operation class (`ClassTable.Classification.operation`).
    ///
    /// - Complexity: O(1) hash lookups after the first question about `name`.
    func isOperation(_ name: String) -> Bool { classification(name).contains(.operation) }

    /// Whether `name` is a queue class (`ClassTable.Classification.queue`).
    ///
    /// - Complexity: O(1) hash lookups after the first question about `name`.
    func isQueue(_ name: String) -> Bool { classification(name).contains(.queue) }

    /// `isOperation(name) || isQueue(name)`, with one lookup.
    func isOperationOrQueue(_ name: String) -> Bool { !classification(name).isDisjoint(with: [.operation, .queue]) }

    /// `ClassTable.isMainActor`.
    func isMainActor(_ name: String) -> Bool {
        guard table.hasMainActorClasses else { return false }
        let key = ScanName(name)
        if let known = mainActorClasses[key] { return known }
        let isMainActor = table.isMainActor(name)
        mainActorClasses[key] = isMainActor
        return isMainActor
    }

    /// `ClassTable.isBlockOperation`, worked out once per name.
    func isBlockOperation(_ name: String) -> Bool { operationTraits(name).isBlockOperation }

    /// `ClassTable.traits(of:)`, worked out once per name.
    func traits(of name: String) -> (isAsynchronous: Bool, finishes: Bool) {
        let traits = operationTraits(name)
        return (traits.isAsynchronous, traits.finishes)
    }

    private func operationTraits(_ name: String) -> OperationTraits {
        let key = ScanName(name)
        if let known = operationTraits[key] { return known }
        let (isAsynchronous, finishes) = table.traits(of: name)
        let traits = OperationTraits(isBlockOperation: table.isBlockOperation(name), isAsynchronous: isAsynchronous, finishes: finishes)
        operationTraits[key] = traits
        return traits
    }
    func initialWidth(of name: String) -> ClassDeclaration.InitialWidth? { table.initialWidth(of: name) }
    func initializerEnqueuesSelf(_ name: String, key: String) -> Bool { table.initializerEnqueuesSelf(name, key: key) }
    /// Whether the scanned code declares a type or protocol of this name itself.
    func declaresOwn(_ name: String) -> Bool { table.shadowedNames.contains(name) || table.isDeclared(name) }
    func startReplacement(of name: String) -> (className: String, location: SourceLocation?)? { table.startReplacement(of: name) }
    func factory(_ selector: String, of name: String) -> String? { table.factory(selector, of: name) }
    func returnType(_ selector: String, of name: String) -> String? { table.returnType(selector, of: name) }
    func requires(_ property: String, ofAnyOf protocols: [String], type: String?) -> Bool { table.requires(property, ofAnyOf: protocols, type: type) }
    func cancelsItself(_ method: String, of name: String) -> Bool { table.cancelsItself(method, of: name) }
    func member(_ member: String, of name: String) -> (type: String, owner: String, isComputed: Bool)? { table.member(member, of: name) }
    func dispatchQueue(_ member: String, of name: String) -> Bool? { table.dispatchQueue(member, of: name) }
    func enqueuesDependencies(_ method: String, of name: String) -> Bool { table.enqueuesDependencies(method, of: name) }
    func anyQueueEnqueuesDependencies(_ method: String) -> Bool { table.anyQueueEnqueuesDependencies(method) }
}
