import OpLintCore

/// An operation or a queue found while scanning one file, before it has its final name.
struct Entity {
    enum Kind { case operation, queue }

    var kind: Kind
    /// The variable, property or made-up name (`fetch`, `queue`, `block1`).
    var variable: String
    /// The enclosing type (`ImageLoader`), if any.
    var typeName: String?
    /// The enclosing function (`load(_:)`), if any; nil for properties.
    var function: String?
    /// The name an annotation gives it; final and global.
    var explicitName: String?
    var location: SourceLocation
    /// Token index of the creation, for the order of operations in the graph.
    var order: Int

    // Operations.
    var operationKind: OperationGraph.Operation.Kind = .block
    /// The class it is an instance of (`BlockOperation`, `DownloadOperation`).
    var className: String?
    var count = 1
    var isAsynchronous = false
    var finishes = true
    var isBarrier = false
    var queue: Target?
    /// Token index of the first enqueue or manual start.
    var enqueueOrder: Int?
    /// Where it is first enqueued or started.
    var enqueuedAt: SourceLocation?
    /// That first enqueue is in a closure that runs later than the code around it.
    var enqueuedInClosure = false
    /// Cancelled by the code that adds it to its queue (`[queue addOperation:op]; [op cancel];`),
    /// before the queue can start it: where, and how long after that code runs (0, or the delay
    /// given to a method that cancels from a timer, `[op timeout:60 * NSEC_PER_SEC]`).
    var cancelledWhereAdded: (location: SourceLocation, delay: Double)? {
        get { rare.box?.fields.cancelledWhereAdded }
        set { rare.set(\.cancelledWhereAdded, newValue) }
    }
    var startedManually = false
    var priority: QueuePriority?
    var qualityOfService: QualityOfService?
    /// Where the operation was handed to code the scanner cannot follow (returned, passed on).
    var escape: SourceLocation?
    /// Added to a queue the scanner cannot follow (`[[self queue] addOperation:op]`): enqueued
    /// all the same, on a queue of unknown settings.
    var enqueuedOnUnknownQueue = false
    /// Added to its queue after the code that made the queue suspended it, having added
    /// others before: added in the graph just after the suspension (`suspendedAfterFilling`).
    var addedAfterSuspension = false
    /// Made from a variable or property once an API call showed what it holds; a creation later
    /// assigned to the same variable or property becomes this entity.
    var isPlaceholder = false
    /// `Type.property` for a queue or operation held by a property: every file's entity for
    /// it (the one it is declared with, those its uses stand for) is one queue or operation.
    var mergeKey: String?
    /// For an operation that never finishes: the class whose `start` never marks it finished, and where.
    var unfinishedClass: (name: String, location: SourceLocation?)? {
        get { rare.box?.fields.unfinishedClass }
        set { rare.set(\.unfinishedClass, newValue) }
    }

    // Queues.
    var maxConcurrentOperationCount: Int?
    var isSuspended: Bool?
    /// Where the code that made the queue suspended it after adding operations to it, when it
    /// adds more after that: the ones added before may have started (S15).
    var suspendedAfterFilling: SourceLocation?
    var isMain = false

    /// Settings stated by an annotation; they win over inference.
    var annotation: AnnotationSettings? {
        get { rare.box?.fields.annotation }
        set { rare.set(\.annotation, newValue) }
    }

    /// What most entities never set, out of line: inline, these fields made an entity some
    /// 540 bytes, copied at every append to a file's list.
    private var rare = OutOfLine<RareFields>()

    /// The fields of `rare`.
    private struct RareFields: BlankFields {
        var cancelledWhereAdded: (location: SourceLocation, delay: Double)?
        var unfinishedClass: (name: String, location: SourceLocation?)?
        var annotation: AnnotationSettings?
    }

    init(kind: Kind, variable: String, location: SourceLocation, order: Int) {
        self.kind = kind
        self.variable = variable
        self.location = location
        self.order = order
    }
}

/// An operation or queue referred to by a scan: an entity of the file, or a name from an annotation.
enum Target: Hashable {
    case entity(Int)
    case name(String)
}

/// What a variable holds, as far as the scanner can tell.
enum Binding: Equatable {
    /// One operation or queue.
    case entity(Int)
    /// Several operations (an array, the operations built in a loop).
    case list([Int])
    /// Something else, with its declared type if written (`Target`, `Operation`).
    case value(String?)
    /// A value the scanner does not follow (a call result, a property set elsewhere), with its
    /// declared type if written and the token where it was declared or assigned: an operation
    /// or a queue once an API call shows it is one.
    case obtained(String?, Int)
}

/// A region of code between braces (or `@implementation … @end`).
struct Scope {
    enum Kind: Equatable {
        case file
        case type(String)
        case function(String)
        case closure
        case block
        case loop

        /// A type's body or the file's level: declarations, not code that runs.
        var isTypeOrFile: Bool {
            switch self {
            case .file, .type: return true
            default: return false
            }
        }
    }

    /// What a closure is known to be.
    enum Role {
        /// The body of an operation (a `BlockOperation` block, `addOperation { }`).
        case operationBody(Int)
        /// A block run on the main thread (`DispatchQueue.main.async { }`).
        case mainThread(String)
        /// A block run on a dispatch queue, written as `text`.
        case dispatchQueue(String, SourceLocation)
        /// A closure that runs synchronously, once per element (`forEach`, `map`).
        case iteration(count: Int?)
        /// The initializer closure of a property (`lazy var queue: OperationQueue = { … }()`).
        case propertyInitializer(String)
    }

    var kind: Kind
    /// Token index of the closing brace (or `end` of `@end`).
    var close: Int
    var id: Int
    var locals = [ScanName: Binding]()
    /// The token that starts a loop statement (`for`, `while`, `repeat`; the `{` of a closure
    /// run once per element): its header is read before its body.
    var loopStart = -1
    /// A `for` loop (over a collection or a C range), not `while`/`repeat`, whose condition
    /// may stop it after one pass, nor a closure run per element.
    var isForLoop = false
    /// Code that runs after the code around it, not where it is written: a completion block,
    /// a block sent with `async`, a `defer` block.
    var runsLater = false
    /// Token index of the opening brace (or keyword); code before it was read outside this scope.
    var open = -1
    /// A `switch` body: each `case` starts another path.
    var isSwitch = false
    /// In a `switch` body: the straight-line identity of the case being read, new at each
    /// `case` / `default` label (one case never runs after another).
    var caseID: Int?
    /// The rest of the scope runs off the main thread: a branch before it ran only on the main
    /// thread and left the body (`guard !Thread.isMainThread else { return }`).
    var offTheMainThreadFromHere = false
    /// The rest of the scope runs only where a test of the current queue sent it: a branch
    /// before it tested the queue and left the body (`if (dispatch_get_specific(key)) {
    /// block(); return; }`).
    var queueCheckedFromHere = false
    /// A block that runs on some paths only (`if`, `else`, `guard … else`, `switch`, `catch`);
    /// loops and closures are such code whatever this says (`mayBeSkipped`).
    var isBranch = false
    /// What most scopes never set, out of line: a scope is moved onto the list of open
    /// scopes, off it, and read in place at every token, and with these fields inline it was
    /// some 300 bytes with a dozen references.
    private var rare = OutOfLine<RareFields>()

    /// The fields of `rare`.
    private struct RareFields: BlankFields {
        var conformances: [String] = []
        var role: Role?
        var mainThreadReason: String?
        var loopCount: Int?
        var loopLocation: SourceLocation?
        var collectInto: (scope: Int, name: String)?
        var caseBindings: [(name: String, previous: Binding?)] = []
        var branchID: Int?
        var exclusiveBranch: Int?
        var chainGroup: Int?
    }

    /// For a Swift type: the names after the `:` of its declaration (its superclass and protocols).
    var conformances: [String] {
        get { rare.box?.fields.conformances ?? [] }
        _modify { yield &rare.writable.conformances }
    }
    var role: Role? {
        get { rare.box?.fields.role }
        set { rare.set(\.role, newValue) }
    }
    /// Why code in this function runs on the main thread (`@MainActor`, `viewDidLoad`).
    var mainThreadReason: String? {
        get { rare.box?.fields.mainThreadReason }
        set { rare.set(\.mainThreadReason, newValue) }
    }
    /// The literal number of iterations of a loop; nil when unknown.
    var loopCount: Int? {
        get { rare.box?.fields.loopCount }
        set { rare.set(\.loopCount, newValue) }
    }
    /// Where a loop starts, for the note about an unknown count.
    var loopLocation: SourceLocation? {
        get { rare.box?.fields.loopLocation }
        set { rare.set(\.loopLocation, newValue) }
    }
    /// Operations created in an iteration closure whose results become a list (`map`).
    var collectInto: (scope: Int, name: String)? {
        get { rare.box?.fields.collectInto }
        set { rare.set(\.collectInto, newValue) }
    }
    /// In a `switch` body: the names the current case's pattern binds, with what each held
    /// before it (restored at the next label).
    var caseBindings: [(name: String, previous: Binding?)] {
        get { rare.box?.fields.caseBindings ?? [] }
        _modify { yield &rare.writable.caseBindings }
    }
    /// In a branch of `#if` … `#endif`: the straight-line identity of the branch being read,
    /// new at each `#elseif` / `#else` (one build compiles one branch).
    var branchID: Int? {
        get { rare.box?.fields.branchID }
        set { rare.set(\.branchID, newValue) }
    }
    /// In an arm of an `if` … `else` chain: the arm's identity (one run of the code takes one arm).
    var exclusiveBranch: Int? {
        get { rare.box?.fields.exclusiveBranch }
        set { rare.set(\.exclusiveBranch, newValue) }
    }
    /// The chain an `if` or `else` arm belongs to, shared by its arms and continued by an
    /// `else` that follows it.
    var chainGroup: Int? {
        get { rare.box?.fields.chainGroup }
        set { rare.set(\.chainGroup, newValue) }
    }

    init(kind: Kind, close: Int, id: Int) {
        self.kind = kind
        self.close = close
        self.id = id
    }

    /// Whether code in the scope may not run when the code around it does: a branch, a loop
    /// (none or several times), a closure (later, or never).
    var mayBeSkipped: Bool {
        switch kind {
        case .loop, .closure: return true
        case .block: return isBranch
        case .function, .type, .file: return false
        }
    }

    /// Whether the scope starts a new stretch of straight-line code (a function or a closure
    /// that may run at another time).
    var isBodyBoundary: Bool {
        switch kind {
        case .function, .type, .file: return true
        case .closure:
            if case .iteration = role { return false }
            return true
        case .block, .loop: return false
        }
    }
}
