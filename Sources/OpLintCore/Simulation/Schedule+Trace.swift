extension Schedule {
    /// Chrome trace-event JSON (Perfetto, `chrome://tracing`): one track per queue slot named
    /// with `M` metadata events, one `X` event per operation that started, and a flow event
    /// pair per dependency between two operations that ran.
    ///
    /// - Parameter model: the model the schedule was simulated from, for the dependencies.
    /// - Complexity: O(*n* + *e*).
    public func traceEvents(model: SimulationModel) -> JSONValue {
        var tracks: [String: Int] = [:]
        var trackNames: [(Int, String)] = []
        var events: [JSONValue] = [
            .object(["name": .string("process_name"), "ph": .string("M"), "pid": .int(1),
                     "args": .object(["name": .string("oplint simulation (\(platform.rawValue) model)")])]),
        ]
        func micro(_ seconds: Double) -> Int { Int((seconds * 1_000_000).rounded()) }
        let stop = max(makespan, stuck?.time ?? 0)
        var placed: [String: (track: Int, start: Double, end: Double)] = [:]
        for entry in entries {
            guard let start = entry.start else { continue }
            let trackName = entry.queue.map { "\($0) slot \(entry.slot.map(String.init) ?? "-")" } ?? "started by hand"
            let track: Int
            if let known = tracks[trackName] { track = known } else {
                track = tracks.count + 1
                tracks[trackName] = track
                trackNames.append((track, trackName))
            }
            let end = entry.end ?? stop
            placed[entry.operation] = (track, start, end)
            var args: [String: JSONValue] = ["state": .string(entry.state.rawValue)]
            if let waited = entry.waitedFor { args["waitedFor"] = .string(waited.description) }
            if let run = entry.runStart, run > start { args["runStart"] = ScheduleFormatting.json(run) }
            events.append(.object([
                "name": .string(entry.operation), "cat": .string(entry.state.rawValue), "ph": .string("X"),
                "pid": .int(1), "tid": .int(track), "ts": .int(micro(start)), "dur": .int(micro(end - start)),
                "args": .object(args),
            ]))
        }
        for (track, name) in trackNames {
            events.append(.object(["name": .string("thread_name"), "ph": .string("M"), "pid": .int(1), "tid": .int(track),
                                   "args": .object(["name": .string(name)])]))
            events.append(.object(["name": .string("thread_sort_index"), "ph": .string("M"), "pid": .int(1), "tid": .int(track),
                                   "args": .object(["sort_index": .int(track)])]))
        }
        var flow = 0
        for waiter in 0..<model.operationCount {
            guard let to = placed[model.name(waiter)] else { continue }
            for position in Int(model.dependencyStart[waiter])..<Int(model.dependencyStart[waiter + 1]) {
                guard let from = placed[model.name(Int(model.dependencyTargets[position]))] else { continue }
                flow += 1
                events.append(.object(["name": .string("dependency"), "cat": .string("dependency"), "ph": .string("s"),
                                       "id": .int(flow), "pid": .int(1), "tid": .int(from.track),
                                       // Inside the dependency's slice, so that viewers bind the arrow to it.
                                       "ts": .int(max(micro(from.start), micro(from.end) - 1))]))
                events.append(.object(["name": .string("dependency"), "cat": .string("dependency"), "ph": .string("f"),
                                       "bp": .string("e"), "id": .int(flow), "pid": .int(1), "tid": .int(to.track),
                                       "ts": .int(micro(to.start))]))
            }
        }
        return .object(["traceEvents": .array(events), "displayTimeUnit": .string("ms")])
    }
}
