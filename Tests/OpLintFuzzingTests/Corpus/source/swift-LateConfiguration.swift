 import Foundation

/// Configures operations after enqueueing them: the dependencies are still edges of the graph.
final class Synchronizer {
    private let queue = OperationQueue()

    func run() {
        let download = BlockOperation { print("download") }
        let apply = BlockOperation { print("apply") }
        let verify = BlockOperation { print("verify") }
        queue.addOperation(apply)
        apply.addDependency(download)
        apply.queuePriority = .veryLow
        queue.addOperation(download)
        verify.addDependency(apply)
        verify.addDependency(download)
        queue.addOperation(verify)
    }
}
