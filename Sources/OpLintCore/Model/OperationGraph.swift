/// An operation graph: operations, the dependencies between them, and the queues that run them.
///
/// This is format v1 (`docs/format.md`) as a Swift value. Operations are kept in the order
/// they are added to their queues, which breaks priority ties (S14).
public struct OperationGraph: Sendable, Equatable {
    /// Queues in declaration order.
    public var queues: [Queue]
    /// Operations in the order they are added to their queues.
    public var operations: OperationList
    /// Things that happen at a given time: cancel, suspend, resume.
    public var events: [Event]
    /// Defaults for the simulator.
    public var simulation: SimulationSettings
    /// Where the graph came from, when `extract` wrote it.
    public var source: SourceInfo?
    /// The files the graph was read from; `DocumentPosition.document` indexes this.
    public var documents: [Document]
    /// Findings made while the graph was read (an unknown key, an annotation that could not
    /// be parsed, a call the source scanner could not resolve), reported with the rules' findings.
    public var diagnostics: [Finding] = []
    /// Keys in the graph file that format v1 does not define (reported by OPL109 unknown-key).
    public var unknownKeys: [UnknownKey] = []
    /// What the source scanner saw beyond the graph itself: API calls in an order that matters
    /// (S5, S7, S16), suppression comments. Empty for JSON graphs.
    public var sourceFacts = SourceFacts()

    public init(
        queues: [Queue] = [],
        operations: OperationList = [],
        events: [Event] = [],
        simulation: SimulationSettings = SimulationSettings(),
        source: SourceInfo? = nil,
        documents: [Document] = []
    ) {
        self.queues = queues
        self.operations = operations
        self.events = events
        self.simulation = simulation
        self.source = source
        self.documents = documents
    }

    /// A graph of these operations (stored as columns, `OperationList`).
    public init(
        queues: [Queue] = [],
        operations: [Operation],
        events: [Event] = [],
        simulation: SimulationSettings = SimulationSettings(),
        source: SourceInfo? = nil,
        documents: [Document] = []
    ) {
        self.init(queues: queues, operations: OperationList(operations), events: events, simulation: simulation, source: source, documents: documents)
    }
}

extension OperationGraph {
    /// Defaults for the simulator, from the file's `simulation` object.
    public struct SimulationSettings: Sendable, Equatable {
        /// Width of a queue whose `maxConcurrentOperationCount` is -1.
        public var defaultWidth: Int?
        /// The global thread limit.
        public var threads: Int?
        /// Cores for the CPU-contention model; nil = operations never slow each other.
        public var cores: Int?
        /// CPUs of the Linux thread-pool model.
        public var cpus: Int?

        public init(defaultWidth: Int? = nil, threads: Int? = nil, cores: Int? = nil, cpus: Int? = nil) {
            self.defaultWidth = defaultWidth
            self.threads = threads
            self.cores = cores
            self.cpus = cpus
        }
    }

    /// Where an extracted graph came from.
    public struct SourceInfo: Sendable, Equatable {
        public var tool: String?
        public var version: String?
        public var files: [String]

        public init(tool: String? = nil, version: String? = nil, files: [String] = []) {
            self.tool = tool
            self.version = version
            self.files = files
        }
    }

    /// Appends `other`'s queues, operations and events, keeping their positions valid.
    ///
    /// Used when several paths are given: they merge into one graph, in argument order.
    /// - Complexity: O(*n*) in the size of `other`.
    public mutating func merge(_ other: OperationGraph) {
        let shift = Int32(documents.count)
        documents += other.documents
        func moved(_ position: DocumentPosition?) -> DocumentPosition? {
            guard var position else { return nil }
            position.document += shift
            return position
        }
        queues += other.queues.map { queue in
            var queue = queue
            queue.position = moved(queue.position)
            return queue
        }
        operations.append(other.operations, documentShift: shift)
        events += other.events.map { event in
            var event = event
            event.position = moved(event.position)
            return event
        }
        if simulation.defaultWidth == nil { simulation.defaultWidth = other.simulation.defaultWidth }
        if simulation.threads == nil { simulation.threads = other.simulation.threads }
        if simulation.cores == nil { simulation.cores = other.simulation.cores }
        if simulation.cpus == nil { simulation.cpus = other.simulation.cpus }
        if source == nil { source = other.source }
        diagnostics += other.diagnostics
        unknownKeys += other.unknownKeys.map { key in
            var key = key
            key.position = moved(key.position) ?? key.position
            return key
        }
        sourceFacts.merge(other.sourceFacts)
    }
}
