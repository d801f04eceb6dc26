import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarms of the ninth pass over public repositories (olvid-ios's queue that wraps
/// what it is given), in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A variable that holds a new operation on one path and a parameter on the other keeps the new one (olvid-ios)")
    func newOperationOrParameter() {
        let c = RealCodeCase("Wrapping.swift", """
        final class Wrapper: Operation {
            init(_ inner: Operation) { super.init() }
        }

        final class WrappingQueue: OperationQueue {
            func enqueue(_ op: Operation, wrap: Bool) {
                let toQueue: Operation
                if wrap {
                    toQueue = Wrapper(op)
                } else {
                    toQueue = op
                }
                super.addOperation(toQueue)
            }

            func enqueue(_ op: Operation, mode: Int) {
                var chosen: Operation? = nil
                switch mode {
                case 0: chosen = Wrapper(op)
                default: chosen = op
                }
                if let chosen { self.addOperation(chosen) }
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2, "\(c.graph.operations.map(\.name))")
        #expect(c.graph.operations.allSatisfy { $0.start == .queue })
    }

    @Test("A list made by map and assigned in a branch or a closure is the list that is enqueued (olvid-ios)")
    func mapAssignedInInnerCode() {
        let c = RealCodeCase("Batch.swift", """
        final class Job: Operation {}

        final class Batcher {
            let queue = OperationQueue()
            let lock = DispatchQueue(label: "lock")

            func inBranch(_ input: [Int]) {
                var batch = [Operation]()
                if !input.isEmpty {
                    batch = input.map { _ in Job() }
                }
                queue.addOperations(batch, waitUntilFinished: false)
            }

            func inClosure(_ input: [Int]) {
                var batch = [Operation]()
                lock.sync {
                    batch = input.map { _ in Job() }
                }
                queue.addOperations(batch, waitUntilFinished: false)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2, "\(c.graph.operations.map(\.name))")
        #expect(c.graph.operations.allSatisfy { $0.queue == "queue" }, "\(c.graph.operations.map { $0.queue ?? "-" })")
    }

    @Test("A value that is no operation on the other path still replaces the operations")
    func valueThatIsNoOperationOnTheOtherPath() {
        let c = RealCodeCase("Other.swift", """
        func run(_ text: String, fresh: Bool) {
            var held: Any = BlockOperation { print("held") }
            if fresh {
                held = text
            }
            print(held)
        }
        """)
        // The block operation is still never started; `text` stays what it is.
        #expect(c.alarms == ["OPL105@Other.swift:2"], "\(c.alarms)")
    }
}
