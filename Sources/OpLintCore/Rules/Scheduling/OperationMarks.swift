/// A few operations among many, for the test a search makes at every operation it visits
/// ("is this one of the queue-mates still to be found?"): a stamp per operation, and a new
/// stamp for each new set, so that neither testing nor starting over hashes anything.
struct OperationMarks {
    private var stamps: [UInt32]
    private var current: UInt32 = 0
    /// How many operations are marked.
    private(set) var count = 0

    /// Marks for the operations `0..<operationCount`, none marked.
    init(operationCount: Int) {
        stamps = [UInt32](repeating: 0, count: operationCount)
    }

    /// Whether no operation is marked.
    var isEmpty: Bool { count == 0 }

    /// Marks exactly `operations` (each once, however often it is listed).
    ///
    /// - Complexity: O(*k*) for *k* operations, and O(*n*) once every 2^32 sets.
    mutating func reset(to operations: [Int]) {
        current &+= 1
        if current == 0 {
            for i in stamps.indices { stamps[i] = 0 }
            current = 1
        }
        count = 0
        for operation in operations where stamps[operation] != current {
            stamps[operation] = current
            count += 1
        }
    }

    /// Whether `operation` is marked.
    @inline(__always) func contains(_ operation: Int) -> Bool {
        stamps[operation] == current
    }

    /// Unmarks `operation` if it is marked.
    @inline(__always) mutating func remove(_ operation: Int) {
        guard stamps[operation] == current else { return }
        stamps[operation] = 0
        count -= 1
    }
}
