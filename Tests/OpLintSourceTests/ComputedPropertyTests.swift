import Testing
import OpLintCore
@testable import OpLintSource

/// A computed property may make a new operation on every read; a stored one (with or without
/// observers, `lazy` or not) is one operation (docs/source.md, "Properties").
@Suite("Computed properties")
struct ComputedPropertyTests {
    @Test("Each read of a computed operation property is an operation of its own: enqueued twice is no repeat")
    func eachReadIsItsOwnOperation() {
        let c = RealCodeCase([("Poller.swift", """
        final class Poller {
            let queue = OperationQueue()
            func pollTwice() {
                queue.addOperation(poll)
                queue.addOperation(poll)
                queue.addOperation(cleanup)
                queue.addOperation(cleanup)
            }
        }
        """), ("Poller+Operations.swift", """
        extension Poller {
            var poll: Operation {
                BlockOperation { print("poll") }
            }
            var cleanup: BlockOperation {
                get {
                    let op = BlockOperation { print("cleanup") }
                    op.qualityOfService = .background
                    return op
                }
            }
        }
        """)])
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        let reads = c.graph.operations.filter { $0.location?.file == "Poller.swift" }
        #expect(reads.count == 4)
        #expect(Set(reads.map(\.name)).count == 4)
        #expect(reads.allSatisfy { $0.queue == "queue" })
    }

    @Test("A stored property, lazy or observed, is one operation: enqueued twice is a repeat")
    func storedPropertiesStayOne() {
        for declaration in ["lazy var warm: BlockOperation = BlockOperation { print(\"warm\") }",
                            "var warm: BlockOperation = BlockOperation { } { didSet { print(\"set\") } }",
                            "let warm = BlockOperation { }"] {
            let c = RealCodeCase("Warmup.swift", """
            final class Warmup {
                let queue = OperationQueue()
                \(declaration)
                func again() {
                    queue.addOperation(warm)
                    queue.addOperation(warm)
                }
            }
            """)
            #expect(c.alarms == ["OPL302@Warmup.swift:6"], "\(declaration)")
        }
    }

    @Test("A computed queue property is one queue wherever it is read")
    func computedQueueIsOneQueue() {
        let c = RealCodeCase([("Store.swift", """
        final class Store {
            func save() {
                let op = BlockOperation { print("save") }
                workQueue.addOperation(op)
            }
            func load() {
                let op = BlockOperation { print("load") }
                workQueue.addOperation(op)
            }
        }
        """), ("Store+Queue.swift", """
        extension Store {
            var workQueue: OperationQueue { Store.sharedQueue }
        }
        """)])
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.queues.count == 1)
        #expect(Set(c.graph.operations.compactMap(\.queue)).count == 1)
    }
}
