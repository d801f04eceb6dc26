import OpLintCore

/// One graph of a `GraphShape`, as plain numbered operations and queues, ready to write as JSON.
public struct ShapeGraph: Sendable {
    public struct Queue: Sendable {
        public var name: String
        /// nil = the system default width (the key is left out).
        public var width: Int?
    }

    public struct Operation: Sendable {
        public var name: String
        /// Index into `queues`, or -1 for an operation on no queue (never started).
        public var queue: Int32 = -1
        public var dependencies: [Int32] = []
        public var waitsFor: [Int32] = []
        public var count = 1
        public var durationMilliseconds = 1000
        public var priority = 0
        public var writes: [String] = []
    }

    /// `{"at": …, action: target}`.
    public struct Event: Sendable {
        public var atMilliseconds: Int
        /// `cancel`, `suspend` or `resume`.
        public var action: String
        public var target: String
    }

    public let shape: GraphShape
    public var queues: [Queue] = []
    public var operations: [Operation] = []
    public var events: [Event] = []

    /// The graph of `shape` with about `operations` operations (exactly that many, except
    /// that `huge-count` declares three operations whose copies add up to it).
    ///
    /// - Complexity: O(*operations* + *dependencies*).
    public init(_ shape: GraphShape, operations count: Int, seed: UInt64 = 1) {
        self.shape = shape
        var random = SimulationRandom(seed: seed)
        let n = max(2, count)
        switch shape {
        case .chain, .chainNoQueue, .cycle:
            if shape != .chainNoQueue { queues = [Queue(name: "q0")] }
            let queue: Int32 = shape == .chainNoQueue ? -1 : 0
            operations = (0..<n).map { i in
                Operation(name: Self.name(i), queue: queue, dependencies: i > 0 ? [Int32(i - 1)] : [])
            }
            if shape == .cycle { operations[0].dependencies = [Int32(n - 1)] }
        case .fanOut, .blockedFanOut:
            queues = [Queue(name: "q0")]
            operations = (0..<n).map { i in Operation(name: Self.name(i), queue: 0, dependencies: i > 0 ? [0] : []) }
            if shape == .blockedFanOut { operations[0].queue = -1 }
        case .fanIn:
            queues = [Queue(name: "q0")]
            operations = (0..<n).map { Operation(name: Self.name($0), queue: 0) }
            operations[n - 1].dependencies = (0..<Int32(n - 1)).map { $0 }
        case .sharedTail:
            queues = [Queue(name: "q0", width: 1)]
            let roots = n / 2
            operations = (0..<n).map { i in
                var operation = Operation(name: Self.name(i), queue: i < roots ? -1 : 0)
                if i == roots { operation.dependencies = (0..<Int32(roots)).map { $0 } }
                if i > roots { operation.dependencies = [Int32(i - 1)] }
                return operation
            }
        case .bipartite:
            queues = (0..<4).map { Queue(name: "q\($0)", width: $0 == 0 ? 1 : ($0 == 1 ? nil : 4)) }
            let width = 8
            operations = (0..<n).map { i in
                let layer = i / width
                var operation = Operation(name: Self.name(i), queue: Int32(i % 4))
                operation.priority = Int.random(in: -1...1, using: &random) * 4
                if layer > 0 { operation.dependencies = ((layer - 1) * width..<layer * width).map { Int32($0) } }
                return operation
            }
        case .giantSCC:
            queues = (0..<4).map { Queue(name: "q\($0)", width: $0 == 0 ? 1 : nil) }
            operations = (0..<n).map { i in
                var operation = Operation(name: Self.name(i), queue: Int32(i % 4))
                if i > 0 { operation.dependencies.append(Int32(i - 1)) }
                if i > 2 { operation.dependencies.append(Int32.random(in: 0..<Int32(i - 1), using: &random)) }
                return operation
            }
            operations[0].dependencies = [Int32(n - 1)]
        case .smallCycles:
            queues = [Queue(name: "q0")]
            operations = (0..<n).map { i in
                let partner = i ^ 1
                return Operation(name: Self.name(i), queue: 0, dependencies: partner < n ? [Int32(partner)] : [])
            }
        case .waitChain:
            queues = [Queue(name: "serial", width: 1), Queue(name: "pair", width: 2)]
            operations = (0..<n).map { i in
                Operation(name: Self.name(i), queue: Int32(i % 2), waitsFor: i + 1 < n ? [Int32(i + 1)] : [])
            }
        case .deepWaits:
            queues = (0..<8).map { Queue(name: "q\($0)", width: 4) }
            operations = (0..<n).map { i in
                Operation(name: Self.name(i), queue: Int32(i % 8), waitsFor: i > 0 ? [Int32(i - 1)] : [])
            }
        case .slotWaits:
            queues = [Queue(name: "q0")]
            operations = (0..<n).map { i in
                Operation(name: Self.name(i), queue: 0, waitsFor: i + 1 < n ? [Int32(i + 1)] : [])
            }
        case .serialQueues:
            queues = (0..<(n + 1) / 2).map { Queue(name: "q\($0)", width: 1) }
            operations = (0..<n).map { i in
                var operation = Operation(name: Self.name(i), queue: Int32(i / 2))
                operation.durationMilliseconds = Int.random(in: 10...1000, using: &random)
                if i % 2 == 1 { operation.dependencies = [Int32.random(in: 0..<Int32(i), using: &random)] }
                return operation
            }
        case .hugeCount:
            queues = [Queue(name: "downloads", width: 4), Queue(name: "main", width: 1)]
            operations = [
                Operation(name: "download", queue: 0, count: max(1, (n - 1) / 2), durationMilliseconds: 250),
                Operation(name: "combine", queue: 1, dependencies: [0]),
                Operation(name: "publish", queue: 0, dependencies: [1], count: max(1, n - 1 - (n - 1) / 2), durationMilliseconds: 100),
            ]
        case .manyEvents:
            queues = (0..<16).map { Queue(name: "q\($0)", width: $0 % 2 == 0 ? 2 : nil) }
            operations = (0..<n).map { i in
                var operation = Operation(name: Self.name(i), queue: Int32(i % 16))
                if i > 16 { operation.dependencies = [Int32(i - 16 - Int.random(in: 0..<min(i - 16, 32), using: &random))] }
                operation.durationMilliseconds = Int.random(in: 10...500, using: &random)
                return operation
            }
            for k in 0..<n {
                let at = k * 20
                switch k % 4 {
                case 0, 2: events.append(Event(atMilliseconds: at, action: "cancel", target: Self.name(Int.random(in: 0..<n, using: &random))))
                case 1: events.append(Event(atMilliseconds: at, action: "suspend", target: "q\(k / 4 % 16)"))
                default: events.append(Event(atMilliseconds: at, action: "resume", target: "q\(k / 4 % 16)"))
                }
            }
        case .sharedResource:
            queues = [Queue(name: "q0")]
            operations = (0..<n).map { i in
                Operation(name: Self.name(i), queue: 0, durationMilliseconds: 10, writes: ["cache"])
            }
        case .priorityQueues:
            // Serial: on a queue with a slot for each of its three operations, no priority
            // would order anything (S13).
            queues = (0..<(n + 2) / 3).map { Queue(name: "q\($0)", width: 1) }
            operations = (0..<n).map { i in
                var operation = Operation(name: Self.name(i), queue: Int32(i / 3))
                switch i % 3 {
                case 0:
                    operation.priority = -4
                    if i >= 3 { operation.dependencies = [Int32(i - 3)] }
                case 1:
                    operation.dependencies = [Int32(i - 1)]
                default:
                    break
                }
                return operation
            }
        }
    }

    /// The name of numbered operation `index`.
    public static func name(_ index: Int) -> String { "op\(index)" }

    /// The number of operations after `count` expansion.
    public var expandedOperationCount: Int { operations.reduce(0) { $0 + $1.count } }

    /// The number of dependencies and waits declared.
    public var edgeCount: Int { operations.reduce(0) { $0 + $1.dependencies.count + $1.waitsFor.count } }
}
