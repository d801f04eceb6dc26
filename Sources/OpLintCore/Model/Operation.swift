extension OperationGraph {
    /// One `Operation` (`NSOperation`): its queue, dependencies and settings.
    public struct Operation: Sendable, Equatable {
        /// How an operation is started.
        public enum StartMode: String, Sendable, CaseIterable {
            /// Added to its queue, which starts it when it is ready.
            case queue
            /// Its `start()` is called by hand at `addedAt` (S7).
            case manual
            /// Never added to a queue nor started.
            case never
        }

        /// What kind of `Operation` it is; informational.
        public enum Kind: String, Sendable, CaseIterable {
            case block, invocation, custom
        }

        public var name: String
        /// The queue it is added to; nil = never added to a queue.
        public var queue: String?
        public var start: StartMode
        /// The operations it waits for (`addDependency`, S3).
        public var dependencies: [Reference]
        public var priority: QueuePriority
        public var qualityOfService: QualityOfService
        /// How long `main()` runs, in seconds.
        public var duration: Double
        /// When it is added to its queue (or started by hand), in seconds.
        public var addedAt: Double
        public var kind: Kind
        public var isAsynchronous: Bool
        /// false = an asynchronous operation that never marks itself finished (S8).
        public var finishes: Bool
        /// false = once executing, it ignores `cancel()` (S6).
        public var checksCancellation: Bool
        /// Operations it calls `waitUntilFinished()` on while executing (S19).
        public var waitsFor: [Reference]
        /// Queues it calls `waitUntilAllOperationsAreFinished()` on (S19).
        public var waitsForQueues: [Reference]
        /// Mutual-exclusivity categories (S21).
        public var exclusive: [String]
        /// Added with `addBarrierBlock` (S18).
        public var isBarrier: Bool
        /// Shared resources it reads.
        public var reads: [String]
        /// Shared resources it writes.
        public var writes: [String]
        /// The same operation created this many times.
        public var count: Int
        /// Where it is created in source code.
        public var location: SourceLocation?
        /// Where it is declared in the graph file.
        public var position: DocumentPosition?
        /// Where its `queue` is named in the graph file.
        public var queuePosition: DocumentPosition?
        /// Free-form labels, shown in tooltips and reports.
        public var labels: [String: String]
        /// Rules disabled for this operation (`"oplint": {"disable": [...]}`), by code or name.
        public var disabledRules: [String]

        public init(
            name: String,
            queue: String? = nil,
            start: StartMode? = nil,
            dependencies: [Reference] = [],
            priority: QueuePriority = .normal,
            qualityOfService: QualityOfService = .default,
            duration: Double = 1,
            addedAt: Double = 0
        ) {
            self.name = name
            self.queue = queue
            self.start = start ?? (queue == nil ? .never : .queue)
            self.dependencies = dependencies
            self.priority = priority
            self.qualityOfService = qualityOfService
            self.duration = duration
            self.addedAt = addedAt
            self.kind = .block
            self.isAsynchronous = false
            self.finishes = true
            self.checksCancellation = true
            self.waitsFor = []
            self.waitsForQueues = []
            self.exclusive = []
            self.isBarrier = false
            self.reads = []
            self.writes = []
            self.count = 1
            self.location = nil
            self.position = nil
            self.queuePosition = nil
            self.labels = [:]
            self.disabledRules = []
        }
    }

    /// A name that refers to an operation or a queue, with where the reference was made.
    public struct Reference: Sendable, Equatable, ExpressibleByStringLiteral {
        public var name: String
        /// Where the reference is made in source code (`a.addDependency(b)`).
        public var location: SourceLocation?
        /// Where the reference is written in the graph file.
        public var position: DocumentPosition?

        public init(_ name: String, location: SourceLocation? = nil, position: DocumentPosition? = nil) {
            self.name = name
            self.location = location
            self.position = position
        }

        public init(stringLiteral value: String) {
            self.init(value)
        }
    }
}
