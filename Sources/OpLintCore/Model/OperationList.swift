extension OperationGraph {
    /// The operations of a graph, in the order they are added to their queues.
    ///
    /// A collection of `Operation` values stored as columns (`OperationColumns`): reading
    /// `list[i]` builds the value, so code that walks every operation of a large graph reads
    /// the column it needs instead (`name(at:)`, `queueIndex(at:)`, `dependencyCount(at:)`, …).
    /// Writing `list[i]` replaces one operation in O(its size). Copies share storage until one
    /// of them changes.
    public struct OperationList: Sendable {
        var columns: OperationColumns

        public init() {
            columns = OperationColumns()
        }

        public init(_ operations: some Sequence<Operation>) {
            columns = OperationColumns()
            for operation in operations { columns.append(operation) }
        }

        /// The columns of `operations`, each column sized once: the list is known in full.
        public init(_ operations: [Operation]) {
            columns = OperationColumns()
            var references = 0
            var located = 0
            var textBytes = 0
            // Read in place, field by field: a copy of an operation would retain all of its fields.
            for i in operations.indices {
                textBytes += operations[i].name.utf8.count
                for dependency in operations[i].dependencies {
                    references += 1
                    textBytes += dependency.name.utf8.count
                    if dependency.location != nil { located += 1 }
                }
            }
            columns.reserve(operations: operations.count, references: references, textBytes: textBytes)
            columns.referenceLocation.reserveCapacity(located)
            for i in operations.indices { columns.append(operations[i]) }
        }

        init(columns: OperationColumns) {
            self.columns = columns
        }
    }
}

extension OperationGraph.OperationList: RandomAccessCollection, MutableCollection {
    public typealias Element = OperationGraph.Operation
    public typealias Index = Int
    public typealias Indices = Range<Int>

    @inline(__always) public var startIndex: Int { 0 }
    @inline(__always) public var endIndex: Int { columns.operationCount }
    @inline(__always) public var count: Int { columns.operationCount }
    @inline(__always) public var isEmpty: Bool { columns.operationCount == 0 }
    @inline(__always) public var indices: Range<Int> { 0..<columns.operationCount }
    @inline(__always) public func index(after i: Int) -> Int { i + 1 }
    @inline(__always) public func index(before i: Int) -> Int { i - 1 }

    /// Operation `i` as a value. - Complexity: O(size of its name and dependencies).
    public subscript(i: Int) -> OperationGraph.Operation {
        get {
            precondition(i >= 0 && i < count, "operation index out of range")
            return columns.operation(i)
        }
        set {
            precondition(i >= 0 && i < count, "operation index out of range")
            columns.set(i, newValue)
        }
    }
}

extension OperationGraph.OperationList: RangeReplaceableCollection {
    /// Appends one operation. - Complexity: amortized O(its size).
    public mutating func append(_ operation: OperationGraph.Operation) {
        columns.append(operation)
    }

    public mutating func append(contentsOf operations: some Sequence<OperationGraph.Operation>) {
        for operation in operations { columns.append(operation) }
    }

    public mutating func reserveCapacity(_ n: Int) {
        columns.reserve(operations: Swift.max(0, n - count), references: 0, textBytes: 0)
    }

    /// Replaces a range: O(1) per operation at the end of the list, else the list is rebuilt.
    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<OperationGraph.Operation>) {
        if subrange.isEmpty && subrange.lowerBound == count {
            append(contentsOf: newElements)
            return
        }
        var all = Array(self)
        all.replaceSubrange(subrange, with: newElements)
        self = OperationGraph.OperationList(all)
    }
}

extension OperationGraph.OperationList: ExpressibleByArrayLiteral, Equatable {
    public init(arrayLiteral operations: OperationGraph.Operation...) {
        self.init(operations)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
