/// What a simulation predicts: when each operation starts and ends, on which queue slot,
/// how long the whole graph takes, where time goes, and — if it never finishes — why.
public struct Schedule: Sendable, Equatable {
    /// How an operation ended up.
    public enum State: String, Sendable, CaseIterable {
        /// Ran to its end.
        case finished
        /// Cancelled, and finished (at once if it had not started).
        case cancelled
        /// Started (or ready) but never finishes: it waits forever, or never marks itself finished.
        case stuck
        /// Never started.
        case neverStarted = "never-started"
    }

    /// One row of the schedule.
    public struct Entry: Sendable, Equatable {
        public var operation: String
        /// The queue it was added to; nil when in no queue or started by hand.
        public var queue: String?
        /// The queue slot it held (0-based); nil when it never had one.
        public var slot: Int?
        /// When it got its slot and started; nil when it never started.
        public var start: Double?
        /// When `main()` began to run, after its waits (S19); equals `start` without waits.
        public var runStart: Double?
        /// When it finished; nil when it never did.
        public var end: Double?
        public var state: State
        /// The constraint that released its start last (or, with waits, its run).
        public var waitedFor: Constraint?
    }

    /// What released an operation: the last thing it waited for.
    public struct Constraint: Sendable, Hashable, CustomStringConvertible {
        public enum Kind: String, Sendable, CaseIterable {
            /// It was added (or started by hand) at its `addedAt`, with nothing else to wait for.
            case added
            /// A dependency finished (including exclusivity and barrier order).
            case dependency
            /// It was cancelled, so its dependencies no longer counted (S6).
            case cancelled
            /// Another operation freed a slot of its queue.
            case slot
            /// Another operation freed a thread (apple: the global limit; linux: the pool).
            case thread
            /// Its queue was resumed.
            case resume
            /// The linux thread pool grew by one thread.
            case poolGrowth = "pool-growth"
            /// The operation it waited for inside `main()` finished (S19).
            case wait
            /// The queue it waited for drained (S19).
            case queueWait = "queue-wait"
        }

        public var kind: Kind
        /// The operation involved (the dependency, the one that freed the slot).
        public var operation: String?
        /// The queue involved (resumed, drained).
        public var queue: String?

        public init(_ kind: Kind, operation: String? = nil, queue: String? = nil) {
            self.kind = kind
            self.operation = operation
            self.queue = queue
        }

        /// `dependency:download1`, `slot:fetchA`, `resume:io`, `added`.
        public var description: String {
            if let operation { return "\(kind.rawValue):\(operation)" }
            if let queue { return "\(kind.rawValue):\(queue)" }
            return kind.rawValue
        }
    }

    /// How busy a queue was.
    public struct QueueStatistics: Sendable, Equatable {
        public var name: String
        /// The width it ran with; nil when the queue sets no limit of its own (linux, -1).
        public var width: Int?
        /// Slot-seconds held by its operations (waiting included).
        public var busyTime: Double
        /// `busyTime` / (width × makespan); with no width of its own, peak concurrency stands for it.
        public var utilisation: Double
        /// The most operations that held its slots at once.
        public var peakConcurrency: Int
        /// The longest time an operation was ready but had no slot (or thread) to start on.
        public var longestWait: Double
        public var longestWaitOperation: String?
    }

    /// One step of the critical path.
    public struct CriticalStep: Sendable, Equatable {
        public var operation: String
        public var start: Double
        public var end: Double
        /// What released this step last.
        public var releasedBy: Constraint
    }

    public var platform: SimulationPlatform
    /// In execution order: by start, then tie order; operations that never started last.
    public var entries: [Entry]
    /// When the last operation finished.
    public var makespan: Double
    public var queues: [QueueStatistics]
    /// From the first step to the operation that finished last.
    public var criticalPath: [CriticalStep]
    /// Why operations remain unfinished; nil when every one that should finish did.
    public var stuck: StuckReport?
}

extension Schedule {
    /// The row of an operation. - Complexity: O(*n*).
    public func entry(_ operation: String) -> Entry? {
        entries.first { $0.operation == operation }
    }

    /// Operation names in the order they started (never-started ones left out).
    public var startOrder: [String] {
        entries.filter { $0.start != nil }.map(\.operation)
    }
}
