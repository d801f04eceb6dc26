import OpLintCore

/// The second pass over one file: follows variables, properties and API calls inside each
/// body and records operations, queues, edges, waits and the facts of `SourceFacts`.
///
/// One walk over the tokens with an explicit stack of scopes; no recursion.
///
/// A scanner belongs to one thread for its whole run, so its stored properties are
/// `@exclusivity(unchecked)`: the runtime's dynamic access checks were 12% of the pass.
final class FileScanner {
    let file: SourceFile
    let classes: ClassLookup
    /// What the file's API calls show about its names (the first pass).
    let uses: UsageEvidence
    @exclusivity(unchecked) var scan: FileScan
    @exclusivity(unchecked) var scopes: [Scope] = []
    @exclusivity(unchecked) var nextScopeID = 0
    /// Variables of outer scopes assigned in a scope that may not run, by that scope's id.
    @exclusivity(unchecked) var branchAssignments: [IndexKey: [BranchAssignment]] = [:]
    /// Properties of each type: type name → property name → what it holds.
    @exclusivity(unchecked) var properties: [ScanName: [ScanName: Binding]] = [:]
    /// Roles of closures not yet entered, by the token index of their `{`.
    @exclusivity(unchecked) var closureRoles: [IndexKey: Scope.Role] = [:]
    /// Entities already created for a creation expression, by its first token index.
    @exclusivity(unchecked) var creationCache: [IndexKey: Int] = [:]
    /// Identifier tokens read as part of a recognised pattern (not an escape).
    @exclusivity(unchecked) var consumed: TokenMarks
    /// Numbering of anonymous operations per function.
    @exclusivity(unchecked) var anonymousCounters: [String: Int] = [:]
    /// Where each entity was enqueued or started: the straight-line scope and the location.
    @exclusivity(unchecked) var enqueueRecords: [IndexKey: [(scope: Int, location: SourceLocation, queue: Int?)]] = [:]
    /// Scopes in which an operation is known to have finished (waited for, started synchronously).
    @exclusivity(unchecked) var finishedIn: [IndexKey: [Int]] = [:]
    /// Scopes in which a queue was waited for.
    @exclusivity(unchecked) var queueWaitedIn: [IndexKey: [Int]] = [:]
    /// The straight-line scope each queue was created in (not for queues first met through a use).
    @exclusivity(unchecked) var queueMadeIn: [IndexKey: Int] = [:]
    /// Scopes in which a queue was suspended away from its creation, with nothing added after
    /// it there yet: the suspension holds back operations only once some are added after it.
    @exclusivity(unchecked) var suspendedIn: [IndexKey: [Int]] = [:]
    /// Queues suspended by the code that made them after it added operations to them: the
    /// straight-line scope and where.
    @exclusivity(unchecked) var suspendedAfterFillingIn: [IndexKey: (scope: Int, location: SourceLocation)] = [:]
    /// Instance variables that `@synthesize queue = myQueue;` gives a property, by the class
    /// whose `@implementation` says so: each is the property's own instance variable (`myQueue`
    /// as `_queue`).
    @exclusivity(unchecked) var synthesizedIvars: [String: [String: String]] = [:]
    /// Names an `if case` / `while case` pattern binds, by the token of its `if` or `while`:
    /// they belong to the body, bound when its `{` opens.
    @exclusivity(unchecked) var conditionBindings: [IndexKey: [(name: String, value: Binding)]] = [:]
    /// Scopes in which operations were added to a queue.
    @exclusivity(unchecked) var queueFilledIn: [IndexKey: [Int]] = [:]
    /// Where the operations made in a `map` closure go, by the token index of its `{`.
    @exclusivity(unchecked) var collectTargets: [IndexKey: (scope: Int, name: String)] = [:]
    /// An annotation directly above the declaration on `line` names what it declares.
    @exclusivity(unchecked) var pendingDeclaration: (line: Int32, entity: Int)?
    /// `list.forEach { … }`: the list its parameter stands for, by the token index of its `{`.
    @exclusivity(unchecked) var collectParameters: [IndexKey: Binding] = [:]
    /// The number of enqueues and manual starts so far, for the order of operations.
    @exclusivity(unchecked) var enqueueSequence = 0
    /// Every name that was ever bound to an operation or queue (a quick filter for `reference`).
    @exclusivity(unchecked) var boundNames: Set<ScanName> = []
    /// Waits made in `main()` / `start()` of an operation subclass: (class, target, is a queue, where).
    @exclusivity(unchecked) var classWaits: [(type: String, target: Int, isQueue: Bool, location: SourceLocation)] = []
    /// The entity of `OperationQueue.main` in this file, once referred to.
    @exclusivity(unchecked) var mainQueueEntity: Int?
    /// A bit per (first byte, last byte) of the names in `boundNames`, to skip most identifiers without hashing.
    @exclusivity(unchecked) var boundFilter = NameFilter()
    /// Entities made for values the scanner did not follow, by the token where the value was declared or assigned.
    @exclusivity(unchecked) var materializedAt: [IndexKey: Int] = [:]
    /// Operations a variable may hold instead of a value the scanner did not follow, by that
    /// value's token: `op = [[A alloc] init]` in one branch, `op = [self makeOperation]` in the other.
    @exclusivity(unchecked) var heldOnOtherPaths: [IndexKey: [Int]] = [:]
    /// Tokens of variables assigned `nil` (`pending = nil`), whose value is no operation or queue.
    @exclusivity(unchecked) var nilAssignments: Set<IndexKey> = []
    /// Name tokens of property declarations, with the type that declares them.
    @exclusivity(unchecked) var propertyDeclarations: [IndexKey: String] = [:]
    /// Methods the file calls only straight from main-thread methods, with the caller, once asked.
    @exclusivity(unchecked) var mainThreadCallers: [String: String]?
    /// The names the file has assigned a test of the main thread to so far (nil: none).
    @exclusivity(unchecked) var threadTestVariables: Set<String>?
    /// What the file's function or method of each name makes (a concurrent queue, a queue, or
    /// neither: nil), once asked.
    @exclusivity(unchecked) var queueHelpers: [String: DispatchQueueKind?] = [:]
    /// Queues that the file's methods return, by method name (`sharedQueue`, `imageQueue()`).
    @exclusivity(unchecked) var queueReturnedBy: [String: Int] = [:]
    /// Names this file declares as Swift enums (`enum Operation { case add }`): not
    /// Foundation's classes here, wherever the enum is declared in the file.
    let enumNames: Set<String>
    /// `DispatchQueue.main.sync` in the block of an operation, by that operation: a
    /// self-deadlock once the operation is found to run on the main queue.
    @exclusivity(unchecked) var mainSyncsInOperations: [(operation: Int, sync: SourceFacts.SelfSync)] = []
    /// `DispatchQueue.main.sync` in `main()` or `start()` of an operation subclass, by that
    /// class: a self-deadlock for each instance the file adds to the main queue.
    @exclusivity(unchecked) var mainSyncsInSubclasses: [(type: String, sync: SourceFacts.SelfSync)] = []
    /// Closures known to run after the code around them (blocks sent with `async`), by the
    /// token index of their `{`.
    @exclusivity(unchecked) var laterClosures: Set<Int> = []
    /// Cancels of operations not yet enqueued there: the straight-line scope and where.
    @exclusivity(unchecked) var cancelledIn: [IndexKey: [(scope: Int, location: SourceLocation, delay: Double)]] = [:]
    /// The scopes in which each operation is the receiver of a method the scanner does not follow.
    @exclusivity(unchecked) var handedOnIn: [IndexKey: [Int]] = [:]
    /// The group of each `#if` branch, by branch identity: branches of one group exclude each other.
    @exclusivity(unchecked) var branchGroups: [IndexKey: Int] = [:]
    /// The `}` of the last `if` or `else` arm left, with its chain: an `else` right after it continues the chain.
    @exclusivity(unchecked) var lastLeftArm: (close: Int, group: Int)?
    /// Whether each Swift `switch` whose case added a dependency has a `fallthrough`, by the `switch` body's scope id.
    @exclusivity(unchecked) var switchFallsThrough: [IndexKey: Bool] = [:]
    /// Whether each Objective-C body that runs an `if` chain has a `goto`, by its opening token.
    @exclusivity(unchecked) var bodiesWithGoto: [IndexKey: Bool] = [:]
    /// The branches each dependency added inside branches was added in, by its index in `scan.edges`.
    @exclusivity(unchecked) var edgeBranches: [IndexKey: [ExclusiveBranch]] = [:]
    /// What each loop's walk found, by the loop's scope id (`loopRepeating`).
    @exclusivity(unchecked) var loopFacts: [IndexKey: LoopFacts] = [:]
    /// The enclosing type's name as a key, with the id of its scope: hashed once per type body.
    @exclusivity(unchecked) var typeKeyMemo: (scope: Int, key: ScanName)?
    /// The bytes of the signature `swiftSignature` is making, kept from one function to the next.
    @exclusivity(unchecked) var signatureBytes: [UInt8] = []
    /// The expectations of each body in which XCTest waits, by the body's scope id (`expectationWait(at:)`).
    @exclusivity(unchecked) var bodyExpectations: [IndexKey: BodyExpectations] = [:]
    /// The `#if` groups being read, innermost last.
    @exclusivity(unchecked) var conditionals: [ConditionalGroup] = []

    convenience init(file: SourceFile, classes: ClassTable, uses: UsageEvidence = UsageEvidence()) {
        self.init(file: file, classes: ClassLookup(classes), uses: uses)
    }

    /// A scanner asking `classes`, which one thread may keep from file to file: what it has
    /// worked out about a class holds for every file of the extraction.
    init(file: SourceFile, classes: ClassLookup, uses: UsageEvidence = UsageEvidence()) {
        self.file = file
        self.classes = classes
        self.uses = uses
        self.scan = FileScan(path: file.path)
        self.consumed = TokenMarks(count: file.tokens.count)
        self.enumNames = Self.enumNames(in: file)
    }

    /// Runs the pass.
    ///
    /// - Complexity: O(*tokens* × depth of scopes) in the worst case; O(*tokens*) in practice.
    func run() -> FileScan {
        scopes = [Scope(kind: .file, close: Int.max, id: newScopeID())]
        let tokens = file.tokens
        var i = 0
        while i < tokens.count {
            // The innermost scope's close, read without copying the scope.
            while scopes.count > 1, case let close = scopes[scopes.count - 1].close, i >= close {
                leaveScope()
                if i == close {
                    // The closing token belongs to the scope just left.
                    i += 1
                    if i >= tokens.count { break }
                }
            }
            guard i < tokens.count else { break }
            if tokens[i].kind == .directive, let next = conditionalCompilation(at: i) {
                // A branch no build compiles: reading goes on at the directive that ends it.
                i = next
                continue
            }
            switch tokens[i].kind {
            case .identifier: visitName(at: i)
            case .punctuation: visitPunctuation(at: i)
            case .annotation: annotation(at: i)
            default: break
            }
            i += 1
        }
        finish()
        return scan
    }

    /// The punctuation the pass handles: `{`, `=`, in Objective-C `[`, `@`, `*`, and in Swift the
    /// `#` of `#selector`. Inlined in
    /// the walk over the tokens: half of them are other punctuation, strings or numbers, and
    /// pass with no call.
    @inline(__always)
    private func visitPunctuation(at i: Int) {
        switch file.bytes[Int(file.tokens[i].start)] {
        case UInt8(ascii: "{"): enterBrace(at: i)
        case UInt8(ascii: "="): assignment(at: i)
        case UInt8(ascii: "[") where file.language == .objectiveC: message(at: i)
        case UInt8(ascii: "@") where file.language == .objectiveC: objectiveCKeyword(at: i)
        case UInt8(ascii: "*") where file.language == .objectiveC: declarationWithoutValue(at: i)
        case UInt8(ascii: "#") where file.language == .swift && file.isWord(i + 1, "selector"): selectorName(after: i + 2)
        default: break
        }
    }

    /// A name, by what it is and what comes around it.
    private func visitName(at i: Int) {
        if scopes[scopes.count - 1].isSwitch, isCaseLabel(i) {
            // Each case of a `switch` is code of its own: what one case did, the next did not see.
            scopes[scopes.count - 1].caseID = newScopeID()
            bindCaseLabel(at: i)
        }
        if file.isPunct(i - 1, ".") && !file.isPunct(i - 2, ".") {
            member(at: i)
        } else if file.language == .objectiveC && file.isPunct(i + 1, "(") && (file.isWord(i, "dispatch_sync") || file.isWord(i, "dispatch_async")) {
            dispatchFunction(at: i)
        } else if file.isWord(i, "return") {
            returnStatement(at: i)
        } else if file.isPunct(i + 1, "("), file.isWord(i, "dispatchPrecondition") || file.isWord(i, "dispatch_assert_queue_not") {
            assertsOffTheMainQueue(at: i)
        } else if implicitSelfCall(at: i) {
            // Read as a call on `self`.
        } else if file.language == .swift ? (file.isWord(i, "var") || file.isWord(i, "let")) : file.isWord(i, "id") {
            declarationWithoutValue(at: i)
        } else {
            if file.language == .swift, isExpectationWait(i), file.isPunct(i + 1, "("), !file.isWord(i - 1, "func") { expectationWait(at: i) }
            reference(at: i)
        }
    }

    static func enumNames(in file: SourceFile) -> Set<String> {
        guard file.language == .swift else { return [] }
        var names: Set<String> = []
        // The bytes `enum` are searched for, not every token tested: each place they start is
        // looked up among the tokens' starts, and is the keyword when a token of four bytes
        // starts there (`enumerated`, a string or a comment are not).
        file.forEachOccurrence(of: "enum") { offset in
            for k in file.tokensStarting(at: offset) where file.isWord(k, "enum") && file.isIdentifier(k + 1) {
                names.insert(file.text(k + 1))
            }
            return true
        }
        return names
    }

    /// Remembers that `name` may hold an operation or queue.
    func noteBound(_ name: String) {
        noteBound(ScanName(name))
    }

    /// Remembers that `name` may hold an operation or queue.
    func noteBound(_ name: ScanName) {
        if boundNames.insert(name).inserted { boundFilter.insert(name.text) }
    }

    func newScopeID() -> Int {
        nextScopeID += 1
        return nextScopeID
    }

    /// Opens the scope `scope` describes (a new value: moved into the list).
    func push(_ scope: consuming Scope) {
        scopes.append(scope)
    }

    /// Opens `scope`, a variable built up field by field, by swapping it with a blank scope
    /// put on the list: passed as a value, it was copied (its references retained) and the
    /// variable then destroyed. `scope` is left blank.
    func push(_ scope: inout Scope) {
        scopes.append(Scope(kind: .block, close: 0, id: 0))
        swap(&scope, &scopes[scopes.count - 1])
    }

    // MARK: Context

    /// The name of the enclosing type, if any.
    var currentType: String? {
        let scopes = self.scopes
        for index in scopes.indices.reversed() { if case .type(let name) = scopes[index].kind { return name } }
        return nil
    }

    /// `currentType` as a key, hashed once for each type body rather than at each lookup.
    var currentTypeKey: ScanName? {
        for index in scopes.indices.reversed() {
            guard case .type(let name) = scopes[index].kind else { continue }
            let id = scopes[index].id
            if let memo = typeKeyMemo, memo.scope == id { return memo.key }
            let key = ScanName(name)
            typeKeyMemo = (id, key)
            return key
        }
        return nil
    }

    /// The superclass and protocols of the enclosing type, as its declaration names them.
    var currentConformances: [String] {
        for index in scopes.indices.reversed() { if case .type = scopes[index].kind { return scopes[index].conformances } }
        return []
    }

    /// The name of the enclosing function, if any.
    var currentFunction: String? {
        for index in scopes.indices.reversed() {
            if case .function(let name) = scopes[index].kind { return name }
            if case .type = scopes[index].kind { return nil }
        }
        return nil
    }

    /// Whether the innermost scope is a type body (declarations there are properties).
    var atTypeLevel: Bool {
        if case .type = scopes.last?.kind { return true }
        return false
    }

    /// The ids of the scopes of the current straight-line code, innermost first.
    var straightLineScopes: [Int] {
        var result: [Int] = []
        // Fields read in place: a copy of each scope would retain all its references.
        for index in scopes.indices.reversed() {
            if let branch = scopes[index].branchID { result.append(branch) }
            result.append(scopes[index].caseID ?? scopes[index].id)
            if scopes[index].isBodyBoundary { break }
        }
        return result
    }

    /// When this code is in a `defer` block of the code around it (it runs when that code
    /// leaves its scope, after whatever is written below it): the tokens below the block to the
    /// end of that code.
    var codeAfterDefer: Range<Int>? {
        for index in scopes.indices.reversed() {
            let scope = scopes[index]
            if scope.kind == .block && scope.runsLater {
                let end = scopes[..<index].last(where: \.isBodyBoundary)?.close ?? file.tokens.count
                return (scope.close + 1)..<max(scope.close + 1, min(end, file.tokens.count))
            }
            if scope.isBodyBoundary { break }
        }
        return nil
    }

    /// The operation whose code this is, when it runs inside an operation's block.
    var operationContext: Int? {
        for scope in scopes.reversed() {
            switch scope.kind {
            case .block, .loop: continue
            case .closure:
                switch scope.role {
                case .operationBody(let id): return id
                case .iteration: continue
                default: return nil
                }
            default: return nil
            }
        }
        return nil
    }

    /// The operation subclass whose `main()` or `start()` this code is in, if any.
    var subclassBodyContext: String? {
        for (index, scope) in scopes.enumerated().reversed() {
            switch scope.kind {
            case .block, .loop: continue
            case .closure:
                if case .iteration = scope.role { continue }
                return nil
            case .function(let name):
                guard ["main()", "main", "start()", "start"].contains(name), index > 0,
                      case .type(let type) = scopes[index - 1].kind, classes.isOperation(type) else { return nil }
                return type
            default: return nil
            }
        }
        return nil
    }

    /// Why the current code runs on the main thread, or nil when that is not known.
    var mainThreadReason: String? {
        for scope in scopes.reversed() {
            switch scope.kind {
            case .block, .loop: continue
            case .closure:
                switch scope.role {
                case .mainThread(let reason): return reason
                case .iteration: continue
                case .dispatchQueue where isSentWithSync(scope): continue
                case .operationBody(let id):
                    // The block of an operation the main queue runs (`OperationQueue.main.addOperation { … }`).
                    if case .entity(let q)? = scan.entities[id].queue, scan.entities[q].isMain { return Self.mainQueueOperationReason }
                    return nil
                default: return nil
                }
            case .function: return scope.mainThreadReason
            default: return nil
            }
        }
        return nil
    }

    /// Whether `scope` is a block sent to a dispatch queue with `sync` (`DispatchQueue.global().sync
    /// { … }`): the code that sent it waits until it has run, so a wait in it, or a
    /// `DispatchQueue.main.sync`, holds that code's thread.
    func isSentWithSync(_ scope: Scope) -> Bool {
        guard case .dispatchQueue = scope.role else { return false }
        return !scope.runsLater
    }

    /// The dispatch queue the current code runs on, as written, when it is inside its block.
    var dispatchContext: (queue: String, location: SourceLocation)? {
        for scope in scopes.reversed() {
            switch scope.kind {
            case .block, .loop: continue
            case .closure:
                switch scope.role {
                case .dispatchQueue(let text, let location): return (text, location)
                case .iteration: continue
                default: return nil
                }
            default: return nil
            }
        }
        return nil
    }

    /// The number of times code here runs: the product of literal loop counts (nil when a loop's is unknown).
    var repetition: (count: Int, unknownLoop: SourceLocation?) { repetition(since: nil) }

    /// The repetition of code at token `token` read earlier, counting only the loops around it
    /// (all of them when `token` is nil).
    func repetition(since token: Int?) -> (count: Int, unknownLoop: SourceLocation?) {
        var count = 1
        var unknown: SourceLocation?
        for scope in scopes.reversed() {
            if let token, scope.open > token { continue }
            if scope.kind == .loop || { if case .iteration = scope.role { return true } else { return false } }() {
                var n = scope.loopCount
                if case .iteration(let c) = scope.role { n = c }
                if let n { count *= max(n, 1) } else {
                    count *= 2
                    unknown = unknown ?? scope.loopLocation
                }
            }
            if scope.isBodyBoundary { break }
        }
        return (count, unknown)
    }
}

/// A set of token indices, one bit per token of the file.
struct TokenMarks {
    private var words: [UInt64]

    init(count: Int) {
        words = Array(repeating: 0, count: (count + 63) / 64)
    }

    /// Marks token `i`; an index outside the file is never asked about, so it is not kept.
    @inline(__always)
    mutating func insert(_ i: Int) {
        guard i >= 0, i >> 6 < words.count else { return }
        words[i >> 6] |= 1 << UInt64(i & 63)
    }

    @inline(__always)
    func contains(_ i: Int) -> Bool {
        guard i >= 0, i >> 6 < words.count else { return false }
        return words[i >> 6] & (1 << UInt64(i & 63)) != 0
    }
}

/// A set of (first byte, last byte) pairs: a filter that answers "maybe" or "no" for a name.
struct NameFilter {
    private var bits = [UInt64](repeating: 0, count: 1024)

    private static func key(_ first: UInt8, _ last: UInt8) -> Int { Int(first) << 8 | Int(last) }

    mutating func insert(_ name: String) {
        let utf8 = name.utf8
        guard var first = utf8.first, let last = utf8.last else { return }
        set(first, last)
        // The name without each of its leading underscores, read in place.
        var index = utf8.startIndex
        while first == UInt8(ascii: "_") {
            index = utf8.index(after: index)
            guard index < utf8.endIndex else { break }
            first = utf8[index]
            set(first, last)
        }
        // `_name` refers to property `name` too.
        set(UInt8(ascii: "_"), last)
    }

    private mutating func set(_ first: UInt8, _ last: UInt8) {
        let k = Self.key(first, last)
        bits[k >> 6] |= 1 << UInt64(k & 63)
    }

    @inline(__always)
    func mayContain(first: UInt8, last: UInt8) -> Bool {
        let k = Self.key(first, last)
        return bits[k >> 6] & (1 << UInt64(k & 63)) != 0
    }
}
