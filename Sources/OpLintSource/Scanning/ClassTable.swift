import OpLintCore

/// What the first pass learns about one class declaration.
public struct ClassDeclaration: Sendable, Equatable {
    public var name: String
    /// The superclass as written (`Operation`, `AsyncOperation`, `NSOperation`), if any.
    public var superclass: String?
    /// Overrides `isAsynchronous` / `isConcurrent` to return true.
    public var overridesAsynchronous = false
    /// Overrides `start`.
    public var overridesStart = false
    /// Its `start` calls `super.start()` / `[super start]`: the superclass's `start` still runs.
    public var startCallsSuper = false
    /// Where its `start` override is.
    public var startLocation: SourceLocation?
    /// Some code in the class shows that it marks the operation finished (S8): `isFinished = true`,
    /// a finished-like state (`state = .finished`, `AFOperationFinishedState`), a KVO change for
    /// `isFinished` (or for a key the scanner cannot read), a call to `finish()` / `completeOperation`.
    public var setsFinished = false
    /// Class methods that return an instance of the class (`+ (instancetype)operationWith…`,
    /// `class func make() -> Self`), by their first selector part, with the return type as written.
    public var factories = [String: String]()
    /// Class methods named as lookups (`getInstance`, `currentSession`) with the type they say
    /// they return: a value of that type, not a new operation or queue.
    public var lookups = [String: String]()
    /// Properties and instance variables with the type they are declared with or created as
    /// (`NSOperationQueue *queue`, `let queue = OperationQueue()`), by name.
    public var members = [String: String]()
    /// The members that are Swift computed properties (`var poll: Operation { … }`): a new
    /// value may come with every read.
    public var computedMembers: Set<String> = []
    /// Declared as a Swift class that inherits from nothing (`class Cache {`).
    public var isRoot = false
    /// Instance methods whose body cancels the operation itself (`[self cancel]`,
    /// `self.cancel()`), true, by their selector or Swift base name: `- (instancetype)timeout:(…)t`
    /// that cancels it from a timer, `func expire()`. A call to one may cancel its receiver.
    /// False for a Swift `override` of a method that neither cancels nor calls `super`'s.
    public var cancellingMethods = [String: Bool]()
    /// The `maxConcurrentOperationCount` an initializer of a queue class sets on the queue it
    /// makes (`override init() { super.init(); maxConcurrentOperationCount = 1 }`).
    public var initialWidth: InitialWidth?
    /// The initializers that add the operation they make to a queue (`queue.addOperation(self)`),
    /// by their first argument label (`queue`, `_`, empty for `init()`) or, in Objective-C, the
    /// first part of their selector (`initWithQueue`).
    public var enqueuingInitializers: Set<String> = []
    /// Declared `@MainActor`: its methods, its extensions' and its subclasses' run on the main thread.
    public var isMainActor = false
    /// Members made as dispatch queues where they are declared (`let queue =
    /// DispatchQueue(label: "…")`, `static let work = DispatchQueue(label: "…", attributes:
    /// .concurrent)`), true for one that may be concurrent, by name.
    public var dispatchQueues = [String: Bool]()
    /// Methods of a queue class (or of an extension of Foundation's queue) that add an
    /// operation's dependencies as well as the operation, by name (`enqueueTree`).
    public var dependencyEnqueuers: Set<String> = []

    /// A width set in an initializer: the count (nil when it is not written as a number) and where.
    public struct InitialWidth: Sendable, Equatable {
        public var count: Int?
        public var location: SourceLocation
    }

    public init(name: String, superclass: String?) {
        self.name = name
        self.superclass = superclass
    }

    /// Whether the declaration adds nothing to what the table knows: no superclass, not a
    /// root class, no overrides, finishing code, factories, members or cancelling methods
    /// (`@implementation Helper` whose methods are none of these). The table answers every
    /// question about a class the same whether or not it holds such a declaration of it.
    var saysNothing: Bool {
        superclass == nil && !isRoot && !overridesAsynchronous && !overridesStart && !startCallsSuper && startLocation == nil
            && !setsFinished && factories.isEmpty && lookups.isEmpty && members.isEmpty && computedMembers.isEmpty && cancellingMethods.isEmpty
            && initialWidth == nil && enqueuingInitializers.isEmpty && !isMainActor && dispatchQueues.isEmpty && dependencyEnqueuers.isEmpty
    }

    /// Folds in another declaration of the same class (an extension, an `@implementation`).
    mutating func merge(_ other: ClassDeclaration) {
        if superclass == nil { superclass = other.superclass }
        overridesAsynchronous = overridesAsynchronous || other.overridesAsynchronous
        overridesStart = overridesStart || other.overridesStart
        startCallsSuper = startCallsSuper || other.startCallsSuper
        if startLocation == nil { startLocation = other.startLocation }
        setsFinished = setsFinished || other.setsFinished
        isRoot = isRoot || other.isRoot
        if initialWidth == nil { initialWidth = other.initialWidth }
        if !other.enqueuingInitializers.isEmpty { enqueuingInitializers.formUnion(other.enqueuingInitializers) }
        isMainActor = isMainActor || other.isMainActor
        // Most declarations have neither; merging an empty dictionary would still allocate.
        if !other.factories.isEmpty { factories.merge(other.factories) { mine, _ in mine } }
        if !other.lookups.isEmpty { lookups.merge(other.lookups) { mine, _ in mine } }
        if !other.members.isEmpty { members.merge(other.members) { mine, _ in mine } }
        if !other.computedMembers.isEmpty { computedMembers.formUnion(other.computedMembers.filter { other.members[$0] == members[$0] }) }
        if !other.cancellingMethods.isEmpty { cancellingMethods.merge(other.cancellingMethods) { mine, theirs in mine || theirs } }
        if !other.dispatchQueues.isEmpty { dispatchQueues.merge(other.dispatchQueues) { mine, _ in mine } }
        if !other.dependencyEnqueuers.isEmpty { dependencyEnqueuers.formUnion(other.dependencyEnqueuers) }
    }
}

/// The types one file declares, in the order it declares them.
struct DeclaredTypes: Sendable, Equatable {
    /// Class declarations, extensions and `@interface` / `@implementation` blocks.
    var classes: [ClassDeclaration] = []
    /// Names of structs, protocols, type aliases and actors, which shadow Foundation's names.
    var shadows: [String] = []
    /// The properties each protocol requires (`var prerequisite: Operation? { get }`).
    var protocolProperties: [(protocol: String, property: String)] = []
    /// Protocols adopted by an extension (`extension Pipeline: Gate {}`) or refined by a
    /// protocol (`protocol Stage: Gate`), by the adopting type or protocol.
    var adoptions: [(type: String, protocol: String)] = []

    static func == (a: DeclaredTypes, b: DeclaredTypes) -> Bool {
        a.classes == b.classes && a.shadows == b.shadows
            && a.protocolProperties.elementsEqual(b.protocolProperties) { $0.protocol == $1.protocol && $0.property == $1.property }
            && a.adoptions.elementsEqual(b.adoptions) { $0.type == $1.type && $0.protocol == $1.protocol }
    }
}

/// Every class declared in the scanned files, to follow subclass chains across files.
public struct ClassTable: Sendable {
    /// Foundation's operation classes.
    static let operationRoots: Set<String> = ["Operation", "NSOperation", "BlockOperation", "NSBlockOperation", "NSInvocationOperation"]
    /// Foundation's queue classes.
    static let queueRoots: Set<String> = ["OperationQueue", "NSOperationQueue"]

    /// The declarations of every class, each name's folded into one, in the order the
    /// names were first met; `indices` finds one by name. A dictionary of the declarations
    /// themselves moved every one of them each time it grew.
    private var declarations: [ClassDeclaration] = []
    private var indices: [String: Int] = [:]
    /// Types declared in the scanned code that are not classes deriving from anything
    /// (`enum Operation`), which shadow Foundation's names.
    public private(set) var shadowedNames: Set<String> = []
    /// Classes that the code uses as operations (passed to `addOperation`, on a side of
    /// `addDependency` with an operation on the other) though no scanned declaration says so.
    public private(set) var usedAsOperations: Set<String> = []
    /// Classes that the code uses as queues (receivers of `addOperation`).
    public private(set) var usedAsQueues: Set<String> = []
    /// The properties each protocol of the scanned code requires, by protocol.
    public private(set) var protocolProperties: [String: Set<String>] = [:]
    /// The protocols extensions adopt and protocols refine, by type or protocol.
    public private(set) var adoptions: [String: Set<String>] = [:]

    public init() {}

    /// Every class declaration, by name.
    public var classes: [String: ClassDeclaration] {
        indices.mapValues { declarations[$0] }
    }

    /// Calls `body` with every class declaration, each name's folded into one.
    func forEachDeclaration(_ body: (ClassDeclaration) -> Void) {
        declarations.forEach(body)
    }

    /// The declaration of the class `name`, every declaration of it folded into one.
    ///
    /// - Complexity: O(1) expected.
    @inline(__always)
    private func lookUp(_ name: String) -> ClassDeclaration? {
        indices[name].map { declarations[$0] }
    }

    /// Whether some class has a method that cancels the operation itself.
    private var hasCancellingMethods = false
    /// Whether some class is declared `@MainActor`, and whether some initializer enqueues the
    /// operation it makes: most code has neither, and is not asked about chains for them.
    private(set) var hasMainActorClasses = false
    private var hasEnqueuingInitializers = false

    mutating func add(_ declaration: ClassDeclaration) {
        noteRareTraits(of: declaration)
        // Merged in place: one lookup, no copy of the existing declaration.
        if let index = indices[declaration.name] {
            declarations[index].merge(declaration)
        } else {
            append(declaration)
        }
    }

    /// Puts `declaration` in place of whatever the table holds for its name: every declaration
    /// of the name, folded again in path order after a file that was passed over turned out to
    /// declare it too.
    mutating func replace(_ declaration: ClassDeclaration) {
        noteRareTraits(of: declaration)
        if let index = indices[declaration.name] {
            declarations[index] = declaration
        } else {
            append(declaration)
        }
    }

    private mutating func append(_ declaration: ClassDeclaration) {
        indices[declaration.name] = declarations.count
        declarations.append(declaration)
    }

    /// Notes the traits few classes have, so that the table is not asked about chains for them
    /// when no class has them.
    private mutating func noteRareTraits(of declaration: ClassDeclaration) {
        if declaration.cancellingMethods.values.contains(true) { hasCancellingMethods = true }
        if declaration.isMainActor { hasMainActorClasses = true }
        if !declaration.enqueuingInitializers.isEmpty { hasEnqueuingInitializers = true }
    }

    mutating func addShadow(_ name: String) {
        shadowedNames.insert(name)
    }

    /// Records what a file's API calls show about classes.
    mutating func addUses(operations: Set<String>, queues: Set<String>) {
        usedAsOperations.formUnion(operations)
        usedAsQueues.formUnion(queues)
    }

    /// Folds in the types one file declares, in their order. Folding files in path order
    /// gives the table that folding their tables would: a declaration's first superclass,
    /// location, factory and member win, and its flags accumulate, whatever the grouping.
    ///
    /// - Complexity: O(*declarations* + *shadows*) hash operations.
    mutating func add(_ types: DeclaredTypes) {
        for declaration in types.classes { add(declaration) }
        for name in types.shadows { shadowedNames.insert(name) }
        for requirement in types.protocolProperties { protocolProperties[requirement.protocol, default: []].insert(requirement.property) }
        for adoption in types.adoptions { adoptions[adoption.type, default: []].insert(adoption.protocol) }
    }

    /// Folds in another file's table.
    public mutating func merge(_ other: ClassTable) {
        for name in other.indices.keys.sorted() {
            if let declaration = other.lookUp(name) { add(declaration) }
        }
        shadowedNames.formUnion(other.shadowedNames)
        protocolProperties.merge(other.protocolProperties) { $0.union($1) }
        adoptions.merge(other.adoptions) { $0.union($1) }
        usedAsOperations.formUnion(other.usedAsOperations)
        usedAsQueues.formUnion(other.usedAsQueues)
    }

    /// The chain from `name` up to its root: `name`, its superclass, … (cycles cut).
    ///
    /// - Complexity: O(depth of the chain).
    func chain(of name: String) -> [String] {
        var result: [String] = []
        // A short chain is searched for a cycle in place; a set is made only for a long one.
        var seen: Set<String> = []
        var current: String? = name
        while let class_ = current {
            if result.count < 16 {
                if result.contains(class_) { break }
            } else {
                if seen.isEmpty { seen = Set(result) }
                guard seen.insert(class_).inserted else { break }
            }
            result.append(class_)
            current = indices[class_].flatMap { declarations[$0].superclass }
        }
        return result
    }

    /// Whether a class of the chain from `name` is in `uses` and none is in `others`.
    private func usedAs(_ uses: Set<String>, not others: Set<String>, _ name: String) -> Bool {
        guard !uses.isEmpty else { return false }
        // A name no file declares is a chain of one: no chain to build.
        guard indices[name] != nil else { return uses.contains(name) && !others.contains(name) }
        let names = chain(of: name)
        return names.contains(where: uses.contains) && !names.contains(where: others.contains)
    }

    /// What the second pass asks about a class, with one walk up its chain.
    struct Classification: OptionSet {
        let rawValue: UInt8
        /// Foundation's operation class, a subclass of one through any chain, or a class the
        /// code uses as an operation (and not as a queue).
        static let operation = Classification(rawValue: 1)
        /// Foundation's queue class, a subclass of one, or a class the code uses as a queue.
        static let queue = Classification(rawValue: 2)
        /// The scanned code declares the class, and its chain ends at a class that is neither
        /// (`NSObject`, a Swift root class, a protocol).
        static let neither = Classification(rawValue: 4)
        /// Nothing declares what the class is: neither the scanned code nor Foundation.
        static let undeclared = Classification(rawValue: 8)
    }

    /// What `name` is: an operation class, a queue class, neither, undeclared.
    func classification(of name: String) -> Classification {
        switch root(of: name) {
        case .operation: return .operation
        case .queue: return .queue
        case .other: return .neither
        case .unknown:
            if usedAs(usedAsOperations, not: usedAsQueues, name) { return [.operation, .undeclared] }
            return usedAs(usedAsQueues, not: usedAsOperations, name) ? [.queue, .undeclared] : .undeclared
        }
    }

    /// Where a superclass chain ends.
    private enum Root {
        /// At Foundation's operation classes.
        case operation
        /// At Foundation's queue classes.
        case queue
        /// At a class known not to be either (`NSObject`).
        case other
        /// At a class no scanned file declares: the uses of the chain's classes decide.
        case unknown
    }

    /// Whether `superclass` is Foundation's class of the name `name`, in either spelling: a
    /// class of the code's own named like Foundation's derives from it (`class Operation:
    /// Foundation.Operation`, or `class Operation: NSOperation` in Swift 2 code).
    static func isFoundationsName(_ superclass: String?, for name: String) -> Bool {
        guard let superclass else { return false }
        if superclass == name { return true }
        return superclass == "NS" + name || "NS" + superclass == name
    }

    /// Classes the chain of an operation or queue never passes through.
    private static let plainRoots: Set<String> = ["NSObject", "NSProxy", "AnyObject"]

    /// - Complexity: O(depth of the chain), at most 64 steps.
    private func root(of name: String) -> Root {
        var current = name
        for _ in 0..<64 {
            // Read in place: a copy of the declaration would retain all its fields.
            let index = indices[current]
            // Foundation's own classes, extended (`extension Operation`) or implemented
            // (`open class Operation : NSObject` in swift-corelibs-foundation, GNUstep's `@interface NSOperation : NSObject`),
            // or a class of the code's own named like one of them that derives from it
            // (`open class Operation: Foundation.Operation`).
            let superclass = index.flatMap { declarations[$0].superclass }
            let isRoot = index.map { declarations[$0].isRoot } ?? false
            let isFoundations = index == nil || (superclass == nil && !isRoot) || superclass == "NSObject" || Self.isFoundationsName(superclass, for: current)
            let isShadowed = !shadowedNames.isEmpty && shadowedNames.contains(current)
            if isFoundations && !isShadowed {
                if Self.operationRoots.contains(current) { return .operation }
                if Self.queueRoots.contains(current) { return .queue }
                if Self.plainRoots.contains(current) { return .other }
            }
            // A protocol, struct or enum (with extensions that look like class bodies) ends a chain.
            if isShadowed { return .other }
            guard index != nil else { return .unknown }
            // `class Name {` in Swift derives from nothing; an extension or `@implementation` says nothing.
            guard let next = superclass else { return isRoot ? .other : .unknown }
            current = next
        }
        return .other
    }

    /// Whether instances of `name` are block operations.
    func isBlockOperation(_ name: String) -> Bool {
        chain(of: name).contains { $0 == "BlockOperation" || $0 == "NSBlockOperation" }
    }

    /// Asynchronous (S8) when a class of the chain overrides `isAsynchronous` and one overrides `start`.
    ///
    /// It never finishes only when the class that runs `start` replaces it without calling
    /// `super`, every class of the chain up to Foundation's is in the scanned code, and none of
    /// them shows any sign of marking the operation finished: in doubt, it finishes.
    func traits(of name: String) -> (isAsynchronous: Bool, finishes: Bool) {
        let names = chain(of: name)
        let declarations = names.compactMap { lookUp($0) }
        let asynchronous = declarations.contains(where: \.overridesAsynchronous) && declarations.contains(where: \.overridesStart)
        guard declarations.contains(where: { $0.overridesStart && !$0.startCallsSuper }) else {
            return (asynchronous, true)
        }
        // Everything above the class whose start runs must be visible, up to Foundation.
        let seenToFoundation = names.dropLast().allSatisfy { indices[$0] != nil }
            && names.last.map { last in
                Self.operationRoots.contains(last) && lookUp(last).map { ($0.superclass == nil && !$0.isRoot) || Self.isFoundationsName($0.superclass, for: last) } ?? true
            } == true
        return (asynchronous, !seenToFoundation || declarations.contains(where: \.setsFinished))
    }

    /// The width a queue class's initializer sets, from `name` or the nearest class of its
    /// chain whose initializer sets one.
    func initialWidth(of name: String) -> ClassDeclaration.InitialWidth? {
        for class_ in chain(of: name) {
            if let index = indices[class_], let width = declarations[index].initialWidth { return width }
        }
        return nil
    }

    /// Whether the scanned code declares a class named `name`.
    func isDeclared(_ name: String) -> Bool { indices[name] != nil }

    /// Whether `name` or a class of its chain is declared `@MainActor`.
    func isMainActor(_ name: String) -> Bool {
        hasMainActorClasses && chain(of: name).contains { class_ in indices[class_].map { declarations[$0].isMainActor } == true }
    }

    /// Whether the initializer `key` of `name` (or of a class of its chain) adds the operation
    /// it makes to a queue: an instance made with it is enqueued where it is made.
    func initializerEnqueuesSelf(_ name: String, key: String) -> Bool {
        hasEnqueuingInitializers && chain(of: name).contains { class_ in indices[class_].map { declarations[$0].enqueuingInitializers.contains(key) } == true }
    }

    /// The class of `name`'s chain whose `start` replaces Foundation's without calling `super`,
    /// with where that `start` is: what to fix when instances never finish.
    func startReplacement(of name: String) -> (className: String, location: SourceLocation?)? {
        for class_ in chain(of: name) {
            guard let declaration = lookUp(class_), declaration.overridesStart else { continue }
            if !declaration.startCallsSuper { return (class_, declaration.startLocation) }
        }
        return nil
    }

    /// Whether a protocol that `type` adopts — one of `protocols` (its declaration's list), one an
    /// extension of it adopts, or one they refine — requires a property named `property`: code
    /// that works with the protocol reads it.
    func requires(_ property: String, ofAnyOf protocols: [String], type: String?) -> Bool {
        guard !protocolProperties.isEmpty else { return false }
        var pending = protocols + (type.flatMap { adoptions[$0] }.map { $0.sorted() } ?? [])
        var seen: Set<String> = []
        while let next = pending.popLast(), seen.count < 256 {
            guard seen.insert(next).inserted else { continue }
            if protocolProperties[next]?.contains(property) == true { return true }
            if let refined = adoptions[next] { pending += refined.sorted() }
        }
        return false
    }

    /// Whether the instance method `method` of `name` (or of a superclass) cancels the
    /// operation it is called on.
    func cancelsItself(_ method: String, of name: String) -> Bool {
        // The nearest class of the chain that says anything about the method decides.
        guard hasCancellingMethods else { return false }
        for class_ in chain(of: name) {
            if let index = indices[class_], let cancels = declarations[index].cancellingMethods[method] { return cancels }
        }
        return false
    }

    /// The return type of the class method `selector` of `name` (or of a superclass), when it is a factory.
    func factory(_ selector: String, of name: String) -> String? {
        for class_ in chain(of: name) {
            if let index = indices[class_], let type = declarations[index].factories[selector] { return type }
        }
        return nil
    }

    /// The type the class method `selector` of `name` (or of a superclass) says it returns,
    /// a factory or a lookup: what a call of it (`Service.getInstance()`) is a value of.
    func returnType(_ selector: String, of name: String) -> String? {
        for class_ in chain(of: name) {
            guard let index = indices[class_] else { continue }
            if let type = declarations[index].factories[selector] ?? declarations[index].lookups[selector] {
                // `+ (instancetype)sharedStore`, `-> Self`: the class it is called on.
                return type == "instancetype" || type == "Self" ? name : type
            }
        }
        return nil
    }

    /// Whether the method `method` of the queue class `name` (or of a superclass, or of an
    /// extension of Foundation's queue) adds an operation's dependencies as well.
    func enqueuesDependencies(_ method: String, of name: String) -> Bool {
        for class_ in chain(of: name) {
            guard let index = indices[class_] else { continue }
            if declarations[index].dependencyEnqueuers.contains(method) { return true }
        }
        return false
    }

    /// The names of every class's methods that add an operation's dependencies too.
    var dependencyEnqueuerNames: Set<String> {
        var names: Set<String> = []
        for declaration in declarations where !declaration.dependencyEnqueuers.isEmpty { names.formUnion(declaration.dependencyEnqueuers) }
        return names
    }

    /// Whether a queue class of the scanned code has a method `method` that adds an
    /// operation's dependencies as well.
    func anyQueueEnqueuesDependencies(_ method: String) -> Bool {
        declarations.contains { $0.dependencyEnqueuers.contains(method) && classification(of: $0.name) == .queue }
    }

    /// Whether the member `member` of `name` (or of a superclass) is made as a dispatch queue
    /// where it is declared, and whether that queue may be concurrent; nil when it is not.
    func dispatchQueue(_ member: String, of name: String) -> Bool? {
        for class_ in chain(of: name) {
            guard let index = indices[class_] else { continue }
            if let concurrent = declarations[index].dispatchQueues[member] { return concurrent }
        }
        return nil
    }

    /// The declared type of property or instance variable `member` of `name` (or of a superclass),
    /// with the class that declares it.
    func member(_ member: String, of name: String) -> (type: String, owner: String, isComputed: Bool)? {
        for class_ in chain(of: name) {
            // Read in place: a copy of the declaration would retain all its fields.
            guard let index = indices[class_] else { continue }
            if let type = declarations[index].members[member] { return (type, class_, declarations[index].computedMembers.contains(member)) }
            if member.hasPrefix("_"), let type = declarations[index].members[String(member.dropFirst())] { return (type, class_, false) }
            if let type = declarations[index].members["_" + member] { return (type, class_, false) }
        }
        return nil
    }
}
