import OpLintCore

/// Turns the scans of all files into one `OperationGraph`: gives every operation and queue
/// a stable, readable, unique name, merges what annotations name alike, and orders
/// operations by when they are added to their queues.
struct GraphBuilder {
    let scans: [FileScan]
    /// Takes the builder's working lists (every entity, their names, the operations before and
    /// after ordering, their sort keys) once the graph is made, instead of their being freed
    /// then (`SourceExtractor`'s `keep`).
    var keep: (@Sendable (any Sendable) -> Void)? = nil
    /// Whether the graph gets the files' `SourceFacts` (named and merged), which the rules read;
    /// without them its `sourceFacts` stay empty, as `oplint extract` writes none.
    var withSourceFacts = true

    /// - Complexity: O(*e* log *e*) in the number of entities, edges and facts.
    func build() -> OperationGraph {
        // Every file's entities, numbered in path order and read where the scans hold them.
        let entities = EntityList(scans)
        let offsets = entities.offsets
        func fileOf(_ g: Int) -> Int { entities.file(of: g) }
        // Each entity's name, and that name hashed once for the tables below.
        let (names, keys) = assignNames(entities)
        func name(_ target: Target, file f: Int) -> String {
            switch target {
            case .entity(let id): return names[offsets[f] + id]
            case .name(let name): return name
            }
        }

        // Queues.
        var queues: [OperationGraph.Queue] = []
        var queueIndex: [ScanName: Int] = [:]
        var locatedByUse: Set<ScanName> = []
        // Suspended only when no code of the queue sets it back to false, whatever order the
        // methods that suspend and resume it are written in; an annotation says it outright.
        var suspendedSoFar: [ScanName: Bool] = [:]
        var suspensionAnnotated: Set<ScanName> = []
        // Queues suspended by the code that made them after it added operations to them, and
        // queues some code sets back to false (or to a value the scanner cannot read).
        var suspendedAfterFilling: [ScanName: SourceLocation] = [:]
        var resumed: Set<ScanName> = []
        // Fields are read in place (`entities[g].…`) here and below: binding an entity to a name
        // would copy it.
        for g in entities.indices where entities[g].kind == .queue {
            let queueName = names[g]
            let queueKey = keys[g]
            var queue = queueIndex[queueKey].map { queues[$0] } ?? OperationGraph.Queue(name: queueName)
            // A property's queue is located where it is created, not where another file first uses it.
            if queueIndex[queueKey] == nil || (locatedByUse.contains(queueKey) && !entities[g].isPlaceholder) {
                queue.location = entities[g].isMain && entities[g].explicitName == "main" && entities[g].annotation == nil ? nil : entities[g].location
                if entities[g].isPlaceholder { locatedByUse.insert(queueKey) } else { locatedByUse.remove(queueKey) }
            }
            if let max = entities[g].maxConcurrentOperationCount { queue.maxConcurrentOperationCount = max }
            if let qos = entities[g].qualityOfService { queue.qualityOfService = qos }
            if let suspended = entities[g].isSuspended, !suspensionAnnotated.contains(queueKey) {
                let merged = (suspendedSoFar[queueKey] ?? suspended) && suspended
                suspendedSoFar[queueKey] = merged
                queue.isSuspended = merged
            }
            if let location = entities[g].suspendedAfterFilling, suspendedAfterFilling[queueKey] == nil { suspendedAfterFilling[queueKey] = location }
            if entities[g].isSuspended == false { resumed.insert(queueKey) }
            if entities[g].isMain { queue.isMain = true }
            if let a = entities[g].annotation {
                if let max = a.maxConcurrentOperationCount { queue.maxConcurrentOperationCount = max }
                if let qos = a.qualityOfService { queue.qualityOfService = qos }
                if let suspended = a.isSuspended {
                    queue.isSuspended = suspended
                    suspensionAnnotated.insert(queueKey)
                }
                if let main = a.isMain { queue.isMain = main }
            }
            if let index = queueIndex[queueKey] { queues[index] = queue } else {
                queueIndex[queueKey] = queues.count
                queues.append(queue)
            }
        }
        let queueNames = Set(queueIndex.keys)
        // A suspension after the first operations were added, where nothing resumes the queue
        // nor suspends it from the start: an event just after those operations were added, and
        // the operations added after it in that code added at the same time.
        let suspensions = suspendedAfterFilling.filter { key, _ in
            !resumed.contains(key) && !suspensionAnnotated.contains(key) && queueIndex[key].map { !queues[$0].isSuspended } == true
        }

        // Operations, merged by name.
        var operations: [OperationGraph.Operation] = []
        var operationIndex: [ScanName: Int] = [:]
        var unfinished: [SourceFacts.UnfinishedClass] = []
        var unfinishedOperations: Set<ScanName> = []
        var sortKeys: [(Int, Int, Int, SourceLocation, Int)] = []
        // A property's operation is described by the code that creates it, not by a use that
        // another file (or earlier code) makes of the property.
        let created = Set(entities.indices.lazy.filter { entities[$0].kind == .operation && !entities[$0].isPlaceholder }.map { keys[$0] })
        var describedByUse: Set<ScanName> = []
        // Operations some code is seen to enqueue or start, and where the others whose start is
        // assumed (handed to code the scanner does not read) are first handed on.
        var seenStarted: Set<ScanName> = []
        var assumedStart: [ScanName: SourceLocation] = [:]
        // Operations the code cancels where it adds them: cancelled before the queue can start
        // them (or when the delay of a timer that cancels it has passed). One made in a loop is
        // cancelled in every iteration that adds it, and the event reaches every copy.
        var cancelledAtStart: [ScanName: (location: SourceLocation, delay: Double)] = [:]
        operations.reserveCapacity(entities.count)
        sortKeys.reserveCapacity(entities.count)
        operationIndex.reserveCapacity(entities.count)
        // Describes entity `g`'s operation in place: the operation is not copied out of the
        // list and back for each entity merged into it.
        func describe(_ op: inout OperationGraph.Operation, entity g: Int, key opKey: ScanName, isNew: Bool) {
            if isNew || (describedByUse.contains(opKey) && !entities[g].isPlaceholder) {
                op.location = entities[g].location
                op.kind = entities[g].operationKind
                op.count = entities[g].count
                op.isAsynchronous = entities[g].isAsynchronous
                op.finishes = entities[g].finishes
                if entities[g].isPlaceholder { describedByUse.insert(opKey) } else { describedByUse.remove(opKey) }
            }
            if entities[g].isAsynchronous { op.isAsynchronous = true; op.finishes = op.finishes && entities[g].finishes }
            if entities[g].isBarrier { op.isBarrier = true }
            if op.queue == nil, let queue = entities[g].queue { op.queue = name(queue, file: fileOf(g)) }
            if entities[g].addedAfterSuspension, case .entity(let q)? = entities[g].queue, suspensions[keys[offsets[fileOf(g)] + q]] != nil {
                op.addedAt = max(op.addedAt, SourceExtractor.suspensionDelay)
            }
            if let priority = entities[g].priority { op.priority = priority }
            if let qos = entities[g].qualityOfService { op.qualityOfService = qos }
            // A use assumed to be enqueued by code the scanner does not follow assumes nothing
            // once the code that creates the operation is seen.
            let escapes = entities[g].escape != nil && !(entities[g].isPlaceholder && entities[g].escape == entities[g].location && created.contains(opKey))
            if op.queue != nil || entities[g].enqueuedOnUnknownQueue {
                op.start = .queue
                seenStarted.insert(opKey)
            } else if entities[g].startedManually {
                op.start = .manual
                seenStarted.insert(opKey)
            } else if escapes && op.start == .never {
                op.start = .queue
                if let escape = entities[g].escape, assumedStart[opKey] == nil { assumedStart[opKey] = escape }
            }
            if let a = entities[g].annotation {
                apply(a, to: &op, location: entities[g].location)
                if a.queue != nil || a.start != nil { seenStarted.insert(opKey) }
            }
            if !op.finishes, let origin = entities[g].unfinishedClass, let location = origin.location,
               unfinishedOperations.insert(opKey).inserted {
                unfinished.append(SourceFacts.UnfinishedClass(operation: names[g], className: origin.name, location: location))
            }
        }
        for g in entities.indices where entities[g].kind == .operation {
            let opKey = keys[g]
            if let cancel = entities[g].cancelledWhereAdded, cancelledAtStart[opKey] == nil {
                cancelledAtStart[opKey] = cancel
            }
            let enqueued = entities[g].enqueuedAt ?? (entities[g].annotation?.queue != nil ? entities[g].location : nil)
            // Enqueued in a closure (a completion block, a callback, an operation's block): later than
            // the enqueues of the code around it.
            let key = (enqueued == nil ? 1 : 0, fileOf(g), entities[g].enqueuedInClosure ? 1 : 0, enqueued ?? entities[g].location, entities[g].order)
            if let existing = operationIndex[opKey] {
                describe(&operations[existing], entity: g, key: opKey, isNew: false)
                if (key.0, key.1, key.2, key.3) < (sortKeys[existing].0, sortKeys[existing].1, sortKeys[existing].2, sortKeys[existing].3) { sortKeys[existing] = key }
            } else {
                operationIndex[opKey] = operations.count
                operations.append(OperationGraph.Operation(name: names[g]))
                sortKeys.append(key)
                describe(&operations[operations.count - 1], entity: g, key: opKey, isNew: true)
            }
        }

        // Edges and waits.
        for (f, scan) in scans.enumerated() {
            for edge in scan.edges where !edge.isRemoved {
                let waiter = name(edge.waiter, file: f)
                let dependency = name(edge.dependency, file: f)
                guard let w = operationIndex[waiter] else { continue }
                // Names are compared by their bytes, as everywhere in the graph.
                if operations[w].dependencies.contains(where: { $0.name.utf8.elementsEqual(dependency.utf8) }) { continue }
                operations[w].dependencies.append(OperationGraph.Reference(dependency, location: edge.location))
            }
            for wait in scan.waits {
                let waiter = name(wait.waiter, file: f)
                let target = name(wait.target, file: f)
                guard let w = operationIndex[waiter] else { continue }
                let isQueue = wait.isQueue ?? (queueNames.contains(target) && operationIndex[target] == nil)
                let reference = OperationGraph.Reference(target, location: wait.location)
                if isQueue {
                    if !operations[w].waitsForQueues.contains(where: { $0.name.utf8.elementsEqual(target.utf8) }) { operations[w].waitsForQueues.append(reference) }
                } else if !operations[w].waitsFor.contains(where: { $0.name.utf8.elementsEqual(target.utf8) }) {
                    operations[w].waitsFor.append(reference)
                }
            }
        }

        let order = sortKeys.indices.sorted { a, b in
            let x = sortKeys[a], y = sortKeys[b]
            return (x.0, x.1, x.2, x.3, x.4) < (y.0, y.1, y.2, y.3, y.4)
        }
        let ordered = order.map { operations[$0] }
        // By time, and in the order of the operations at one time.
        let suspensionEvents = suspensions.isEmpty ? [] : queues.compactMap { queue in
            suspensions[ScanName(queue.name)].map { OperationGraph.Event(at: SourceExtractor.suspensionDelay, .suspend(queue: queue.name), location: $0) }
        }
        let events = (ordered.compactMap { op in
            cancelledAtStart[op.name].map { OperationGraph.Event(at: $0.delay, .cancel(operation: op.name), location: $0.location) }
        } + suspensionEvents).enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        guard withSourceFacts else {
            if let keep { keep((names, keys, operations, ordered, sortKeys)) }
            return OperationGraph(queues: queues, operations: ordered, events: events)
        }
        // The operations are stored as columns on one core while each file's facts get their
        // final names on the others (item 0 first, so that it starts at once); the facts merge
        // in path order.
        let made = ParallelResults<OperationGraph>(count: 1)
        let named = ParallelResults<SourceFacts>(count: scans.count)
        let scans = self.scans
        let fileOffsets = offsets
        let queueList = queues
        ParallelWork.forEach(count: scans.count + 1, makeState: {}) { k, _ in
            guard k > 0 else {
                made.set(0, OperationGraph(queues: queueList, operations: ordered, events: events))
                return
            }
            let f = k - 1
            let count = scans[f].entities.count
            named.set(f, scans[f].facts.mapNames { Self.replacePlaceholders($0) { id in id < count ? names[fileOffsets[f] + id] : nil } })
        }
        var graph = made.get(0) ?? OperationGraph(queues: queues, operations: ordered, events: events)
        for f in scans.indices {
            if let facts = named.get(f) { graph.sourceFacts.merge(facts) }
        }
        graph.sourceFacts.unfinishedClasses = unfinished
        if !assumedStart.isEmpty {
            var assumedAt: [Int: SourceLocation] = [:]
            for (key, location) in assumedStart where !seenStarted.contains(key) {
                if let i = operationIndex[key] { assumedAt[i] = location }
            }
            graph.sourceFacts.assumedStarts = order.compactMap { i in
                guard let location = assumedAt[i], operations[i].start == .queue, operations[i].queue == nil else { return nil }
                return SourceFacts.AssumedStart(operation: operations[i].name, location: location)
            }
        }
        if let keep {
            keep(names)
            keep(keys)
            keep(operations)
            keep(ordered)
            keep(sortKeys)
        }
        return graph
    }

    private func apply(_ a: AnnotationSettings, to op: inout OperationGraph.Operation, location: SourceLocation) {
        if let queue = a.queue { op.queue = queue; op.start = .queue }
        if let start = a.start { op.start = start }
        if let priority = a.priority { op.priority = priority }
        if let qos = a.qualityOfService { op.qualityOfService = qos }
        if let duration = a.duration { op.duration = duration }
        if let asynchronous = a.isAsynchronous { op.isAsynchronous = asynchronous }
        if let finishes = a.finishes { op.finishes = finishes }
        if let barrier = a.isBarrier { op.isBarrier = barrier }
        if let count = a.count { op.count = count }
        for dependency in a.after where !op.dependencies.contains(where: { $0.name == dependency }) {
            op.dependencies.append(OperationGraph.Reference(dependency, location: location))
        }
        op.exclusive += a.exclusive.filter { !op.exclusive.contains($0) }
        op.reads += a.reads.filter { !op.reads.contains($0) }
        op.writes += a.writes.filter { !op.writes.contains($0) }
    }

    /// Replaces each `\u{1}<id>` in `text` by `name(id)`; one that names no entity (source text
    /// with that control character in it) is shown with U+FFFD in its place.
    static func replacePlaceholders(_ text: String, _ name: (Int) -> String?) -> String {
        // A byte search: `contains` with a string argument would be Foundation's, through NSString.
        guard text.utf8.contains(1) else { return text }
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        while let scalar = pending {
            if scalar == "\u{1}" {
                var digits = ""
                pending = scalars.next()
                while let d = pending, ("0"..."9").contains(d) {
                    digits.unicodeScalars.append(d)
                    pending = scalars.next()
                }
                result += Int(digits).flatMap(name) ?? "\u{FFFD}" + digits
                continue
            }
            result.unicodeScalars.append(scalar)
            pending = scalars.next()
        }
        return result
    }

    /// A unique name per entity, among operations and among queues: the annotation's name,
    /// else the variable, qualified by type and then function only where names collide.
    ///
    /// Each name comes with its `ScanName`, hashed once.
    ///
    /// - Complexity: O(*n*) expected per qualification level (four levels).
    func assignNames(_ entities: EntityList) -> (names: [String], keys: [ScanName]) {
        var level = [Int](repeating: 0, count: entities.count)
        // Entities of one property's queue or operation (`mergeKey`) are one: one identity, one name.
        var identity = Array(entities.indices)
        // The first entity of each key, among operations and among queues.
        var firstOfKey: [[ScanName: Int]] = [[:], [:]]
        for i in entities.indices {
            guard let key = entities[i].mergeKey else { continue }
            identity[i] = firstOfKey[entities[i].kind == .queue ? 1 : 0].value(forKey: ScanName(key), insertingIfMissing: i)
        }
        // The level is passed, not captured: a captured variable is boxed and checked for
        // exclusive access at each use.
        func candidate(_ i: Int, level: Int) -> String {
            if let explicit = entities[i].explicitName { return explicit }
            // Fields read one by one: a copy of the whole entity would retain all of them.
            let variable = entities[i].variable
            if level == 0 { return variable }
            let owner = entities[i].typeName
            let function = entities[i].function
            // The parts that are there, joined by `.`, with no list made to join them.
            if level == 1 { return (owner ?? function).map { $0 + "." + variable } ?? variable }
            var base = owner.map { $0 + "." } ?? ""
            if let function { base += function + "." }
            base += variable
            if level == 2 { return base }
            return "\(base)@\(entities[i].location.file):\(entities[i].location.line)"
        }
        // Each round, the entities whose name another of their kind also has move up a level.
        // Names are worked out again only for those that moved.
        var names = entities.indices.map { identity[$0] == $0 ? candidate($0, level: 0) : "" }
        // Each name hashed once, when it is made.
        var keys = names.map { ScanName($0) }
        for _ in 0..<4 {
            var firstOperation: [ScanName: Int] = [:]
            var firstQueue: [ScanName: Int] = [:]
            firstOperation.reserveCapacity(entities.count)
            var collides = [Bool](repeating: false, count: entities.count)
            for i in entities.indices where identity[i] == i {
                let isQueue = entities[i].kind == .queue
                if let first = isQueue ? firstQueue[keys[i]] : firstOperation[keys[i]] {
                    collides[first] = true
                    collides[i] = true
                } else if isQueue {
                    firstQueue[keys[i]] = i
                } else {
                    firstOperation[keys[i]] = i
                }
            }
            var changed = false
            // Entities an annotation names alike are one; only inferred names move.
            for i in entities.indices where collides[i] && entities[i].explicitName == nil && level[i] < 3 {
                level[i] += 1
                names[i] = candidate(i, level: level[i])
                keys[i] = ScanName(names[i])
                changed = true
            }
            if !changed { break }
        }
        return (entities.indices.map { names[identity[$0]] }, entities.indices.map { keys[identity[$0]] })
    }
}

/// Every file's entities, numbered in path order, read where the files' scans hold them: a copy
/// of an entity would retain each of its strings, made on other cores.
struct EntityList {
    /// Each file's entities.
    private let lists: [[Entity]]
    /// The number of the first entity of each file.
    let offsets: [Int]
    private let files: [Int32]

    init(_ scans: [FileScan]) {
        lists = scans.map(\.entities)
        var offsets: [Int] = []
        var files: [Int32] = []
        offsets.reserveCapacity(scans.count)
        for (f, scan) in scans.enumerated() {
            offsets.append(files.count)
            files += repeatElement(Int32(f), count: scan.entities.count)
        }
        self.offsets = offsets
        self.files = files
    }

    var count: Int { files.count }
    var indices: Range<Int> { 0..<files.count }

    /// The file entity `g` comes from.
    func file(of g: Int) -> Int { Int(files[g]) }

    subscript(g: Int) -> Entity {
        _read {
            let f = Int(files[g])
            yield lists[f][g - offsets[f]]
        }
    }
}
