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
        var end = v
        while end < file.tokens.count && file.tokens[end].line == file.tokens[v].line && !file.isPunct(end, ";") && !file.isPunct(end, "]") { end += 1 }
        let words = path(from: v, to: end)
        let last = words.last ?? ""
        let number: Int? = file.tokens[v].kind == .number ? Int(file.text(v)) : (file.isPunct(v, "-") && end > v + 1 ? Int(file.text(v + 1)).map { -$0 } : nil)
        var value: String?
        for id in ids {
            var entity = scan.entities[id]
            switch key {
            case "maxConcurrentOperationCount" where entity.kind == .queue:
                let count = number ?? (last.hasSuffix("efaultMaxConcurrentOperationCount") ? -1 : nil)
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
                // read), never.
                let chain = straightLineScopes
                let fromTheStart = !entity.isPlaceholder && queueMadeIn[id].map(chain.contains) == true
                    && queueFilledIn[id]?.contains(where: chain.contains) != true
                if on && !fromTheStart {
                    suspendedIn[id, default: []].append(currentScopeID)
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
        case "true", "YES": true
        case "false", "NO": false
        default: nil
        }
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
