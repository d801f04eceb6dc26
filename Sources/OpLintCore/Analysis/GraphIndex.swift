/// The graph with names resolved to indices: who waits for whom, as compact adjacency arrays.
///
/// Operations and queues are numbered by their position in `OperationGraph.operations` and
/// `.queues`. When a name is declared twice, references resolve to the first declaration.
/// The dependency edges include the implicit ones of mutual exclusivity (S21): each
/// operation of a category waits for the one added before it.
public final class GraphIndex: Sendable {
    /// Why one operation waits for another.
    public enum EdgeOrigin: Sendable, Hashable {
        /// `operations[waiter].dependencies[index]`.
        case dependency(index: Int)
        /// The implicit edge of an exclusivity category (S21).
        case exclusivity(category: String)
    }

    /// A name that resolves to nothing.
    public struct UnknownReference: Sendable, Hashable {
        public enum Kind: String, Sendable {
            case dependency, waitsFor, waitsForQueues, queue

            /// The order unknown references are listed in for one operation.
            var order: Int {
                switch self {
                case .queue: 0
                case .dependency: 1
                case .waitsFor: 2
                case .waitsForQueues: 3
                }
            }
        }
        /// The operation that makes the reference.
        public var operation: Int
        public var kind: Kind
        /// Index in the operation's `dependencies`, `waitsFor` or `waitsForQueues`; 0 for `queue`.
        public var index: Int
    }

    /// A later declaration of a name already declared.
    public struct Duplicate: Sendable, Hashable {
        public var first: Int
        public var duplicate: Int
    }

    /// Queue index of each operation; `noQueue` or `unknownQueue` when it has none.
    public let queueOfOperation: [Int32]
    public static let noQueue: Int32 = -1
    public static let unknownQueue: Int32 = -2

    /// `dependencies(of: i)` are `dependencyTargets[dependencyStart[i]..<dependencyStart[i+1]]`.
    public let dependencyStart: [Int32]
    public let dependencyTargets: [Int32]
    /// Parallel to `dependencyTargets`: ≥ 0 is the index in `dependencies`, < 0 is `-(category + 1)`.
    private let dependencyOrigins: [Int32]
    /// The exclusivity categories in order of first use.
    public let exclusivityCategories: [String]
    /// The reverse adjacency: `dependents(of: i)`.
    public let dependentStart: [Int32]
    public let dependentTargets: [Int32]

    /// Resolved `waitsFor`: (waiter, operation waited for, index in `waitsFor`).
    public let operationWaits: [(waiter: Int32, target: Int32, index: Int32)]
    /// Resolved `waitsForQueues`: (waiter, queue waited for, index in `waitsForQueues`).
    public let queueWaits: [(waiter: Int32, queue: Int32, index: Int32)]

    public let unknownReferences: [UnknownReference]
    public let duplicateOperations: [Duplicate]
    public let duplicateQueues: [Duplicate]
    public let selfDependencies: [(operation: Int32, index: Int32)]

    /// The operations' names, for lookups.
    private let names: OperationNames
    private let table: NameTable
    private let queueIndex: [String: Int32]

    /// - Complexity: O(*n* + *e*) expected, for *n* operations and *e* dependencies.
    public convenience init(_ graph: OperationGraph) {
        self.init(graph, parallelFrom: 100_000)
    }

    /// The index, with names resolved on two threads when the graph has at least
    /// `parallelFrom` references (the same result either way).
    init(_ graph: OperationGraph, parallelFrom: Int) {
        let columns = graph.operations.columns
        let n = columns.operationCount

        var queueIndex = [String: Int32](minimumCapacity: graph.queues.count)
        var duplicateQueues: [Duplicate] = []
        for (i, queue) in graph.queues.enumerated() {
            if let first = queueIndex[queue.name] {
                duplicateQueues.append(Duplicate(first: Int(first), duplicate: i))
            } else {
                queueIndex[queue.name] = Int32(i)
            }
        }

        var unknown: [UnknownReference] = []
        var categoryIndex: [String: Int32] = [:]
        var categories: [String] = []
        var lastInCategory: [Int32] = []
        var start = [Int32](repeating: 0, count: n + 1)
        var targets: [Int32] = []
        var origins: [Int32] = []
        var selfDependencies: [(Int32, Int32)] = []
        var operationWaits: [(Int32, Int32, Int32)] = []
        var queueWaits: [(Int32, Int32, Int32)] = []
        var duplicatePairs: [(Int32, Int32)] = []

        // The queue of each operation: its queue name resolved once per distinct name.
        let queueOfName = columns.queueNames.map { queueIndex[$0] ?? Self.unknownQueue }
        var queueOfOperation = [Int32](repeating: Self.noQueue, count: n)
        // The loops over every operation and edge write through buffers: an array written in
        // place is checked for a unique owner at each element (reading it is not).
        queueOfOperation.withUnsafeMutableBufferPointer { queueOfOperation in
            for i in 0..<n {
                let symbol = columns.queue[i]
                guard symbol >= 0 else { continue }
                let queue = queueOfName[Int(symbol)]
                queueOfOperation[i] = queue
                if queue == Self.unknownQueue { unknown.append(UnknownReference(operation: i, kind: .queue, index: 0)) }
            }
        }

        // Names and the names of references, hashed while the file was read or here.
        let names = OperationNames(columns: columns)
        let nameHashes = columns.nameHashes.count == n ? columns.nameHashes : (0..<n).map { i in
            names.withOperationName(i, NameTable.hash(bytes:))
        }
        let referenceTotal = columns.referenceTotal
        let referenceHashes = columns.referenceHashes.count == referenceTotal ? columns.referenceHashes : (0..<referenceTotal).map { r in
            names.withReferenceName(r, NameTable.hash(bytes:))
        }
        let (table, resolved) = Self.resolve(referenceHashes, names: names, hashes: nameHashes, duplicates: &duplicatePairs,
                                             parallel: referenceTotal >= parallelFrom)
        // At most one edge per reference and one per exclusivity category an operation names.
        let edgeBound = referenceTotal + columns.details.reduce(0) { $0 + $1.exclusive.count }
        var edgeCount = 0
        targets = [Int32](unsafeUninitializedCapacity: edgeBound) { targets, targetCount in
        origins = [Int32](unsafeUninitializedCapacity: edgeBound) { origins, originCount in
        start.withUnsafeMutableBufferPointer { start in
            for i in 0..<n {
                let first = Int(columns.referenceStart[i])
                for d in 0..<Int(columns.referenceCount[i]) {
                    let target = resolved[first + d]
                    guard target >= 0 else {
                        unknown.append(UnknownReference(operation: i, kind: .dependency, index: d))
                        continue
                    }
                    if target == Int32(i) { selfDependencies.append((Int32(i), Int32(d))) }
                    targets.initializeElement(at: edgeCount, to: target)
                    origins.initializeElement(at: edgeCount, to: Int32(d))
                    edgeCount += 1
                }
                if columns.detailIndex[i] >= 0 {
                    let details = columns.details[Int(columns.detailIndex[i])]
                    for category in details.exclusive {
                        let c: Int32
                        if let known = categoryIndex[category] {
                            c = known
                        } else {
                            c = Int32(categories.count)
                            categoryIndex[category] = c
                            categories.append(category)
                            lastInCategory.append(-1)
                        }
                        let previous = lastInCategory[Int(c)]
                        if previous >= 0 {
                            targets.initializeElement(at: edgeCount, to: previous)
                            origins.initializeElement(at: edgeCount, to: -(c + 1))
                            edgeCount += 1
                        }
                        lastInCategory[Int(c)] = Int32(i)
                    }
                }
                start[i + 1] = Int32(edgeCount)
            }
        }
            originCount = edgeCount
        }
            targetCount = edgeCount
        }

        for i in 0..<n where columns.detailIndex[i] >= 0 {
            let details = columns.details[Int(columns.detailIndex[i])]
            for (w, wait) in details.waitsFor.enumerated() {
                if let target = table.find(wait.name, in: names) {
                    operationWaits.append((Int32(i), target, Int32(w)))
                } else {
                    unknown.append(UnknownReference(operation: i, kind: .waitsFor, index: w))
                }
            }
            for (w, wait) in details.waitsForQueues.enumerated() {
                if let target = queueIndex[wait.name] {
                    queueWaits.append((Int32(i), target, Int32(w)))
                } else {
                    unknown.append(UnknownReference(operation: i, kind: .waitsForQueues, index: w))
                }
            }
        }
        let duplicateOperations = duplicatePairs.map { Duplicate(first: Int($0.0), duplicate: Int($0.1)) }
        unknown.sort { ($0.operation, $0.kind.order, $0.index) < ($1.operation, $1.kind.order, $1.index) }
        selfDependencies.sort { ($0.0, $0.1) < ($1.0, $1.1) }

        // Reverse adjacency by counting sort: dependents of each operation in waiter order.
        var reverseStart = [Int32](repeating: 0, count: n + 1)
        var reverseTargets = [Int32](repeating: 0, count: targets.count)
        reverseStart.withUnsafeMutableBufferPointer { reverseStart in
            for target in targets { reverseStart[Int(target) + 1] += 1 }
            for i in 0..<n { reverseStart[i + 1] += reverseStart[i] }
        }
        var fill = reverseStart
        fill.withUnsafeMutableBufferPointer { fill in
        reverseTargets.withUnsafeMutableBufferPointer { reverseTargets in
            for waiter in 0..<n {
                for j in Int(start[waiter])..<Int(start[waiter + 1]) {
                    let target = Int(targets[j])
                    reverseTargets[Int(fill[target])] = Int32(waiter)
                    fill[target] += 1
                }
            }
        }}

        self.queueOfOperation = queueOfOperation
        self.dependencyStart = start
        self.dependencyTargets = targets
        self.dependencyOrigins = origins
        self.exclusivityCategories = categories
        self.dependentStart = reverseStart
        self.dependentTargets = reverseTargets
        self.operationWaits = operationWaits
        self.queueWaits = queueWaits
        self.unknownReferences = unknown
        self.duplicateOperations = duplicateOperations
        self.duplicateQueues = duplicateQueues
        self.selfDependencies = selfDependencies
        self.names = names
        self.table = table
        self.queueIndex = queueIndex
    }

    /// The table of the operation names (`NameTable`) and the operation each reference names
    /// (first declaration), or -1: candidates by hash in batches, each confirmed by its bytes.
    /// For a large graph, each half of the references is sorted on a second thread while this
    /// one builds the table, then resolved on a thread of its own.
    ///
    /// - Complexity: O(*n* + *r*) expected for *n* operations and *r* references.
    private static func resolve(
        _ hashes: [UInt64], names: OperationNames, hashes nameHashes: [UInt64], duplicates: inout [(Int32, Int32)], parallel: Bool
    ) -> (NameTable, [Int32]) {
        var resolved = [Int32](repeating: -1, count: hashes.count)
        let half = hashes.count / 2
        let table = hashes.withUnsafeBufferPointer { hashes in
        resolved.withUnsafeMutableBufferPointer { resolved in
            let shared = UnsafeSendable((hashes, resolved))
            var table: NameTable?
            var sorted: (NameTable.SortedQueries, NameTable.SortedQueries)?
            Parallel.both({ table = NameTable(names: names, hashes: nameHashes, duplicates: &duplicates) }, {
                let hashes = shared.value.0
                sorted = (NameTable.SortedQueries(UnsafeBufferPointer(rebasing: hashes[..<half]), names: names.count),
                          NameTable.SortedQueries(UnsafeBufferPointer(rebasing: hashes[half...]), names: names.count))
            }, inParallel: parallel)
            guard let table, let sorted else { preconditionFailure("both tasks ran") }
            func resolve(_ range: Range<Int>, _ queries: NameTable.SortedQueries) {
                let (hashes, resolved) = shared.value
                table.candidates(for: queries, into: UnsafeMutableBufferPointer(rebasing: resolved[range]))
                for r in range {
                    let target = resolved[r]
                    // A candidate shares the hash; confirm the name (and resolve the rare collision).
                    if target >= 0 && !names.withReferenceName(r, { names.operation(Int(target), isNamed: $0) }) {
                        resolved[r] = names.withReferenceName(r) { table.find($0, hash: hashes[r], in: names) } ?? -1
                    }
                }
            }
            Parallel.both({ resolve(0..<half, sorted.0) }, { resolve(half..<hashes.count, sorted.1) }, inParallel: parallel)
            return table
        }}
        return (table, resolved)
    }

    /// The number of operations.
    public var operationCount: Int { dependencyStart.count - 1 }

    /// The operation declared first with this name.
    public func operation(named name: String) -> Int? {
        table.find(name, in: names).map(Int.init)
    }

    /// The queue declared first with this name.
    public func queue(named name: String) -> Int? { queueIndex[name].map(Int.init) }

    /// Positions in `dependencyTargets` of the operations `operation` waits for.
    public func dependencyEdges(of operation: Int) -> Range<Int> {
        Int(dependencyStart[operation])..<Int(dependencyStart[operation + 1])
    }

    /// The operations `operation` waits for (dependencies and implicit exclusivity edges).
    public func dependencies(of operation: Int) -> ArraySlice<Int32> {
        dependencyTargets[dependencyEdges(of: operation)]
    }

    /// The operations that wait for `operation`.
    public func dependents(of operation: Int) -> ArraySlice<Int32> {
        dependentTargets[Int(dependentStart[operation])..<Int(dependentStart[operation + 1])]
    }

    /// Why the edge at `position` in `dependencyTargets` exists.
    public func origin(ofEdge position: Int) -> EdgeOrigin {
        let raw = dependencyOrigins[position]
        return raw >= 0 ? .dependency(index: Int(raw)) : .exclusivity(category: exclusivityCategories[Int(-raw - 1)])
    }

    /// The operation that the edge at `position` in `dependencyTargets` leaves.
    ///
    /// - Complexity: O(log *n*).
    public func waiter(ofEdge position: Int) -> Int {
        var low = 0
        var high = operationCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(dependencyStart[middle]) <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The position in `dependencyTargets` of the first edge `waiter → dependency`, if any.
    public func edge(from waiter: Int, to dependency: Int) -> Int? {
        dependencyEdges(of: waiter).first { dependencyTargets[$0] == Int32(dependency) }
    }
}
