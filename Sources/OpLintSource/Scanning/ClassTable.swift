/// What the first pass learns about one class declaration.
public struct ClassDeclaration: Sendable, Equatable {
    public var name: String
    /// The superclass as written (`Operation`, `AsyncOperation`, `NSOperation`), if any.
    public var superclass: String?
    /// Overrides `isAsynchronous` / `isConcurrent` to return true.
    public var overridesAsynchronous = false
    /// Overrides `start`.
    public var overridesStart = false
    /// Some code in the class marks the operation finished (`isFinished = true`,
    /// `state = .finished`, `_finished = YES`, a KVO notification for `isFinished`).
    public var setsFinished = false

    public init(name: String, superclass: String?) {
        self.name = name
        self.superclass = superclass
    }

    /// Folds in another declaration of the same class (an extension, an `@implementation`).
    mutating func merge(_ other: ClassDeclaration) {
        if superclass == nil { superclass = other.superclass }
        overridesAsynchronous = overridesAsynchronous || other.overridesAsynchronous
        overridesStart = overridesStart || other.overridesStart
        setsFinished = setsFinished || other.setsFinished
    }
}

/// Every class declared in the scanned files, to follow subclass chains across files.
public struct ClassTable: Sendable {
    /// Foundation's operation classes.
    static let operationRoots: Set<String> = ["Operation", "NSOperation", "BlockOperation", "NSBlockOperation", "NSInvocationOperation"]
    /// Foundation's queue classes.
    static let queueRoots: Set<String> = ["OperationQueue", "NSOperationQueue"]

    public private(set) var classes: [String: ClassDeclaration] = [:]
    /// Types declared in the scanned code that are not classes deriving from anything
    /// (`enum Operation`), which shadow Foundation's names.
    public private(set) var shadowedNames: Set<String> = []

    public init() {}

    mutating func add(_ declaration: ClassDeclaration) {
        if var existing = classes[declaration.name] {
            existing.merge(declaration)
            classes[declaration.name] = existing
        } else {
            classes[declaration.name] = declaration
        }
    }

    mutating func addShadow(_ name: String) {
        shadowedNames.insert(name)
    }

    /// Folds in another file's table.
    public mutating func merge(_ other: ClassTable) {
        for name in other.classes.keys.sorted() {
            if let declaration = other.classes[name] { add(declaration) }
        }
        shadowedNames.formUnion(other.shadowedNames)
    }

    /// The chain from `name` up to its root: `name`, its superclass, … (cycles cut).
    ///
    /// - Complexity: O(depth of the chain).
    func chain(of name: String) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        var current: String? = name
        while let class_ = current, seen.insert(class_).inserted {
            result.append(class_)
            current = classes[class_]?.superclass
        }
        return result
    }

    /// Whether `name` is an operation class: Foundation's, or a subclass of one through any chain.
    func isOperation(_ name: String) -> Bool {
        reaches(Self.operationRoots, from: name)
    }

    /// Whether `name` is a queue class.
    func isQueue(_ name: String) -> Bool {
        reaches(Self.queueRoots, from: name)
    }

    /// Whether the superclass chain from `name` reaches one of Foundation's `roots` (not redeclared in the scanned code).
    ///
    /// - Complexity: O(depth of the chain), at most 64 steps, no allocation.
    private func reaches(_ roots: Set<String>, from name: String) -> Bool {
        var current = name
        for _ in 0..<64 {
            if roots.contains(current) && classes[current] == nil && !shadowedNames.contains(current) { return true }
            guard let next = classes[current]?.superclass else { return false }
            current = next
        }
        return false
    }

    /// Whether instances of `name` are block operations.
    func isBlockOperation(_ name: String) -> Bool {
        chain(of: name).contains { $0 == "BlockOperation" || $0 == "NSBlockOperation" }
    }

    /// Asynchronous (S8) when a class of the chain overrides `isAsynchronous` and one overrides `start`;
    /// finishing when a class of the chain marks it finished.
    func traits(of name: String) -> (isAsynchronous: Bool, finishes: Bool) {
        let declarations = chain(of: name).compactMap { classes[$0] }
        let asynchronous = declarations.contains(where: \.overridesAsynchronous) && declarations.contains(where: \.overridesStart)
        let finishes = !asynchronous || declarations.contains(where: \.setsFinished)
        return (asynchronous, finishes)
    }
}
