/// Which scheduling features a graph uses, found in one pass over its operations, so that the
/// scheduling rules skip at once what a graph does not use.
public struct SchedulingFeatures: Sendable {
    /// Operations with `finishes: false` that are started, by a queue or by hand (S8).
    public private(set) var neverFinishing: [Int32] = []
    /// Operations whose priority, rounded to a named level, is not `normal` (S9).
    public private(set) var prioritized: [Int32] = []
    /// Each operation's priority level divided by 4 (-2…2); empty when every priority is `normal`.
    public private(set) var priorityLevel: [Int8] = []
    /// Whether each prioritized operation is started by its queue (parallel to `prioritized`).
    public private(set) var prioritizedIsQueued: [Bool] = []
    /// Operations whose own quality of service is not `default` (S10).
    public private(set) var qualityOfServiceSetters: [Int32] = []
    /// Operations that declare `reads` or `writes`.
    public private(set) var accessors: [Int32] = []
    /// Whether some operation is added with `addBarrierBlock` (S18).
    public private(set) var usesBarriers = false
    /// Per queue, how many operations the queue itself starts (`start` is `queue`).
    public private(set) var queuedCount: [Int32]

    /// - Complexity: O(*n* + *q*), one pass over the operations.
    public init(_ graph: OperationGraph, _ index: GraphIndex) {
        queuedCount = [Int32](repeating: 0, count: graph.queues.count)
        let columns = graph.operations.columns
        let n = columns.operationCount
        columns.start.withUnsafeBufferPointer { starts in
        columns.flags.withUnsafeBufferPointer { flags in
        columns.priority.withUnsafeBufferPointer { priorities in
        columns.qualityOfService.withUnsafeBufferPointer { qualities in
        index.queueOfOperation.withUnsafeBufferPointer { queueOfOperation in
            for i in 0..<n {
                let start = starts[i]
                if start == .queue {
                    let queue = queueOfOperation[i]
                    if queue >= 0 { queuedCount[Int(queue)] += 1 }
                }
                let flag = flags[i]
                if flag & OperationColumns.Flags.finishes == 0 && start != .never { neverFinishing.append(Int32(i)) }
                let priority = priorities[i]
                if priority > 2 || priority < -2 {
                    if priorityLevel.isEmpty { priorityLevel = [Int8](repeating: 0, count: n) }
                    priorityLevel[i] = Int8(QueuePriority(rawValue: priority).level.rawValue / 4)
                    prioritized.append(Int32(i))
                    prioritizedIsQueued.append(start == .queue)
                }
                if qualities[i] != .default { qualityOfServiceSetters.append(Int32(i)) }
                if flag & OperationColumns.Flags.barrier != 0 { usesBarriers = true }
            }
        }}}}}
        for (i, detail) in columns.detailIndex.enumerated() where detail >= 0 {
            let details = columns.details[Int(detail)]
            if !details.reads.isEmpty || !details.writes.isEmpty { accessors.append(Int32(i)) }
        }
    }
}
