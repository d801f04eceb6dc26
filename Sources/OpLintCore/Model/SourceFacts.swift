/// What the source scanner saw beyond the operation graph itself.
///
/// Filled by `OpLintSource`; read by the API-misuse rules (OPL3xx), OPL203 and OPL208.
/// Names are the final operation and queue names of the extracted graph.
public struct SourceFacts: Sendable, Equatable {
    /// `addDependency` / `removeDependency` / a priority or QoS change made after the
    /// operation was added to a queue or started, in the same straight-line code (S5).
    public struct LateChange: Sendable, Equatable {
        public var operation: String
        /// What was changed: `addDependency`, `removeDependency`, `queuePriority`, `qualityOfService`.
        public var change: String
        /// The other operation of a dependency change.
        public var other: String?
        public var location: SourceLocation
        /// Where the operation was enqueued or started before.
        public var enqueuedAt: SourceLocation

        public init(operation: String, change: String, other: String?, location: SourceLocation, enqueuedAt: SourceLocation) {
            self.operation = operation
            self.change = change
            self.other = other
            self.location = location
            self.enqueuedAt = enqueuedAt
        }
    }

    /// One `addOperation` (or `start()`) of an operation.
    public struct Enqueue: Sendable, Equatable {
        public var operation: String
        /// The queue; nil for a manual `start()`.
        public var queue: String?
        public var location: SourceLocation
        /// Where the same operation was already enqueued or started on a path that always
        /// runs before this one (S16).
        public var previous: SourceLocation?
        /// The receiver as written when it is a queue the scanner could not follow
        /// (`[[self queue] addOperation:op]`); `queue` is nil then, and this is no manual start.
        public var receiver: String?
        /// The loop that runs this call again with the same operation, made before the loop:
        /// where the loop starts and how many times it runs, when that is a literal.
        public var loop: SourceLocation?
        public var iterations: Int?

        public init(operation: String, queue: String?, location: SourceLocation, previous: SourceLocation? = nil, receiver: String? = nil,
                    loop: SourceLocation? = nil, iterations: Int? = nil) {
            self.operation = operation
            self.queue = queue
            self.location = location
            self.previous = previous
            self.receiver = receiver
            self.loop = loop
            self.iterations = iterations
        }
    }

    /// A `start()` by hand, with the dependencies not known to be finished at that point (S7).
    public struct ManualStart: Sendable, Equatable {
        public var operation: String
        public var location: SourceLocation
        /// Dependencies added before the call in the same code and neither started by hand,
        /// nor waited for, before it.
        public var unfinishedDependencies: [String]
        /// The class whose own `start` replaces Foundation's (it never calls `super`'s), when
        /// the operation's class has one: that code, not Foundation's check, runs then.
        public var classWithOwnStart: String?

        public init(operation: String, location: SourceLocation, unfinishedDependencies: [String], classWithOwnStart: String? = nil) {
            self.operation = operation
            self.location = location
            self.unfinishedDependencies = unfinishedDependencies
            self.classWithOwnStart = classWithOwnStart
        }
    }

    /// `a.cancel()` or `q.cancelAllOperations()`.
    public struct Cancellation: Sendable, Equatable {
        /// The operation cancelled, or nil for `cancelAllOperations`.
        public var operation: String?
        /// The queue whose operations are all cancelled.
        public var queue: String?
        public var location: SourceLocation
        /// The code's own method that may cancel the operation (`timeout`, for
        /// `[op timeout:60 * NSEC_PER_SEC]`); nil for `cancel` itself.
        public var method: String?

        public init(operation: String?, queue: String?, location: SourceLocation, method: String? = nil) {
            self.operation = operation
            self.queue = queue
            self.location = location
            self.method = method
        }
    }

    /// `a.removeDependency(b)`.
    public struct RemovedDependency: Sendable, Equatable {
        public var operation: String
        public var dependency: String
        public var location: SourceLocation
        /// True when `dependency` is known to have finished at that point (waited for before).
        public var dependencyKnownFinished: Bool
        /// True when the call is Objective-C, which never runs on swift-corelibs-foundation.
        public var isObjectiveC: Bool

        public init(operation: String, dependency: String, location: SourceLocation, dependencyKnownFinished: Bool, isObjectiveC: Bool = false) {
            self.operation = operation
            self.dependency = dependency
            self.location = location
            self.dependencyKnownFinished = dependencyKnownFinished
            self.isObjectiveC = isObjectiveC
        }
    }

    /// `DispatchQueue.sync` onto the queue the code already runs on (S22).
    public struct SelfSync: Sendable, Equatable {
        /// The dispatch queue as written (`DispatchQueue.main`, `stateQueue`).
        public var queue: String
        /// Why the code is known to run on that queue already.
        public var reason: String
        public var location: SourceLocation
        /// Where the code starts running on that queue (the outer block), if elsewhere.
        public var context: SourceLocation?
        /// Objective-C's `dispatch_sync(queue, ^{ … })` rather than Swift's `queue.sync { … }`.
        public var isDispatchSync: Bool
        /// The file does not show how the queue is made (another file, a caller's argument): it
        /// deadlocks only if the queue is serial.
        public var queueMadeElsewhere: Bool

        public init(queue: String, reason: String, location: SourceLocation, context: SourceLocation? = nil, isDispatchSync: Bool = false,
                    queueMadeElsewhere: Bool = false) {
            self.queue = queue
            self.reason = reason
            self.location = location
            self.context = context
            self.isDispatchSync = isDispatchSync
            self.queueMadeElsewhere = queueMadeElsewhere
        }
    }

    /// A wait (`waitUntilFinished`, `waitUntilAllOperationsAreFinished`,
    /// `addOperations(_:waitUntilFinished: true)`) made by code on the main thread (S19).
    public struct MainThreadWait: Sendable, Equatable {
        /// The operation waited for, if the wait is on one operation.
        public var operation: String?
        /// The queue waited for, if the wait is on a queue.
        public var queue: String?
        /// Why the code is known to run on the main thread.
        public var reason: String
        public var location: SourceLocation
        /// The call that waits: `waitUntilFinished`, `waitUntilAllOperationsAreFinished`, `addOperations`.
        public var call: String
        /// The same code added what it waits for to its queue before the wait (or the waiting
        /// call adds it): nothing else can have run it in between.
        public var addedByTheWaitingCode: Bool

        public init(operation: String?, queue: String?, reason: String, location: SourceLocation, call: String = "waitUntilFinished",
                    addedByTheWaitingCode: Bool = false) {
            self.operation = operation
            self.queue = queue
            self.reason = reason
            self.location = location
            self.call = call
            self.addedByTheWaitingCode = addedByTheWaitingCode
        }
    }

    /// An inline suppression comment.
    public struct Suppression: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case disable, enable, disableNextLine = "disable-next-line", disableFile = "disable-file"
        }
        public var kind: Kind
        /// Rule codes or names; empty = every rule.
        public var rules: [String]
        public var location: SourceLocation

        public init(kind: Kind, rules: [String], location: SourceLocation) {
            self.kind = kind
            self.rules = rules
            self.location = location
        }
    }

    /// A note or error about the source: a malformed annotation, a call that could not be resolved.
    public struct Issue: Sendable, Equatable {
        public var message: String
        public var location: SourceLocation

        public init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    /// An operation that never finishes because its class replaces `start` and never marks it
    /// finished (S8): the class and where its `start` is, for the finding to point at.
    public struct UnfinishedClass: Sendable, Equatable {
        public var operation: String
        public var className: String
        public var location: SourceLocation

        public init(operation: String, className: String, location: SourceLocation) {
            self.operation = operation
            self.className = className
            self.location = location
        }
    }

    /// An operation taken as enqueued only because it is handed to code the scanner does not
    /// read (`runner.run(op)`, `[group runBefore:op]`): it is not reported as never started,
    /// but nothing is claimed on the strength of its start either.
    public struct AssumedStart: Sendable, Equatable {
        public var operation: String
        /// Where it is handed on.
        public var location: SourceLocation

        public init(operation: String, location: SourceLocation) {
            self.operation = operation
            self.location = location
        }
    }

    /// A setting of an operation or queue, with where it was made.
    public struct Setting: Sendable, Equatable {
        /// The operation or queue name.
        public var target: String
        public var isQueue: Bool
        /// The format-v1 key: `maxConcurrentOperationCount`, `priority`, `qualityOfService`, `suspended`, …
        public var key: String
        public var value: String
        public var location: SourceLocation

        public init(target: String, isQueue: Bool, key: String, value: String, location: SourceLocation) {
            self.target = target
            self.isQueue = isQueue
            self.key = key
            self.value = value
            self.location = location
        }
    }

    public var lateChanges: [LateChange] = []
    public var enqueues: [Enqueue] = []
    public var manualStarts: [ManualStart] = []
    public var cancellations: [Cancellation] = []
    public var removedDependencies: [RemovedDependency] = []
    public var selfSyncs: [SelfSync] = []
    public var mainThreadWaits: [MainThreadWait] = []
    public var suppressions: [Suppression] = []
    /// Malformed `// oplint:` annotations (OPL305).
    public var annotationErrors: [Issue] = []
    /// Operation API calls the scanner could not resolve, and guesses it declined to make (OPL306).
    public var unresolved: [Issue] = []
    public var settings: [Setting] = []
    public var unfinishedClasses: [UnfinishedClass] = []
    public var assumedStarts: [AssumedStart] = []
    /// How much of the source the scanner followed; nil when the graph does not come from source.
    public var coverage: SourceCoverage?

    public init() {}

    /// Whether nothing was recorded.
    public var isEmpty: Bool { self == SourceFacts() }

    /// Appends another scan's facts.
    public mutating func merge(_ other: SourceFacts) {
        lateChanges += other.lateChanges
        enqueues += other.enqueues
        manualStarts += other.manualStarts
        cancellations += other.cancellations
        removedDependencies += other.removedDependencies
        selfSyncs += other.selfSyncs
        mainThreadWaits += other.mainThreadWaits
        suppressions += other.suppressions
        annotationErrors += other.annotationErrors
        unresolved += other.unresolved
        settings += other.settings
        unfinishedClasses += other.unfinishedClasses
        assumedStarts += other.assumedStarts
        if let more = other.coverage {
            var sum = coverage ?? SourceCoverage()
            sum.add(more)
            coverage = sum
        }
    }
}

extension SourceFacts {
    /// The main-thread waits by call: `addOperations([a, b], waitUntilFinished: true)` records
    /// one wait per operation at one place, which are one wait of the code that makes the call.
    ///
    /// - Complexity: O(*waits*).
    public var mainThreadWaitCalls: [[MainThreadWait]] {
        var calls: [[MainThreadWait]] = []
        for wait in mainThreadWaits {
            if wait.operation != nil, let last = calls.last?.last, last.operation != nil,
               last.location == wait.location, last.reason == wait.reason {
                calls[calls.count - 1].append(wait)
            } else {
                calls.append([wait])
            }
        }
        return calls
    }

    /// The same facts with every operation and queue name passed through `rename`
    /// (names inside messages too, where `rename` finds them).
    public func mapNames(_ rename: (String) -> String) -> SourceFacts {
        var copy = self
        copy.lateChanges = lateChanges.map { var f = $0; f.operation = rename(f.operation); f.other = f.other.map(rename); return f }
        copy.enqueues = enqueues.map { var f = $0; f.operation = rename(f.operation); f.queue = f.queue.map(rename); return f }
        copy.manualStarts = manualStarts.map { var f = $0; f.operation = rename(f.operation); f.unfinishedDependencies = f.unfinishedDependencies.map(rename); return f }
        copy.cancellations = cancellations.map { var f = $0; f.operation = f.operation.map(rename); f.queue = f.queue.map(rename); return f }
        copy.removedDependencies = removedDependencies.map { var f = $0; f.operation = rename(f.operation); f.dependency = rename(f.dependency); return f }
        copy.mainThreadWaits = mainThreadWaits.map { var f = $0; f.operation = f.operation.map(rename); f.queue = f.queue.map(rename); return f }
        copy.annotationErrors = annotationErrors.map { var f = $0; f.message = rename(f.message); return f }
        copy.unresolved = unresolved.map { var f = $0; f.message = rename(f.message); return f }
        copy.settings = settings.map { var f = $0; f.target = rename(f.target); return f }
        copy.unfinishedClasses = unfinishedClasses.map { var f = $0; f.operation = rename(f.operation); return f }
        copy.assumedStarts = assumedStarts.map { var f = $0; f.operation = rename(f.operation); return f }
        return copy
    }
}
