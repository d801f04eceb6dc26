import OpLintCore

extension FileScanner {
    /// A `// oplint:` comment at token `i`.
    func annotation(at i: Int) {
        let location = file.location(i)
        switch Annotation.parse(comment: file.text(i)) {
        case .failure(let error):
            scan.facts.annotationErrors.append(SourceFacts.Issue(error.message, at: location))
        case .success(.suppression(let kind, let rules)):
            scan.facts.suppressions.append(SourceFacts.Suppression(kind: kind, rules: rules, location: location))
        case .success(.depends(let waiter, let dependencies)):
            for dependency in dependencies {
                scan.edges.append(FileScan.Edge(waiter: .name(waiter), dependency: .name(dependency), location: location, scope: currentScopeID))
            }
        case .success(.waits(let waiter, let targets)):
            for target in targets {
                scan.waits.append(FileScan.Wait(waiter: .name(waiter), target: .name(target), isQueue: nil, location: location))
            }
        case .success(.operation(let name, let settings)):
            declare(.operation, name: name, settings: settings, annotationAt: i, location: location)
        case .success(.queue(let name, let settings)):
            declare(.queue, name: name, settings: settings, annotationAt: i, location: location)
        }
    }

    private func declare(_ kind: Entity.Kind, name: String?, settings: AnnotationSettings, annotationAt i: Int, location: SourceLocation) {
        let declared = declarationBelow(annotationAt: i)
        guard let finalName = name ?? declared.map({ file.text($0) }) else {
            scan.facts.annotationErrors.append(SourceFacts.Issue(
                "an `\(kind == .queue ? "queue" : "operation")` annotation needs a name unless it is directly above a declaration", at: location))
            return
        }
        var entity = Entity(kind: kind, variable: finalName, location: declared.map { file.location($0) } ?? location, order: i)
        entity.explicitName = finalName
        entity.typeName = currentType
        entity.function = currentFunction
        entity.annotation = settings
        if kind == .operation { entity.operationKind = .custom }
        if settings.isMain == true { entity.isMain = true }
        if kind == .operation { entity.count = repetition.count }
        scan.entities.append(entity)
        let id = scan.entities.count - 1
        guard let declared else { return }
        let variable = file.text(declared)
        consumed.insert(declared)
        noteBound(variable)
        if atTypeLevel, let type = currentType {
            properties[type, default: [:]][variable] = .entity(id)
        } else {
            scopes[scopes.count - 1].locals[variable] = .entity(id)
        }
        pendingDeclaration = (file.tokens[declared].line, id)
    }

    /// The name token of the declaration directly below the annotation at `i`
    /// (`let fetch = …`, `@property … *queue;`, `NSOperation *op = …;`), if any.
    private func declarationBelow(annotationAt i: Int) -> Int? {
        var j = i + 1
        var line = file.tokens[i].line
        while j < file.tokens.count && file.tokens[j].kind == .annotation && file.tokens[j].line == line + 1 {
            line += 1
            j += 1
        }
        guard j < file.tokens.count, file.tokens[j].line == line + 1 else { return nil }
        let declarationLine = file.tokens[j].line
        var k = j
        while k < file.tokens.count && file.tokens[k].line == declarationLine {
            if file.language == .swift, file.isWord(k, "let") || file.isWord(k, "var") {
                return file.isIdentifier(k + 1) ? k + 1 : nil
            }
            if file.language == .objectiveC, file.isPunct(k, "=") || file.isPunct(k, ";"), file.isIdentifier(k - 1), file.isPunct(k - 2, "*") || file.isWord(k - 2, "id") {
                return k - 1
            }
            if file.isPunct(k, "{") || file.isPunct(k, "(") && file.language == .swift { return nil }
            k += 1
        }
        return nil
    }

    /// Makes the creation expression at `v` produce the annotated entity `id`.
    func adopt(_ id: Int, creationAt v: Int) {
        creationCache[v] = id
        if file.isWord(v, "Foundation") { creationCache[v + 2] = id }
    }

    /// Notes the operations that leave the code the scanner can follow without being enqueued.
    func finish() {
        settleReversals()
        for (op, sync) in mainSyncsInOperations {
            if case .entity(let q)? = scan.entities[op].queue, scan.entities[q].isMain { scan.facts.selfSyncs.append(sync) }
        }
        for (type, sync) in mainSyncsInSubclasses where scan.entities.contains(where: { entity in
            guard entity.kind == .operation, entity.className == type, case .entity(let q)? = entity.queue else { return false }
            return scan.entities[q].isMain
        }) {
            scan.facts.selfSyncs.append(sync)
        }
        // A wait in a subclass's main() is the wait of its instance, when the file makes exactly one.
        for wait in classWaits {
            let instances = scan.entities.indices.filter { scan.entities[$0].kind == .operation && scan.entities[$0].className == wait.type }
            if instances.count == 1, let instance = instances.first {
                scan.waits.append(FileScan.Wait(waiter: .entity(instance), target: .entity(wait.target), isQueue: wait.isQueue, location: wait.location))
            } else if instances.count > 1 {
                scan.facts.unresolved.append(SourceFacts.Issue(
                    "this wait in \(wait.type) is made by each of its \(instances.count) instances; it is not tied to one of them", at: wait.location))
            }
        }
        for id in scan.entities.indices {
            let entity = scan.entities[id]
            guard entity.kind == .operation, let escape = entity.escape, entity.enqueueOrder == nil,
                  entity.annotation?.queue == nil, entity.annotation?.start == nil else { continue }
            // An operation the scanner made for a value it does not follow escapes where it comes from.
            let what = entity.isPlaceholder && escape == entity.location
                ? "comes from code the scanner does not follow (a call, or the initializer of a class it does not see) and is not enqueued where it can see it; it is assumed to be added to a queue there"
                : "is passed on here and not enqueued where the scanner can see it; it is assumed to be added to a queue elsewhere"
            scan.facts.unresolved.append(SourceFacts.Issue("operation `\(FileScan.placeholder(.entity(id)))` \(what)", at: escape))
        }
    }
}
