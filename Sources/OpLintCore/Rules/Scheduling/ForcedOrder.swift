/// The order of starts that a queue forces in every schedule, in both platform models.
///
/// A queue starts its ready operations by choice order — priority (in the linux model, on a
/// queue wider than one, the bucket an operation's quality of service picks), then order of
/// addition (S9, S14). An operation without dependencies is ready from the moment it is
/// added; if it is added no later than another operation of its queue and comes first in
/// choice order in both models, the queue starts it first whenever both could start, so it
/// starts first in every schedule.
struct ForcedOrder {
    /// Per operation, its choice rank in each platform model (smaller first), and its place in
    /// the order of addition.
    private let appleRank: [UInt8]
    private let linuxRank: [UInt8]
    private let additionRank: [Int32]
    private let analysis: GraphAnalysis

    /// - Complexity: O(*n* log *n*) (the order of addition), O(*n*) when it is declaration order.
    init(_ analysis: GraphAnalysis) {
        self.analysis = analysis
        let graph = analysis.graph
        let operations = graph.operations
        let n = operations.count
        var apple = [UInt8](repeating: 3, count: n)
        var linux = apple
        for i in 0..<n {
            let q = Int(analysis.index.queueOfOperation[i])
            let serial = q >= 0 && Self.isSerial(graph.queues[q], graph)
            let barrier = operations.isBarrier(at: i)
            let priority = operations.priority(at: i)
            let quality = operations.qualityOfService(at: i)
            apple[i] = SimulationModel.choiceRank(isBarrier: barrier, priority: priority, qualityOfService: quality, platform: .apple, serial: serial)
            linux[i] = SimulationModel.choiceRank(isBarrier: barrier, priority: priority, qualityOfService: quality, platform: .linux, serial: serial)
        }
        var order = Array(0..<n)
        if !(0..<max(0, n - 1)).allSatisfy({ operations.addedAt(at: $0) <= operations.addedAt(at: $0 + 1) }) {
            order.sort { (operations.addedAt(at: $0), $0) < (operations.addedAt(at: $1), $1) }
        }
        var rank = [Int32](repeating: 0, count: n)
        for (r, op) in order.enumerated() { rank[op] = Int32(r) }
        appleRank = apple
        linuxRank = linux
        additionRank = rank
    }

    /// Whether a queue runs one operation at a time in both models (S13, S17).
    static func isSerial(_ queue: OperationGraph.Queue, _ graph: OperationGraph) -> Bool {
        queue.isMain || queue.maxConcurrentOperationCount == 1
    }

    /// The key of `operation` in the apple model's choice order (smaller first).
    func appleKey(_ operation: Int) -> (UInt8, Int32) { (appleRank[operation], additionRank[operation]) }

    /// The key of `operation` in the linux model's choice order (smaller first).
    func linuxKey(_ operation: Int) -> (UInt8, Int32) { (linuxRank[operation], additionRank[operation]) }

    /// Whether `a` comes before `b` in its queue's choice order in both models.
    func isChosenBefore(_ a: Int, _ b: Int) -> Bool {
        (appleRank[a], additionRank[a]) < (appleRank[b], additionRank[b])
            && (linuxRank[a], additionRank[a]) < (linuxRank[b], additionRank[b])
    }

    /// Whether `first` starts before `other`, of the same queue, in every schedule where both
    /// start: `first` has no dependencies, is added no later, and comes first in choice order.
    func startsBefore(_ first: Int, _ other: Int) -> Bool {
        let index = analysis.index
        let operations = analysis.graph.operations
        return index.dependencyEdges(of: first).isEmpty
            && operations.start(at: first) == .queue && operations.start(at: other) == .queue
            && index.queueOfOperation[first] == index.queueOfOperation[other] && index.queueOfOperation[first] >= 0
            && operations.addedAt(at: first) <= operations.addedAt(at: other)
            && isChosenBefore(first, other)
    }
}
