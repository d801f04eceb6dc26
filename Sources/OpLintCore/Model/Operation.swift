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
        /// Added with `addBarrierBlock` (S18).
        public var isBarrier: Bool
        /// The same operation created this many times.
        public var count: Int
        /// Where it is declared in the graph file.
        public var position: DocumentPosition?
        /// Where its `queue` is named in the graph file.
        public var queuePosition: DocumentPosition?

        /// The settings most operations leave at their defaults, stored out of line so that a
        /// graph of a million operations stays small and cheap to copy.
        var details: Details?

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
            self.isBarrier = false
            self.count = 1
            self.position = nil
            self.queuePosition = nil
        }

        /// Operations it calls `waitUntilFinished()` on while executing (S19).
        public var waitsFor: [Reference] {
            get { details?.waitsFor ?? [] }
            set { mutateDetails { $0.waitsFor = newValue } }
        }

        /// Queues it calls `waitUntilAllOperationsAreFinished()` on (S19).
        public var waitsForQueues: [Reference] {
            get { details?.waitsForQueues ?? [] }
            set { mutateDetails { $0.waitsForQueues = newValue } }
        }

        /// Mutual-exclusivity categories (S21).
        public var exclusive: [String] {
            get { details?.exclusive ?? [] }
            set { mutateDetails { $0.exclusive = newValue } }
        }

        /// Shared resources it reads.
        public var reads: [String] {
            get { details?.reads ?? [] }
            set { mutateDetails { $0.reads = newValue } }
        }

        /// Shared resources it writes.
        public var writes: [String] {
            get { details?.writes ?? [] }
            set { mutateDetails { $0.writes = newValue } }
        }

        /// Where it is created in source code.
        public var location: SourceLocation? {
            get { details?.location ?? nil }
            set { mutateDetails { $0.location = newValue } }
        }

        /// Free-form labels, shown in tooltips and reports.
        public var labels: [String: String] {
            get { details?.labels ?? [:] }
            set { mutateDetails { $0.labels = newValue } }
        }

        /// Rules disabled for this operation (`"oplint": {"disable": [...]}`), by code or name.
        public var disabledRules: [String] {
            get { details?.disabledRules ?? [] }
            set { mutateDetails { $0.disabledRules = newValue } }
        }

        private mutating func mutateDetails(_ change: (Details) -> Void) {
            if details == nil {
                details = Details()
            } else if !isKnownUniquelyReferenced(&details!) {
                details = details!.copy()
            }
            change(details!)
        }

        public static func == (lhs: Operation, rhs: Operation) -> Bool {
            lhs.name == rhs.name && lhs.queue == rhs.queue && lhs.start == rhs.start
                && lhs.dependencies == rhs.dependencies && lhs.priority == rhs.priority
                && lhs.qualityOfService == rhs.qualityOfService && lhs.duration == rhs.duration
                && lhs.addedAt == rhs.addedAt && lhs.kind == rhs.kind && lhs.isAsynchronous == rhs.isAsynchronous
                && lhs.finishes == rhs.finishes && lhs.checksCancellation == rhs.checksCancellation
                && lhs.isBarrier == rhs.isBarrier && lhs.count == rhs.count && lhs.position == rhs.position
                && lhs.queuePosition == rhs.queuePosition
                && (lhs.details ?? Details()) == (rhs.details ?? Details())
        }
    }

    /// A name that refers to an operation or a queue, with where the reference was made.
    public struct Reference: Sendable, Equatable, ExpressibleByStringLiteral {
        public var name: String
        /// Where the reference is written in the graph file.
        public var position: DocumentPosition?
        /// Boxed so that a reference read from JSON, which has none, stays small.
        private var sourceLocation: SourceLocationBox?

        /// Where the reference is made in source code (`a.addDependency(b)`).
        public var location: SourceLocation? {
            get { sourceLocation?.value }
            set { sourceLocation = newValue.map(SourceLocationBox.init) }
        }

        public init(_ name: String, location: SourceLocation? = nil, position: DocumentPosition? = nil) {
            self.name = name
            self.position = position
            self.sourceLocation = location.map(SourceLocationBox.init)
        }

        public init(stringLiteral value: String) {
            self.init(value)
        }

        public static func == (lhs: Reference, rhs: Reference) -> Bool {
            lhs.name == rhs.name && lhs.position == rhs.position && lhs.location == rhs.location
        }
    }
}

/// An immutable boxed `SourceLocation`.
final class SourceLocationBox: Sendable {
    let value: SourceLocation

    init(_ value: SourceLocation) {
        self.value = value
    }
}

extension OperationGraph.Operation {
    /// Out-of-line storage for `Operation`'s rarely set properties; copied on write.
    final class Details: @unchecked Sendable, Equatable {
        var waitsFor: [OperationGraph.Reference] = []
        var waitsForQueues: [OperationGraph.Reference] = []
        var exclusive: [String] = []
        var reads: [String] = []
        var writes: [String] = []
        var location: SourceLocation?
        var labels: [String: String] = [:]
        var disabledRules: [String] = []

        func copy() -> Details {
            let other = Details()
            other.waitsFor = waitsFor
            other.waitsForQueues = waitsForQueues
            other.exclusive = exclusive
            other.reads = reads
            other.writes = writes
            other.location = location
            other.labels = labels
            other.disabledRules = disabledRules
            return other
        }

        static func == (lhs: Details, rhs: Details) -> Bool {
            lhs.waitsFor == rhs.waitsFor && lhs.waitsForQueues == rhs.waitsForQueues
                && lhs.exclusive == rhs.exclusive && lhs.reads == rhs.reads && lhs.writes == rhs.writes
                && lhs.location == rhs.location
                && lhs.labels == rhs.labels && lhs.disabledRules == rhs.disabledRules
        }
    }
}
