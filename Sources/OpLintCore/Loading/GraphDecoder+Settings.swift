/// `events`, `simulation`, `source` and `location` objects.
extension GraphDecoder {
    func decodeEvents(into events: inout [OperationGraph.Event]) throws(LoadError) {
        let start = try next()
        guard start.kind == .arrayStart else { throw typeError("events", "an array of events", start) }
        while true {
            let token = try next()
            if token.kind == .arrayEnd { return }
            guard token.kind == .objectStart else {
                throw error(at: token.offset, "each event must be an object, found \(describe(token))")
            }
            events.append(try decodeEvent(at: token.offset, number: events.count + 1))
        }
    }

    /// One event, after its `{`: `at` and exactly one action.
    private func decodeEvent(at offset: UInt32, number: Int) throws(LoadError) -> OperationGraph.Event {
        var at: Double?
        var action: OperationGraph.Event.Action?
        var actionKey: JSONToken?
        var location: SourceLocation?
        while true {
            let key = try next()
            if key.kind == .objectEnd { break }
            guard let known = EventKey.table.key(key.bytes) else {
                recordUnknownKey(key, context: "event #\(number)", allowed: EventKey.table.names)
                try skipValue(try next())
                continue
            }
            if known == .at {
                at = try seconds("at")
                continue
            }
            if known == .location {
                location = try decodeLocation("location")
                continue
            }
            if let previous = actionKey {
                throw error(at: key.offset,
                    "an event has exactly one action, but this one has both \(quoted(previous.text)) and \(quoted(key.text))")
            }
            actionKey = key
            let target = try string(known.rawValue).0
            switch known {
            case .cancel: action = .cancel(operation: target)
            case .cancelAll: action = .cancelAll(queue: target)
            case .suspend: action = .suspend(queue: target)
            case .resume: action = .resume(queue: target)
            case .at, .location: break
            }
        }
        guard let action else {
            throw error(at: offset, "event #\(number) has no action (\"cancel\", \"cancelAll\", \"suspend\" or \"resume\")")
        }
        guard let at else { throw error(at: offset, "event #\(number) has no \"at\" (seconds from the start)") }
        var event = OperationGraph.Event(at: at, action, location: location)
        event.position = position(offset)
        return event
    }

    func decodeSimulation() throws(LoadError) -> OperationGraph.SimulationSettings {
        let start = try next()
        guard start.kind == .objectStart else { throw typeError("simulation", "an object", start) }
        var settings = OperationGraph.SimulationSettings()
        while true {
            let key = try next()
            if key.kind == .objectEnd { return settings }
            guard let known = SimulationKey.table.key(key.bytes) else {
                recordUnknownKey(key, context: "simulation", allowed: SimulationKey.table.names)
                try skipValue(try next())
                continue
            }
            let value = try integer(known.rawValue, atLeast: 1)
            switch known {
            case .defaultWidth: settings.defaultWidth = value
            case .threads: settings.threads = value
            case .cores: settings.cores = value
            case .cpus: settings.cpus = value
            }
        }
    }

    func decodeSourceInfo() throws(LoadError) -> OperationGraph.SourceInfo {
        let start = try next()
        guard start.kind == .objectStart else { throw typeError("source", "an object", start) }
        var info = OperationGraph.SourceInfo()
        while true {
            let key = try next()
            if key.kind == .objectEnd { break }
            switch SourceInfoKey.table.key(key.bytes) {
            case .tool: info.tool = try string("tool").0
            case .version: info.version = try string("version").0
            case .files: info.files = try strings("files")
            case nil:
                recordUnknownKey(key, context: "source", allowed: SourceInfoKey.table.names)
                try skipValue(try next())
            }
        }
        return info
    }

    /// A `{"file", "line", "column"}` object; `column` defaults to 1.
    func decodeLocation(_ name: String) throws(LoadError) -> SourceLocation {
        let start = try next()
        guard start.kind == .objectStart else {
            throw typeError(name, "an object {\"file\", \"line\", \"column\"}", start)
        }
        var file: String?
        var line: Int?
        var column = 1
        while true {
            let key = try next()
            if key.kind == .objectEnd { break }
            switch LocationKey.table.key(key.bytes) {
            case .file: file = try string("file").0
            case .line: line = try integer("line", atLeast: 1)
            case .column: column = try integer("column", atLeast: 1)
            case nil:
                recordUnknownKey(key, context: "a location", allowed: LocationKey.table.names)
                try skipValue(try next())
            }
        }
        guard let file else { throw error(at: start.offset, "a location has no \"file\"") }
        guard let line else { throw error(at: start.offset, "a location has no \"line\"") }
        return SourceLocation(file: file, line: line, column: column)
    }
}
