import OpLintCore

/// The class table as the second pass asks it: what a class is (an operation, a queue,
/// neither, undeclared) and whether it is a main-actor class are worked out once per name (a
/// walk up the superclass chain with several lookups per step), then remembered. One thread
/// uses it at a time: a worker keeps it from file to file.
final class ClassLookup {
    let table: ClassTable
    @exclusivity(unchecked) private var classifications: [ScanName: ClassTable.Classification] = [:]
    @exclusivity(unchecked) private var mainActorClasses: [ScanName: Bool] = [:]

    init(_ table: ClassTable) {
        self.table = table
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

    func isBlockOperation(_ name: String) -> Bool { table.isBlockOperation(name) }
    func traits(of name: String) -> (isAsynchronous: Bool, finishes: Bool) { table.traits(of: name) }
    func initialWidth(of name: String) -> ClassDeclaration.InitialWidth? { table.initialWidth(of: name) }
    func initializerEnqueuesSelf(_ name: String, key: String) -> Bool { table.initializerEnqueuesSelf(name, key: key) }
    /// Whether the scanned code declares a type or protocol of this name itself.
    func declaresOwn(_ name: String) -> Bool { table.shadowedNames.contains(name) || table.isDeclared(name) }
    func startReplacement(of name: String) -> (className: String, location: SourceLocation?)? { table.startReplacement(of: name) }
    func factory(_ selector: String, of name: String) -> String? { table.factory(selector, of: name) }
    func requires(_ property: String, ofAnyOf protocols: [String], type: String?) -> Bool { table.requires(property, ofAnyOf: protocols, type: type) }
    func cancelsItself(_ method: String, of name: String) -> Bool { table.cancelsItself(method, of: name) }
    func member(_ member: String, of name: String) -> (type: String, owner: String, isComputed: Bool)? { table.member(member, of: name) }
}
