import Testing
@testable import OpLintCore

/// `OperationList` behaves as an array of `Operation` values, whatever is done to it.
@Suite struct OperationListTests {
    /// An operation with settings drawn at random, rarely used ones included.
    static func operation(_ i: Int, _ generator: inout SeededGenerator) -> OperationGraph.Operation {
        let names = ["op\(i)", "a longer name for operation number \(i)", "é \u{2028} \"\(i)\"", ""]
        var operation = OperationGraph.Operation(
            name: names[Int.random(in: 0..<names.count, using: &generator)],
            queue: Bool.random(using: &generator) ? "q\(Int.random(in: 0..<4, using: &generator))" : nil,
            priority: QueuePriority(rawValue: Int.random(in: -10...10, using: &generator)),
            qualityOfService: QualityOfService.allCases.randomElement(using: &generator) ?? .default,
            duration: Double(Int.random(in: 0...9, using: &generator)) / 4,
            addedAt: Double(Int.random(in: 0...3, using: &generator))
        )
        for k in 0..<Int.random(in: 0...3, using: &generator) {
            var reference = OperationGraph.Reference("op\(Int.random(in: 0...i, using: &generator))")
            if k == 1 { reference.position = DocumentPosition(document: 0, offset: UInt32(i * 10 + k)) }
            if k == 2 { reference.location = SourceLocation(file: "F.swift", line: i + 1, column: 3) }
            operation.dependencies.append(reference)
        }
        operation.kind = OperationGraph.Operation.Kind.allCases.randomElement(using: &generator) ?? .block
        operation.isAsynchronous = Bool.random(using: &generator)
        operation.finishes = Int.random(in: 0..<4, using: &generator) != 0
        operation.checksCancellation = Bool.random(using: &generator)
        operation.isBarrier = Int.random(in: 0..<5, using: &generator) == 0
        operation.count = Int.random(in: 1...3, using: &generator)
        if Bool.random(using: &generator) { operation.position = DocumentPosition(document: Int32(i % 2), offset: UInt32(i)) }
        if Bool.random(using: &generator) { operation.queuePosition = DocumentPosition(document: 0, offset: UInt32(i + 5)) }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            operation.waitsFor = ["op0"]
            operation.exclusive = ["disk"]
            operation.labels = ["team": "feed"]
            operation.disabledRules = ["OPL101"]
            operation.location = SourceLocation(file: "G.swift", line: i, column: 1)
        }
        return operation
    }

    static func check(_ list: OperationGraph.OperationList, _ array: [OperationGraph.Operation]) {
        #expect(list.count == array.count)
        #expect(Array(list) == array)
        for (i, operation) in array.enumerated() {
            #expect(list.name(at: i) == operation.name)
            #expect(list.hasName(at: i, operation.name))
            #expect(list.queueName(at: i) == operation.queue)
            #expect(list.start(at: i) == operation.start)
            #expect(list.priority(at: i) == operation.priority && list.duration(at: i) == operation.duration)
            #expect(list.finishes(at: i) == operation.finishes && list.isBarrier(at: i) == operation.isBarrier)
            #expect(list.dependencyCount(at: i) == operation.dependencies.count)
            for (k, dependency) in operation.dependencies.enumerated() {
                #expect(list.dependency(k, at: i) == dependency)
                #expect(list.dependencyName(k, at: i) == dependency.name)
            }
            #expect(list.waitsFor(at: i) == operation.waitsFor && list.labels(at: i) == operation.labels)
            #expect(list.position(at: i) == operation.position && list.queuePosition(at: i) == operation.queuePosition)
        }
    }

    /// A list made from an array (its columns sized up front, each queue name looked up once,
    /// the last operation's queue tried first) is the list appended one operation at a time:
    /// the same operations, the same queue names in the order of first use, the same bytes.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func aListMadeFromAnArrayIsTheListAppendedOneByOne(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var array = (0..<200).map { Self.operation($0, &generator) }
        // Runs of one queue, a queue coming back after others, and names equal only once normalized.
        for i in 40..<60 { array[i].queue = "run" }
        array[61].queue = "q1"
        array[62].queue = "caf\u{E9}"
        array[63].queue = "cafe\u{301}"
        array[64].queue = "caf\u{E9}"
        let fromArray = OperationGraph.OperationList(array)
        var appended = OperationGraph.OperationList()
        for operation in array { appended.append(operation) }
        Self.check(fromArray, array)
        #expect(fromArray == appended)
        #expect(fromArray.columns.queueNames == appended.columns.queueNames)
        #expect(fromArray.columns.queue == appended.columns.queue)
        #expect(fromArray.columns.text == appended.columns.text)
        #expect(fromArray.columns.referenceLocation == appended.columns.referenceLocation)
        var firstUse: [String] = []
        for operation in array { if let queue = operation.queue, !firstUse.contains(queue) { firstUse.append(queue) } }
        #expect(fromArray.columns.queueNames == firstUse)
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func behavesAsAnArrayUnderAnySequenceOfChanges(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var array = (0..<30).map { Self.operation($0, &generator) }
        var list = OperationGraph.OperationList(array)
        Self.check(list, array)
        for step in 0..<200 {
            let copy = list
            let copiedArray = array
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                let operation = Self.operation(step, &generator)
                array.append(operation)
                list.append(operation)
            case 1 where !array.isEmpty:
                let i = Int.random(in: 0..<array.count, using: &generator)
                let operation = Self.operation(step, &generator)
                array[i] = operation
                list[i] = operation
            case 2 where !array.isEmpty:
                let i = Int.random(in: 0..<array.count, using: &generator)
                array[i].name += "x"
                list[i].name += "x"
                array[i].dependencies.append("op1")
                list[i].dependencies.append("op1")
            case 3 where !array.isEmpty:
                let i = Int.random(in: 0..<array.count, using: &generator)
                array[i].queue = "q9"
                list[i].queue = "q9"
                array[i].waitsForQueues = ["q9"]
                list[i].waitsForQueues = ["q9"]
            case 4 where !array.isEmpty:
                let i = Int.random(in: 0..<array.count, using: &generator)
                array.remove(at: i)
                list.remove(at: i)
            default:
                let i = Int.random(in: 0...array.count, using: &generator)
                let new = [Self.operation(step, &generator), Self.operation(step + 1, &generator)]
                array.insert(contentsOf: new, at: i)
                list.insert(contentsOf: new, at: i)
            }
            // Copies are values: the change never shows in the copy taken before it.
            #expect(Array(copy) == copiedArray)
        }
        Self.check(list, array)
    }

    @Test func mergeShiftsDocumentsAndKeepsEverythingElse() {
        var generator = SeededGenerator(seed: 42)
        let first = (0..<20).map { Self.operation($0, &generator) }
        let second = (0..<20).map { Self.operation($0 + 20, &generator) }
        var merged = OperationGraph(operations: first, documents: [Document(path: "a.json", bytes: [])])
        merged.merge(OperationGraph(operations: second, documents: [Document(path: "b.json", bytes: []), Document(path: "c.json", bytes: [])]))
        let shifted = second.map { operation -> OperationGraph.Operation in
            var operation = operation
            func move(_ position: DocumentPosition?) -> DocumentPosition? {
                position.map { DocumentPosition(document: $0.document + 1, offset: $0.offset) }
            }
            operation.position = move(operation.position)
            operation.queuePosition = move(operation.queuePosition)
            operation.dependencies = operation.dependencies.map { var d = $0; d.position = move(d.position); return d }
            operation.waitsFor = operation.waitsFor.map { var d = $0; d.position = move(d.position); return d }
            return operation
        }
        Self.check(merged.operations, first + shifted)
    }

    @Test func theIndexOfALoadedGraphEqualsTheIndexOfTheSameOperationsBuiltInCode() throws {
        // Loading hashes names as it reads; a list built in code hashes them in the index.
        let text = LoadingChunkTests.file(operations: 80, layout: 1, seed: 5)
        let loaded = try GraphLoader.load(bytes: Array(text.utf8), path: "x.json")
        #expect(loaded.operations.columns.nameHashes.count == loaded.operations.count)
        var built = loaded
        built.operations = OperationGraph.OperationList(Array(loaded.operations))
        #expect(built.operations.columns.nameHashes.isEmpty)
        let a = GraphIndex(loaded)
        let b = GraphIndex(built)
        #expect(a.dependencyStart == b.dependencyStart && a.dependencyTargets == b.dependencyTargets)
        #expect(a.unknownReferences == b.unknownReferences && a.duplicateOperations == b.duplicateOperations)
        #expect(a.queueOfOperation == b.queueOfOperation)
        #expect(a.operationWaits.map(\.target) == b.operationWaits.map(\.target))
        for i in loaded.operations.indices {
            #expect(a.operation(named: loaded.operations.name(at: i)) == b.operation(named: loaded.operations.name(at: i)))
        }
        #expect(a.operation(named: "nobody") == nil)
    }
}
