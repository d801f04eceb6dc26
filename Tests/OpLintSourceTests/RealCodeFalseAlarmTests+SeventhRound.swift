import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarm of the seventh pass over public repositories (corona-warn-app), in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A class method of an operation class that returns a queue makes a queue, not an operation (corona-warn-app)")
    func operationClassFactoryReturningAQueue() {
        let c = RealCodeCase("Service.swift", """
        class AsyncStep: Operation {
            static func serialQueue(named name: String) -> OperationQueue {
                let queue = OperationQueue()
                queue.name = name
                queue.maxConcurrentOperationCount = 1
                return queue
            }
            static func make() -> AsyncStep { AsyncStep() }
        }
        final class Service {
            private let queue = AsyncStep.serialQueue(named: "service")
            func run() {
                queue.addOperation(AsyncStep.make())
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.queues.contains { $0.name == "Service.queue" || $0.name == "queue" }, "\(c.graph.queues.map(\.name))")
        // The operation the other class method makes is enqueued on that queue.
        #expect(c.graph.operations.contains { $0.queue?.hasSuffix("queue") == true }, "\(c.graph.operations.map { ($0.name, $0.queue) })")
        #expect(c.graph.sourceFacts.coverage?.callsNotFollowed == 0)
    }
}
