import OpLintCore

/// Reads fuzz input a byte at a time; past the end every byte is 0, so any input decodes.
struct ByteReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) {
        self.bytes = bytes[...]
    }

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// A number in `0..<count`.
    mutating func below(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(byte()) % count
    }

    /// One of `choices` (which must not be empty).
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// True with probability `1 / every`; false for a zero byte, so that zeros mean defaults.
    mutating func rarely(_ every: Int) -> Bool {
        below(every) == every - 1
    }
}

/// A compact encoding of small operation graphs: every input is some graph of at most
/// `maximumOperations` operations in at most `maximumQueues` queues, each operation a few
/// bytes, so that mutations of a byte change one setting and the fuzzer reaches the rules'
/// and the simulator's corners instead of the JSON syntax.
///
/// Names are mostly `o0`, `o1`, … and `q0`, `q1`, …; a flag swaps in names that test the
/// escaping of every output (quotes, markup, line breaks, bidirectional controls, a name
/// that looks like a counted copy `o1#2`).
enum GraphBytes {
    static let maximumOperations = 12
    static let maximumQueues = 4
    static let maximumCount = 3

    /// Names that each output format must carry safely.
    static let awkwardNames = [
        "a<b>", "</script><script>alert(1)</script>", "say \"hi\"", "back\\slash", "two\nlines", "tab\there",
        "é", "e\u{301}", "\"\u{301}", "日本", "\u{202E}evil", "&amp;", "", " ", "o1#2", "{file}", "a,b", "%0A",
        "\\N", "<BR/>", "x]]>", "\u{0}", "\u{7F}", "\u{85}", "a|b", "`tick`", "-- --", "#1", "q0",
    ]

    /// Defaults first, so that zero bytes mean defaults; priorities include unnamed integers.
    static let priorities: [QueuePriority] = [.normal, .high, .low, .veryHigh, .veryLow, QueuePriority(rawValue: 3), QueuePriority(rawValue: -5), QueuePriority(rawValue: 100)]
    static let qualities: [QualityOfService] = [.default, .userInitiated, .utility, .background, .userInteractive]
    static let durations: [Double] = [0, 0.5, 1, 1, 2, 3, 0.25, 10]
    static let times: [Double] = [0, 0, 0, 0.5, 1, 2.5, 4]
    static let widths = [-1, 1, 1, 2, 3, 0, 64]
    static let categories = ["db", "net", "ui"]
    static let resources = ["cache", "file", "state"]

    /// The graph `bytes` stand for.
    ///
    /// - Complexity: O(*n*) in the number of bytes; the graph has at most 12 operations,
    ///   4 queues, 4 dependencies and 2 waits per operation, and 4 events.
    static func graph(_ bytes: [UInt8]) -> OperationGraph {
        var input = ByteReader(bytes)
        let header = input.byte()
        let queueCount = 1 + Int(header & 0x03)
        let operationCount = 1 + input.below(maximumOperations)
        let awkward = header & 0x80 != 0

        func queueName(_ index: Int) -> String { "q\(index)" }
        var operationNames = (0..<operationCount).map { "o\($0)" }
        if awkward {
            for index in operationNames.indices where input.rarely(3) { operationNames[index] = input.pick(awkwardNames) }
        }
        var graph = OperationGraph()
        for index in 0..<queueCount {
            let flags = input.byte()
            var queue = OperationGraph.Queue(name: queueName(index), maxConcurrentOperationCount: input.pick(widths))
            queue.qualityOfService = qualities[Int(flags & 0x07) % qualities.count]
            queue.isMain = flags & 0x38 == 0x08
            queue.isSuspended = flags & 0xC0 == 0xC0
            graph.queues.append(queue)
        }
        for index in 0..<operationCount {
            graph.operations.append(operation(&input, index: index, names: operationNames, queueCount: queueCount))
        }
        for _ in 0..<input.below(5) {
            let at = input.pick(times)
            let queue = queueName(input.below(queueCount))
            let action: OperationGraph.Event.Action
            switch input.below(4) {
            case 0: action = .cancel(operation: input.pick(operationNames))
            case 1: action = .cancelAll(queue: queue)
            case 2: action = .suspend(queue: queue)
            default: action = .resume(queue: queue)
            }
            graph.events.append(OperationGraph.Event(at: at, action))
        }
        let settings = input.byte()
        if settings & 0x01 != 0 { graph.simulation.defaultWidth = 1 + Int(settings >> 5) }
        if settings & 0x02 != 0 { graph.simulation.threads = 1 + Int(settings >> 6) }
        if settings & 0x04 != 0 { graph.simulation.cores = 1 + Int(settings >> 6) }
        if settings & 0x08 != 0 { graph.simulation.cpus = 1 + Int(settings >> 6) }
        return graph
    }

    /// One operation: four bytes of settings, then its references.
    private static func operation(_ input: inout ByteReader, index: Int, names: [String], queueCount: Int) -> OperationGraph.Operation {
        let placement = input.byte()
        let flags = input.byte()
        let timing = input.byte()
        let shape = input.byte()
        var operation = OperationGraph.Operation(name: names[index])
        // Most operations are in a queue; some are started by hand, some never start.
        let queueChoice = Int(placement & 0x0F) % (queueCount + 2)
        if queueChoice < queueCount {
            operation.queue = "q\(queueChoice)"
            operation.start = placement & 0x30 == 0x30 ? .manual : .queue
        } else if queueChoice == queueCount {
            operation.queue = "q\(queueCount + Int(placement >> 6))"  // often a queue that does not exist
            operation.start = .queue
        } else {
            operation.start = placement & 0x40 != 0 ? .manual : .never
        }
        operation.priority = priorities[Int(flags & 0x07)]
        operation.qualityOfService = qualities[Int(flags >> 3 & 0x07) % qualities.count]
        operation.isAsynchronous = flags & 0x40 != 0
        operation.finishes = !(operation.isAsynchronous && flags & 0x80 != 0)
        operation.checksCancellation = timing & 0x40 == 0
        operation.duration = durations[Int(timing & 0x07)]
        operation.addedAt = times[Int(timing >> 3 & 0x07) % times.count]
        operation.isBarrier = shape & 0xC0 == 0xC0
        operation.count = 1 + Int(shape >> 4 & 0x03) % maximumCount
        operation.kind = OperationGraph.Operation.Kind.allCases[Int(shape >> 2 & 0x03) % 3]

        // References: dependencies (any operation, itself included, or a missing name), then waits.
        let dependencyCount = Int(shape & 0x03) + (input.rarely(4) ? 1 : 0)
        for _ in 0..<dependencyCount {
            let target = input.byte()
            operation.dependencies.append(OperationGraph.Reference(target == 0xFF ? "missing" : names[Int(target) % names.count]))
        }
        let extras = input.byte()
        if extras & 0x03 == 0x03 {
            operation.waitsFor = [OperationGraph.Reference(names[input.below(names.count)])]
        }
        if extras & 0x0C == 0x0C {
            operation.waitsForQueues = [OperationGraph.Reference("q\(input.below(queueCount))")]
        }
        if extras & 0x10 != 0 { operation.exclusive = [categories[Int(extras >> 5) % categories.count]] }
        if extras & 0x60 == 0x60 { operation.reads = [resources[input.below(resources.count)]] }
        if extras & 0x80 != 0 { operation.writes = [resources[input.below(resources.count)]] }
        if extras == 0xFF { operation.labels = ["owner": names[index], "note": "a \"label\" <b>"] }
        return operation
    }
}
