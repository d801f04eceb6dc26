/// Why a graph cannot finish: the wait-for graph at the moment no progress is possible,
/// reduced to its root causes (cycles of waits, or roots that block everything behind them).
public struct StuckReport: Sendable, Equatable {
    /// How many holders of one queue's slots, of the threads or of a queue waited on a
    /// member lists; the rest are counted in `Member.omittedEdges`.
    public static let heldByListLimit = 10

    /// Why one operation waits for another.
    public enum Reason: Sendable, Hashable {
        /// `addDependency` (S3).
        case dependency
        /// The implicit order of an exclusivity category (S21).
        case exclusivity(category: String)
        /// The implicit order of a barrier (S18).
        case barrier
        /// `waitUntilFinished()` inside the waiter's `main()` (S19).
        case wait
        /// `waitUntilAllOperationsAreFinished()` on a queue (S19).
        case queueWait(queue: String)
        /// No free slot on the queue: the target holds one (S13).
        case slot(queue: String)
        /// No free thread: the target holds one (apple: the global limit; linux: the pool).
        case thread
    }

    /// One edge of the wait-for graph.
    public struct WaitEdge: Sendable, Equatable {
        /// The operation waited for.
        public var target: String
        public var reason: Reason
        /// Where the edge is made (`addDependency`, `waitUntilFinished`), when known.
        public var location: SourceLocation?
    }

    /// An operation that can never finish, with what it waits for.
    public struct Member: Sendable, Equatable {
        public var operation: String
        /// Its situation in words: `executing on io slot 0`, `ready, no free slot on io`.
        public var situation: String
        /// What it waits for (inside a cycle: only the edges of the cycle). The holders of a
        /// queue's slots, of the threads or of a queue it waits to drain are listed up to
        /// `StuckReport.heldByListLimit` each.
        public var edges: [WaitEdge]
        /// Holders left out of `edges` by that limit.
        public var omittedEdges = 0
    }

    /// An operation stuck behind a root cause, and the first step of its way there.
    public struct Blocked: Sendable, Equatable {
        public var operation: String
        /// The operation it waits for on its way to the root cause.
        public var via: String
        public var reason: Reason
    }

    /// One root cause.
    public struct RootCause: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable {
            /// Operations that wait for each other: dependencies only (S4).
            case dependencyCycle = "dependency-cycle"
            /// A cycle closed by exclusivity or barrier order (S21, S18).
            case exclusivityCycle = "exclusivity-cycle"
            /// A cycle with waits inside operations, but no slot edge (S19).
            case waitCycle = "wait-deadlock"
            /// Every slot of a queue is held by operations that wait for ones that have none (S19).
            case slotExhaustion = "slot-exhaustion"
            /// An operation in no queue, never started, that others wait for (S3).
            case neverStarted = "never-started"
            /// Started by hand before it was ready: `start()` throws (S7).
            case startedBeforeReady = "started-before-ready"
            /// A queue suspended and never resumed (S15).
            case suspendedQueue = "suspended-queue"
            /// A queue of width 0 (S13).
            case zeroWidthQueue = "zero-width-queue"
            /// An asynchronous operation that never marks itself finished (S8).
            case neverFinishes = "never-finishes"
        }

        public var kind: Kind
        /// The cycle's operations, or the root operation(s).
        public var members: [Member]
        /// The queue involved (exhausted, suspended, zero-width, held by a never-finishing operation).
        public var queue: String?
        /// That queue's width.
        public var width: Int?
        /// Operations stuck behind this cause, in graph order.
        public var blocked: [Blocked]
        /// True when the search for what waits behind causes ran out of budget before this one:
        /// `blocked` then leaves out operations already listed under an earlier cause.
        public var blockedIsPartial = false
        /// A concrete change that removes the cause.
        public var fix: String

        /// True for the kinds that are cycles of waits.
        public var isCycle: Bool {
            [.dependencyCycle, .exclusivityCycle, .waitCycle, .slotExhaustion].contains(kind)
        }
    }

    /// When the simulation stopped making progress.
    public var time: Double
    /// Every operation that can never finish, in graph order.
    public var unfinished: [String]
    public var rootCauses: [RootCause]
}
