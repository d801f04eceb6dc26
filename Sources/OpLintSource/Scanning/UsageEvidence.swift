import CTextScan
/// What one file's operation API calls show before the second pass reads it: whatever is
/// passed to `addOperation`/`addOperations` is an operation, whatever sits on a side of
/// `addDependency`/`removeDependency` with an operation on the other side is one, and the
/// receiver of `addOperation` is a queue. The classes those values are declared or created
/// with become operation and queue classes for every file; the names stay with this file.
struct UsageEvidence: Sendable {
    /// Variable, property and member names (without a leading `_`) used as operations.
    var operationNames: Set<ScanName> = []
    /// Names used as queues.
    var queueNames: Set<ScanName> = []
    /// Classes of the values used as operations, other than Foundation's.
    var operationClasses: Set<String> = []
    /// Classes of the values used as queues, other than Foundation's.
    var queueClasses: Set<String> = []
    /// How many times a dependency pair was looked at while settling: the work done, a few
    /// visits per pair.
    private(set) var pairVisits = 0

    init() {}

    /// What an API call does with its values.
    enum Role { case enqueue, dependency, queueBlock }

    /// One API call: its receiver and the values it takes, with the types they are declared with.
    private struct Use {
        var role: Role
        var receiver: Value?
        var arguments: [Value]
    }

    /// A name and the class of its nearest declaration, if any, each hashed once when read.
    private struct Value {
        var name: ScanName
        var type: ScanName?
    }

    /// Apple and standard-library types that are never operations or queues themselves; a
    /// name declared with one elsewhere in the file says nothing about its class.
    private static let valueTypes: Set<String> = [
        "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSDictionary", "NSMutableDictionary", "NSString",
        "NSMutableString", "NSNumber", "NSURL", "NSData", "NSDate", "NSError", "NSObject", "NSValue", "NSIndexPath",
        "Array", "Set", "Dictionary", "String", "URL", "Data", "Date", "Int", "Bool", "Double", "Error", "Any",
        "AnyObject", "Void", "Self", "Optional", "UIImage", "UIView", "UIViewController", "NSURLRequest", "URLRequest",
        "NSMutableURLRequest", "NSURLSession", "URLSession", "DispatchQueue", "NSThread", "Thread", "NSTimer", "Timer",
    ]

    /// Whether values of `type` are never operations or queues (`NSString`, `URL`, `NSArray`).
    static func isValueType(_ type: String) -> Bool {
        valueTypes.contains(type)
    }

    /// The classes marked while settling. Keyed by their bytes when every class the calls name
    /// is ASCII: ASCII text is equal as bytes exactly when it is equal as `String`s. Otherwise
    /// kept as `String`s, which compare by Unicode canonical equivalence.
    private struct Classes {
        let isASCII: Bool
        var operationKeys: Set<ScanName> = []
        var queueKeys: Set<ScanName> = []
        var operationTexts: Set<String> = []
        var queueTexts: Set<String> = []

        /// `valueTypes` and the class table's roots, as keys.
        static let valueTypeKeys = Set(UsageEvidence.valueTypes.map { ScanName($0) })
        static let operationRootKeys = Set(ClassTable.operationRoots.map { ScanName($0) })
        static let queueRootKeys = Set(ClassTable.queueRoots.map { ScanName($0) })

        init(isASCII: Bool) { self.isASCII = isASCII }

        func isOperation(_ type: ScanName) -> Bool {
            isASCII ? operationKeys.contains(type) || Self.operationRootKeys.contains(type)
                : operationTexts.contains(type.text) || ClassTable.operationRoots.contains(type.text)
        }

        /// Marks `type` as an operation's (or a queue's) class unless it is a value type or a
        /// root; whether it is new as such.
        mutating func mark(_ type: ScanName, asQueue: Bool) -> Bool {
            if isASCII {
                guard !Self.valueTypeKeys.contains(type), !Self.operationRootKeys.contains(type), !Self.queueRootKeys.contains(type) else { return false }
                return asQueue ? queueKeys.insert(type).inserted : operationKeys.insert(type).inserted
            }
            let text = type.text
            guard !UsageEvidence.isValueType(text), !ClassTable.operationRoots.contains(text), !ClassTable.queueRoots.contains(text) else { return false }
            return asQueue ? queueTexts.insert(text).inserted : operationTexts.insert(text).inserted
        }

        /// The operation classes that are not also queue classes, and the queue classes.
        func settled() -> (operations: Set<String>, queues: Set<String>) {
            guard isASCII else { return (operationTexts.subtracting(queueTexts), queueTexts) }
            return (Set(operationKeys.subtracting(queueKeys).lazy.map(\.text)), Set(queueKeys.lazy.map(\.text)))
        }
    }

    /// Reads the file's declarations and API calls and settles what they show.
    ///
    /// Declarations are noted as token indices; only those of the names the calls use get
    /// their name and type made (most of a file's declarations name something else).
    ///
    /// - Complexity: O(*tokens* + *calls* × *declarations of a name* × rounds), rounds ≤ the number of calls.
    init(file: SourceFile) {
        let reader = Reader(file: file)
        var declared: [(name: Int, type: Int)] = []
        var calls: [(token: Int, role: Role, receiver: String?, arguments: [(name: String, created: String?)])] = []
        for k in file.tokens.indices where file.tokens[k].kind == .identifier {
            if reader.mayDeclare(at: k), let type = reader.declaredType(at: k) { declared.append((k, type)) }
            if Reader.mayBeCall(file.tokens[k]), let use = reader.use(at: k) { calls.append((k, use.role, use.receiver, use.arguments)) }
        }
        guard !calls.isEmpty else { return }
        // The declarations of the names the calls use, in token order.
        var declarations: [ScanName: [(token: Int, type: Int)]] = [:]
        for call in calls {
            if let receiver = call.receiver { declarations[ScanName(receiver)] = [] }
            for argument in call.arguments where argument.created == nil { declarations[ScanName(argument.name)] = [] }
        }
        // The names' hashes are mixed already: an open-addressed table of them, not a `Set`
        // hashing each again. A name whose hash is there but is no key is passed over below.
        var wanted = NameSet(capacity: declarations.count)
        for key in declarations.keys { wanted.insert(key.hash) }
        for declaration in declared where wanted.contains(reader.nameHash(declaration.name)) {
            declarations[ScanName(reader.name(declaration.name))]?.append((declaration.name, declaration.type))
        }
        // A name takes the type of its last declaration before the call, else of its first
        // (a property declared at the end of a class). The table is read as a constant: a
        // variable captured by the function would be boxed and checked at each access.
        let declarationsByName = declarations
        func typed(_ name: String, at k: Int) -> Value {
            let key = ScanName(name)
            guard let list = declarationsByName[key], let chosen = list.last(where: { $0.token < k }) ?? list.first else {
                return Value(name: key, type: nil)
            }
            return Value(name: key, type: ScanName(file.text(chosen.type)))
        }
        settle(calls.map { call in
            Use(role: call.role, receiver: call.receiver.map { typed($0, at: call.token) },
                arguments: call.arguments.map { argument in
                    argument.created.map { Value(name: "", type: ScanName($0)) } ?? typed(argument.name, at: call.token)
                })
        })
    }

    /// Marks what the calls show, then spreads "is an operation" along the dependency pairs
    /// with a worklist: each pair is looked at again only when one of its names or classes
    /// becomes an operation's (a name or class that already was one brings none back).
    ///
    /// - Complexity: O(*calls* + *pairs*) set operations.
    private mutating func settle(_ uses: [Use]) {
        func isASCII(_ value: Value?) -> Bool {
            guard let type = value?.type else { return true }
            let utf8 = type.text.utf8
            return utf8.withContiguousStorageIfAvailable { oplint_ascii_prefix($0.baseAddress, $0.count) == $0.count } ?? utf8.allSatisfy { $0 < 0x80 }
        }
        let isASCII = uses.allSatisfy { use in isASCII(use.receiver) && use.arguments.allSatisfy(isASCII) }
        var classes = Classes(isASCII: isASCII)
        defer { (operationClasses, queueClasses) = classes.settled() }
        var pairs: [(Value, Value)] = []
        for use in uses {
            switch use.role {
            case .enqueue, .queueBlock:
                if let receiver = use.receiver { mark(receiver, asQueue: true, &classes) }
                if use.role == .enqueue { for value in use.arguments { mark(value, asQueue: false, &classes) } }
            case .dependency:
                if let waiter = use.receiver, let dependency = use.arguments.first { pairs.append((waiter, dependency)) }
            }
        }
        guard !pairs.isEmpty else { return }
        // The pairs each name and each class takes part in.
        var byName: [ScanName: [Int]] = [:]
        var byType: [ScanName: [Int]] = [:]
        for (p, pair) in pairs.enumerated() {
            byName[pair.0.name, default: []].append(p)
            byName[pair.1.name, default: []].append(p)
            if let type = pair.0.type { byType[type, default: []].append(p) }
            if let type = pair.1.type { byType[type, default: []].append(p) }
        }
        var work = Array(pairs.indices)
        var queued = [Bool](repeating: true, count: pairs.count)
        while let p = work.popLast() {
            queued[p] = false
            pairVisits += 1
            let (waiter, dependency) = pairs[p]
            for side in 0..<2 {
                let (known, other) = side == 0 ? (waiter, dependency) : (dependency, waiter)
                guard isOperation(known, classes) else { continue }
                // Only the pairs whose values just became operations are looked at again: those
                // with this name when the name is new, those of this class when the class is.
                let added = mark(other, asQueue: false, &classes)
                if added.name { requeue(byName[other.name], &work, &queued) }
                if added.type, let type = other.type { requeue(byType[type], &work, &queued) }
            }
        }
    }

    private func requeue(_ pairs: [Int]?, _ work: inout [Int], _ queued: inout [Bool]) {
        for next in pairs ?? [] where !queued[next] {
            queued[next] = true
            work.append(next)
        }
    }

    private func isOperation(_ value: Value, _ classes: Classes) -> Bool {
        if operationNames.contains(value.name) { return true }
        guard let type = value.type else { return false }
        return classes.isOperation(type)
    }

    /// Notes that `value` is an operation (or a queue): whether its name and its class are new as such.
    @discardableResult
    private mutating func mark(_ value: Value, asQueue: Bool, _ classes: inout Classes) -> (name: Bool, type: Bool) {
        var added = (name: false, type: false)
        if !value.name.text.isEmpty {
            added.name = asQueue ? queueNames.insert(value.name).inserted : operationNames.insert(value.name).inserted
        }
        if let type = value.type { added.type = classes.mark(type, asQueue: asQueue) }
        return added
    }
}

/// The token patterns `UsageEvidence` reads.
private struct Reader {
    let file: SourceFile

    /// `name` without a leading underscore (`_queue` is the instance variable of `queue`).
    func name(_ k: Int) -> String {
        let text = file.text(k)
        return text.hasPrefix("_") && text.count > 1 ? String(text.dropFirst()) : text
    }

    /// The `ScanName` hash of `name(k)`, read from the bytes when they are ASCII (then a
    /// leading `_` followed by anything is dropped), else through `name(k)`.
    func nameHash(_ k: Int) -> UInt64 {
        let token = file.tokens[k]
        var start = Int(token.start)
        let end = token.end
        return file.bytes.withUnsafeBufferPointer { bytes in
            var isASCII = true
            for i in start..<end where bytes[i] >= 0x80 { isASCII = false; break }
            guard isASCII else { return ScanName(name(k)).hash }
            if end - start > 1 && bytes[start] == UInt8(ascii: "_") { start += 1 }
            return ScanName.hash(of: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    private func isType(_ k: Int) -> Bool {
        file.isIdentifier(k) && DeclarationScanner.isTypeName(file, k)
    }

    /// A quick test before `declaredType(at:)`: a declaration's name has `*` before it
    /// (Objective-C) or `:` after it (Swift), or `=` after it.
    @inline(__always)
    func mayDeclare(at k: Int) -> Bool {
        file.isPunct(k + 1, "=") || (file.language == .objectiveC ? file.isPunct(k - 1, "*") : file.isPunct(k + 1, ":"))
    }

    /// A quick test before `use(at:)`: the API's selectors are 12 to 21 bytes long.
    @inline(__always)
    static func mayBeCall(_ token: Token) -> Bool {
        token.length >= 12 && token.length <= 21
    }

    /// `T *name`, `name: T`, `name = T(…)`, `name = [[T alloc] init…]`, `name = [T new]` at identifier `k` (the name): the token of `T`.
    func declaredType(at k: Int) -> Int? {
        if file.language == .objectiveC {
            if file.isPunct(k - 1, "*"), isType(k - 2) { return k - 2 }
        } else if file.isPunct(k + 1, ":"), !file.isPunct(k + 2, ":") {
            var t = k + 2
            if file.isWord(t, "Foundation"), file.isPunct(t + 1, ".") { t += 2 }
            if isType(t), !file.isPunct(k - 1, "?") { return t }
        }
        guard file.isPunct(k + 1, "="), !file.isPunct(k + 2, "="), !file.isPunct(k - 1, "."), !file.isPunct(k - 1, "=") else { return nil }
        var v = k + 2
        if file.language == .swift {
            if file.isWord(v, "Foundation"), file.isPunct(v + 1, ".") { v += 2 }
            guard isType(v) else { return nil }
            if file.isPunct(v + 1, "(") || file.isPunct(v + 1, "{") || (file.isPunct(v + 1, ".") && file.isWord(v + 2, "init")) { return v }
            return nil
        }
        // [[T alloc] init…], [[[T alloc] init…] autorelease], [T new]
        while file.isPunct(v, "[") && v < k + 6 { v += 1 }
        if isType(v), file.isWord(v + 1, "alloc") || file.isWord(v + 1, "new") { return v }
        return nil
    }

    /// The API call whose selector is identifier `k`, if any.
    func use(at k: Int) -> (role: UsageEvidence.Role, receiver: String?, arguments: [(name: String, created: String?)])? {
        guard Self.mayBeCall(file.tokens[k]) else { return nil }
        // Every selector below starts with `a` or `r`.
        let first = file.bytes[Int(file.tokens[k].start)]
        guard first == UInt8(ascii: "a") || first == UInt8(ascii: "r") else { return nil }
        let role: UsageEvidence.Role
        if file.isWord(k, "addOperation") { role = .enqueue }
        else if file.isWord(k, "addOperations") { role = .enqueue }
        else if file.isWord(k, "addDependency") || file.isWord(k, "removeDependency") { role = .dependency }
        else if file.isWord(k, "addOperationWithBlock") || file.isWord(k, "addBarrierBlock") { role = .queueBlock }
        else { return nil }
        if file.language == .swift {
            guard file.isPunct(k - 1, ".") else { return nil }
            let receiver = receiverName(before: k - 1)
            if file.isPunct(k + 1, "{") || (file.isPunct(k + 1, "(") && file.isPunct(k + 2, "{")) { return (.queueBlock, receiver, []) }
            guard file.isPunct(k + 1, "("), role != .queueBlock else { return role == .queueBlock ? (.queueBlock, receiver, []) : nil }
            // Foundation's `addOperation(_:)` takes no label; `addOperation(operation:)` is someone else's.
            if file.isIdentifier(k + 2), file.isPunct(k + 3, ":") { return nil }
            return (role, receiver, values(from: k + 2, close: Int(file.partner[k + 1])))
        }
        guard file.isPunct(k + 1, ":") else { return nil }
        let before = k - 1
        guard before >= 0 else { return nil }
        let receiver: String?
        if file.isPunct(before, "]") {
            // `[[self queue] addOperation:op]`: the name before the `]`, when the `]` closes a `[`
            // (an unmatched `]` has no partner to look up).
            let open = Int(file.partner[before])
            receiver = open >= 0 && file.isIdentifier(before - 1) ? name(before - 1) : nil
        } else {
            receiver = file.isIdentifier(before) ? name(before) : nil
        }
        if role == .queueBlock { return (role, receiver, []) }
        var end = k + 2
        while end < file.tokens.count && !file.isPunct(end, "]") && !(file.isIdentifier(end) && file.isPunct(end + 1, ":")) {
            end = file.isPunct(end, "[") || file.isPunct(end, "(") ? max(end + 1, Int(file.partner[end]) + 1) : end + 1
        }
        return (role, receiver, values(from: k + 2, close: end))
    }

    /// The name a receiver path ends with (`self.queue`, `queue?`, `$0.queue`), if it is one.
    private func receiverName(before dot: Int) -> String? {
        var m = dot - 1
        while file.isPunct(m, "?") || file.isPunct(m, "!") { m -= 1 }
        return file.isIdentifier(m) ? name(m) : nil
    }

    /// The values in `from..<close`: a creation (`Job()`, `[[Job alloc] init]`), whose class is
    /// known, or the names of `arguments`.
    private func values(from a: Int, close: Int) -> [(name: String, created: String?)] {
        var v = a
        if file.language == .swift {
            if file.isWord(v, "Foundation"), file.isPunct(v + 1, ".") { v += 2 }
            if isType(v), file.isPunct(v + 1, "(") || file.isPunct(v + 1, "{") || (file.isPunct(v + 1, ".") && file.isWord(v + 2, "init")) {
                return [("", file.text(v))]
            }
        } else {
            while file.isPunct(v, "[") && v < a + 4 { v += 1 }
            if v > a, isType(v), file.isWord(v + 1, "alloc") || file.isWord(v + 1, "new") { return [("", file.text(v))] }
        }
        return arguments(from: a, close: close).map { ($0, nil) }
    }

    /// The names of the values in `from..<close`: one path (`op`, `self.op`, `$0.op`) or a list literal of them.
    private func arguments(from a: Int, close: Int) -> [String] {
        guard a < close, close <= file.tokens.count else { return [] }
        var start = a
        var end = close
        // A list literal: `[a, b]` in Swift, `@[a, b]` in Objective-C.
        if file.language == .objectiveC ? file.isPunct(start, "@") : file.isPunct(start, "[") {
            if file.language == .objectiveC { start += 1 }
            if file.isPunct(start, "["), Int(file.partner[start]) < close, Int(file.partner[start]) > start { end = Int(file.partner[start]); start += 1 }
        }
        var names: [String] = []
        var last: Int?
        var k = start
        while k < end {
            if file.isIdentifier(k) {
                last = k
            } else if file.isPunct(k, ",") {
                if let last { names.append(name(last)) }
                last = nil
            } else if !(file.isPunct(k, ".") || file.isPunct(k, "?") || file.isPunct(k, "!")) {
                // A call, a subscript, a closure: not a plain value. Stop at the first argument label.
                if file.isPunct(k, ":") || file.isPunct(k, "(") || file.isPunct(k, "{") { return names }
                last = nil
            }
            k += 1
        }
        if let last { names.append(name(last)) }
        return names
    }
}
