/// The deterministic lint workload: operations with about two dependencies each on earlier
/// operations (mostly local, some far), spread over queues of several widths, with random
/// priorities and durations and optionally some planted cycles.
struct Workload {
    struct Queue {
        var name: String
        /// nil = the system default width (the key is left out).
        var width: Int?
    }

    struct Operation {
        var queue: Int
        var priority: Int
        /// Milliseconds.
        var durationMilliseconds: Int
        var dependencies: [Int32]
    }

    static let priorities = ["veryLow", "low", "normal", "high", "veryHigh"]

    var queues: [Queue] = []
    var operations: [Operation] = []
    /// How many cycles were planted.
    var plantedCycles = 0

    /// - Complexity: O(*operations*).
    init(operations count: Int, queues queueCount: Int, cycles: Int, seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for index in 0..<max(1, queueCount) {
            let width: Int?
            switch index % 4 {
            case 0: width = 1
            case 1, 3: width = Int.random(in: 2...8, using: &random)
            default: width = nil
            }
            queues.append(Queue(name: "q\(index)", width: width))
        }
        operations.reserveCapacity(count)
        for index in 0..<count {
            var dependencies: [Int32] = []
            if index > 0 {
                let roll = Int.random(in: 0..<4, using: &random)
                let wanted = min(index, roll == 0 ? 1 : roll == 3 ? 3 : 2)
                var attempts = 0
                while dependencies.count < wanted && attempts < 8 {
                    attempts += 1
                    let target: Int
                    if Int.random(in: 0..<10, using: &random) == 0 {
                        target = Int.random(in: 0..<index, using: &random)
                    } else {
                        target = index - 1 - Int.random(in: 0..<min(index, 50), using: &random)
                    }
                    if !dependencies.contains(Int32(target)) { dependencies.append(Int32(target)) }
                }
            }
            operations.append(Operation(
                queue: Int.random(in: 0..<queues.count, using: &random),
                priority: Int.random(in: 0..<5, using: &random),
                durationMilliseconds: Int.random(in: 1...2000, using: &random),
                dependencies: dependencies))
        }
        plantCycles(cycles, using: &random)
    }

    /// Closes `cycles` loops: follows first dependencies back from a random operation for 1–5
    /// steps, then makes the last one depend on the first.
    private mutating func plantCycles(_ cycles: Int, using random: inout SeededRandom) {
        guard operations.count > 10 else { return }
        for _ in 0..<cycles {
            let first = Int.random(in: 10..<operations.count, using: &random)
            var last = first
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                guard let next = operations[last].dependencies.first else { break }
                last = Int(next)
            }
            guard last != first, !operations[last].dependencies.contains(Int32(first)) else { continue }
            operations[last].dependencies.append(Int32(first))
            plantedCycles += 1
        }
    }

    /// The name of operation `index`.
    static func name(_ index: Int) -> String { "op\(index)" }

    /// The number of dependencies.
    var edgeCount: Int { operations.reduce(0) { $0 + $1.dependencies.count } }
}
