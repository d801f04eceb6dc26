/// The adversarial graph shapes of the benchmark and of the work-counting tests: each one
/// a kind of graph that a naive algorithm handles in quadratic time or output.
///
/// `ShapeGraph(shape, operations: n)` builds the graph; `ShapeGraph.json()` writes it as
/// format-v1 JSON, which every command and test reads like any other graph.
public enum GraphShape: String, CaseIterable, Sendable {
    /// `op1` depends on `op0`, `op2` on `op1`, …, all on one queue of default width.
    case chain
    /// The same chain on no queue at all: every operation is never started (OPL105) and all
    /// but the first are also blocked by it (OPL106).
    case chainNoQueue = "chain-no-queue"
    /// Every operation depends on `op0`.
    case fanOut = "fan-out"
    /// The last operation depends on every other one.
    case fanIn = "fan-in"
    /// Every operation depends on `op0`, which is never started.
    case blockedFanOut = "blocked-fan-out"
    /// Half the operations are never started and the one operation after them depends on all
    /// of them; a chain behind it holds the other half: many root causes share one long tail.
    case sharedTail = "shared-tail"
    /// Layers of eight operations, each depending on all eight of the layer before.
    case bipartite
    /// One cycle through every operation, on one queue.
    case cycle
    /// One strongly connected component with chords: `op_i` depends on `op_{i-1}` and on a
    /// random earlier operation, and `op0` on the last.
    case giantSCC = "giant-scc"
    /// Disjoint two-operation cycles.
    case smallCycles = "small-cycles"
    /// `op_i` calls `waitUntilFinished()` on `op_{i+1}`, alternating between a serial queue and
    /// a queue of width 2.
    case waitChain = "wait-chain"
    /// `op_i` waits for `op_{i-1}`, over eight queues of width 4: a wait-for chain as long as the graph.
    case deepWaits = "deep-waits"
    /// `op_i` waits for `op_{i+1}` on one queue of default width: every slot is held by a
    /// waiter and all the others are ready with no slot (slot exhaustion).
    case slotWaits = "slot-waits"
    /// Two operations per serial queue (width 1): the first of each ready at once, the second
    /// depending on a random earlier operation — many more ready queues than threads.
    case serialQueues = "serial-queues"
    /// Three operations created in loops: `download` (`count` n/2), `combine` waiting for all
    /// of them, and `publish` (`count` n/2) waiting for `combine`.
    case hugeCount = "huge-count"
    /// Operations on sixteen queues, and as many events: cancels, suspends and resumes.
    case manyEvents = "many-events"
    /// Every operation writes the same resource, on a queue of default width, unordered.
    case sharedResource = "shared-resource"
    /// Queues of three: a low-priority operation on one chain through every queue, one that
    /// depends on it, and one unordered with both — priority rules search the whole chain.
    case priorityQueues = "priority-queues"

    /// One line on what the shape is, for `--help` and the benchmark's table.
    public var summary: String {
        switch self {
        case .chain: "a dependency chain on one queue"
        case .chainNoQueue: "a dependency chain on no queue (every operation never started)"
        case .fanOut: "every operation depends on one"
        case .fanIn: "one operation depends on every other"
        case .blockedFanOut: "every operation depends on one that is never started"
        case .sharedTail: "half never started, all needed by one operation with a chain behind it"
        case .bipartite: "complete bipartite layers of 8"
        case .cycle: "one cycle through every operation, one queue"
        case .giantSCC: "one strongly connected component with chords"
        case .smallCycles: "disjoint two-operation cycles"
        case .waitChain: "waitsFor chain alternating a width-1 and a width-2 queue"
        case .deepWaits: "each operation waits for the one before, over 8 queues of width 4"
        case .slotWaits: "each operation waits for the next, one queue of default width"
        case .serialQueues: "two operations per serial queue, half ready at once"
        case .hugeCount: "two operations with count n/2 around one join"
        case .manyEvents: "as many cancel, suspend and resume events as operations"
        case .sharedResource: "every operation writes one resource, unordered"
        case .priorityQueues: "serial queues of three around one long chain of low-priority operations"
        }
    }
}
