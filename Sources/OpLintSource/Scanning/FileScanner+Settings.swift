import OpLintCore

/// Queue and operation settings met in the code: `maxConcurrentOperationCount`,
/// `isSuspended`, `qualityOfService`, `queuePriority`.
extension FileScanner {
    /// A setting: `maxConcurrentOperationCount`, `isSuspended`, `qualityOfService`, `queuePriority`.
    func setting(_ key: String, on binding: Binding?, receiverText: String, valueAt v: Int, location: SourceLocation) {
        // `q.maxConcurrentOperationCount =` as the file's last tokens: there is no value to read.
        guard v < file.tokens.count else { return }
        var ids = entities(current(binding))
        if ids == nil, case .obtained? = binding {
            switch key {
            case "maxConcurrentOperationCount": ids = queue(binding, shown: true).map { [$0] }
            case "queuePriority": ids = nil
            default: ids = queue(binding, shown: false).map { [$0] }
            }
        }
        guard let ids else {
            unresolved(key, receiverText, binding: binding, location: location)
            return
        }
        scan.callsFollowed += 1
        let end = file.valueEnd(from: v)
        let words = path(from: v, to: end)
        let last = words.last ?? ""
        let number = file.writtenInteger(at: v)
        var value: String?
        for id in ids {
            var entity = scan.entities[id]
            switch key {
            case "maxConcurrentOperationCount" where entity.kind == .queue:
                let count = file.writtenWidth(at: v)
                guard let count else {
                    scan.facts.unresolved.append(SourceFacts.Issue("cannot tell the value of `maxConcurrentOperationCount` here (`\(text(v, end))`); the default is assumed", at: location))
                    return
                }
                entity.maxConcurrentOperationCount = count
                value = String(count)
            case "isSuspended", "suspended":
                guard entity.kind == .queue else { return }
                guard let on = Self.boolean(last) else {
                    // `queue.isSuspended = paused`: it may be resumed here.
                    entity.isSuspended = false
                    break
                }
                // Suspended from the start only where it is made, before anything is added to it
                // (`q.isSuspended = true` after `let q = OperationQueue()`), or where operations
                // are added after it in the same code; a suspension elsewhere (a teardown after
                // `cancelAllOperations()`, the end of the code that filled it) happens at a time
                // the scanner cannot tell. Set back to false anywhere (or to a value it cannot
                // read), never. A queue obtained from code the scanner does not follow is not
                // known to stay suspended.
                let chain = straightLineScopes
                let madeHere = !entity.isPlaceholder && queueMadeIn[id].map(chain.contains) == true
                let fromTheStart = madeHere && queueFilledIn[id]?.contains(where: chain.contains) != true
                if on && madeHere && !fromTheStart {
                    // Made and filled here, then suspended: what was added before may have
                    // started; what is added after it here waits (`markEnqueued`).
                    if suspendedAfterFillingIn[id] == nil { suspendedAfterFillingIn[id] = (currentScopeID, location) }
                } else if on && !fromTheStart {
                    // A queue the code obtained from elsewhere (`[Store sharedQueue]`, a parameter,
                    // another object's property) may be resumed through any other name for it.
                    if !(entity.isPlaceholder && entity.mergeKey == nil) { suspendedIn[id, default: []].append(currentScopeID) }
                } else {
                    entity.isSuspended = (entity.isSuspended ?? on) && on
                }
                value = String(on)
            case "qualityOfService":
                guard let qos = Self.qualityOfService(last) else { return }
                entity.qualityOfService = qos
                value = qos.rawValue
            case "queuePriority" where entity.kind == .operation:
                guard let priority = number.map({ QueuePriority(rawValue: $0) }) ?? Annotation.priority(last) else {
                    scan.facts.unresolved.append(SourceFacts.Issue("cannot tell the value of `queuePriority` here (`\(text(v, end))`)", at: location))
                    return
                }
                entity.priority = priority
                value = priority.description
            default:
                return
            }
            scan.entities[id] = entity
            if let value {
                let formatKey = key == "isSuspended" || key == "suspended" ? "suspended" : key == "queuePriority" ? "priority" : key
                scan.facts.settings.append(SourceFacts.Setting(target: placeholder(id), isQueue: entity.kind == .queue, key: formatKey, value: value, location: location))
            }
            if entity.kind == .operation && (key == "queuePriority" || key == "qualityOfService") {
                lateChange(id, key, other: nil, location: location, chain: straightLineScopes)
            }
        }
    }

    /// `queue.isSuspended.toggle()`: the queue may be resumed here.
    func mayResume(_ binding: Binding?) {
        guard let q = entities(current(binding))?.first ?? queue(binding, shown: false), scan.entities[q].kind == .queue else { return }
        scan.entities[q].isSuspended = false
    }

    static func boolean(_ word: String) -> Bool? {
        switch word {
        case "true", "YES", "TRUE", "1": true
        case "false", "NO", "FALSE", "0": false
        default: nil
        }
    }

    /// The `waitUntilFinished:` argument `v..<end`: true or false as written
    /// (`true`, `YES`, `TRUE`, `1`), else false with an OPL306 note that the scanner cannot
    /// tell (`waitUntilFinished: shouldWait`).
    func waitFlag(at v: Int, end: Int, location: SourceLocation) -> Bool {
        if end == v + 1, file.tokens[v].kind == .identifier || file.tokens[v].kind == .number {
            if let flag = Self.boolean(file.text(v)) { return flag }
            // `func addOperations(_ ops: [Operation], waitUntilFinished: Bool)`: a declaration, not a call.
            if file.isWord(v, "Bool") || file.isWord(v, "BOOL") { return false }
        }
        scan.facts.unresolved.append(SourceFacts.Issue(
            "cannot tell whether this call waits (`waitUntilFinished: \(text(v, end))`); read as not waiting", at: location))
        return false
    }

    /// `.utility`, `QualityOfService.utility`, `NSQualityOfServiceUtility`.
    static func qualityOfService(_ word: String) -> QualityOfService? {
        var name = word
        if name.hasPrefix("NSQualityOfService") {
            name = String(name.dropFirst("NSQualityOfService".count))
            name = name.prefix(1).lowercased() + name.dropFirst()
        }
        return QualityOfService(rawValue: name)
    }
}

/// Values written in a setting (`q.maxConcurrentOperationCount = 1`, `[self
/// setMaxConcurrentOperationCount:1]`), read alike wherever the setting is made: in code the
/// second pass follows, and in a queue class's initializer (`DeclarationScanner.readInitialWidth`).
extension SourceFile {
    /// The end of the value written at `v`: the end of its line, a `;` or a `]`.
    func valueEnd(from v: Int) -> Int {
        var end = v
        while end < tokens.count && tokens[end].line == tokens[v].line && !isPunct(end, ";") && !isPunct(end, "]") { end += 1 }
        return end
    }

    /// The integer written at `v` (`4`, `-1`), if it is one.
    func writtenInteger(at v: Int) -> Int? {
        guard v < tokens.count else { return nil }
        if tokens[v].kind == .number { return Int(text(v)) }
        return isPunct(v, "-") && valueEnd(from: v) > v + 1 ? Int(text(v + 1)).map { -$0 } : nil
    }

    /// The `maxConcurrentOperationCount` written at `v`: an integer, or Foundation's default
    /// (`OperationQueue.defaultMaxConcurrentOperationCount`,
    /// `NSOperationQueueDefaultMaxConcurrentOperationCount`) as -1; nil for anything else (a
    /// parameter, a computation).
    func writtenWidth(at v: Int) -> Int? {
        guard v < tokens.count else { return nil }
        // Foundation refuses a width below -1 (`= -3`): not one the queue can have.
        if let number = writtenInteger(at: v) { return number >= -1 ? number : nil }
        guard let last = (v..<valueEnd(from: v)).last(where: { isIdentifier($0) }) else { return nil }
        return text(last).hasSuffix("efaultMaxConcurrentOperationCount") ? -1 : nil
    }
}
