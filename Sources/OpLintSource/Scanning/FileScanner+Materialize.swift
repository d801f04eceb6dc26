import OpLintCore

extension FileScanner {
    /// What a binding stands for now: a value the scanner did not follow that an API call has
    /// since shown to be an operation or a queue is that entity, with the operations held
    /// instead of it on other paths (`either`).
    func current(_ binding: Binding?) -> Binding? {
        if case .obtained(_, let at)? = binding, let id = materializedAt[at] {
            guard let others = heldOnOtherPaths[at] else { return .entity(id) }
            return .list([id] + others.filter { $0 != id })
        }
        return binding
    }

    /// Whether a value of declared type `type` may be an operation (or a queue).
    func mayBe(_ kind: Entity.Kind, _ type: String?) -> Bool {
        guard let type else { return true }
        if UsageEvidence.isValueType(type) { return false }
        let known = classes.classification(type)
        if known.contains(.neither) { return false }
        if kind == .operation { return !known.contains(.queue) }
        return !known.contains(.operation) && (known.contains(.queue) || known.contains(.undeclared))
    }

    /// The entity an API call shows `binding` to be, creating it for a value the scanner did
    /// not follow (`let op = makeOperation()`, `@property NSOperationQueue *queue`). Nil when
    /// the binding is something else, or unknown.
    func materialize(_ binding: Binding?, as kind: Entity.Kind) -> Int? {
        switch current(binding) {
        case .entity(let id)?:
            return scan.entities[id].kind == kind ? id : nil
        case .obtained(let type, let at)?:
            guard mayBe(kind, type) else { return nil }
            let name = Self.memberName(file.text(at))
            let id: Int
            if kind == .queue {
                id = makeQueue(variable: name, at: at)
            } else {
                id = makeOperation(className: type ?? "", variable: name, at: at, repeatedSince: at)
            }
            scan.entities[id].isPlaceholder = true
            // Made by code the scanner does not follow, it may well be enqueued there.
            if kind == .operation { scan.entities[id].escape = file.location(at) }
            if let owner = propertyOwner(declaredAt: at) {
                scan.entities[id].typeName = owner
                scan.entities[id].function = nil
                scan.entities[id].mergeKey = owner + "." + name
            }
            materializedAt[at] = id
            return id
        default:
            return nil
        }
    }

    /// The type whose property was declared at token `at`, when `at` is a property's name.
    private func propertyOwner(declaredAt at: Int) -> String? {
        if let owner = propertyDeclarations[at] { return owner }
        return nil
    }

    /// `queue` for `_queue`: the property an instance variable belongs to.
    static func memberName(_ name: String) -> String {
        name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name
    }

    /// What a property path (`queue`, `self.queue`, `_queue`) not bound in this file holds,
    /// from the class declarations of every file (`let queue = OperationQueue()` in another
    /// file of the same type, `@property NSOperationQueue *queue` in its header): a value to be
    /// made an operation or a queue when used as one, bound as the type's property.
    func memberBinding(_ words: [String], token: Int) -> Binding? {
        guard let type = currentType else { return nil }
        let name: String
        switch words.count {
        case 1: name = words[0]
        case 2 where Self.selfNames.contains(words[0]): name = words[1]
        default: return nil
        }
        guard let member = classes.member(name, of: type) else { return nil }
        // A computed property may make a new operation on every read (`var poll: Operation {
        // BlockOperation { … } }`): each read is a value of its own, not the property's one
        // operation. A computed queue is kept as one: it almost always hands back a stored or
        // shared queue.
        if member.isComputed && !classes.isQueue(member.type) { return .obtained(member.type, token) }
        let property = Self.memberName(name)
        // A later use finds the same value.
        let binding = Binding.obtained(member.type, token)
        propertyDeclarations[token] = member.owner
        if properties[type]?[property] == nil { properties[type, default: [:]][property] = binding }
        return binding
    }

    /// The member path `base.x.y` bound in the current straight-line code, if any.
    func lookupMember(_ key: String, base: String) -> Binding? {
        let scopes = self.scopes
        for index in scopes.indices.reversed() {
            if let binding = scopes[index].locals[key] { return binding }
            if scopes[index].locals[base] != nil { return nil }
            // `$0` is a new value in every closure.
            if base.hasPrefix("$"), scopes[index].kind == .closure { return nil }
        }
        return nil
    }

    /// Binds a member path (`$0.op1`, `request.operation`) where its base is declared, else in
    /// the innermost body.
    func bindMember(_ words: [String], to value: Binding) {
        let key = words.joined(separator: ".")
        var target = scopes.count - 1
        for index in scopes.indices.reversed() {
            target = index
            if scopes[index].locals[words[0]] != nil { break }
            if words[0].hasPrefix("$") ? scopes[index].kind == .closure : scopes[index].isBodyBoundary { break }
        }
        scopes[target].locals[key] = value
    }
}
