 import Foundation

/// A request that is retried by enqueueing a fresh operation built by a factory.
final class RequestOperation: Operation {
    let attempt: Int

    init(attempt: Int) {
        self.attempt = attempt
    }

    override func main() {
        guard !isCancelled else { return }
        print("attempt \(attempt)")
    }
}

final class RetryingClient {
    private let queue = OperationQueue()

    private func makeRequest(attempt: Int) -> Operation {
        let request = RequestOperation(attempt: attempt)
        request.queuePriority = .high
        return request
    }

    func send() {
        let first = RequestOperation(attempt: 1)
        let log = BlockOperation { print("logged") }
        log.addDependency(first)
        queue.addOperation(first)
        queue.addOperation(log)
        queue.addOperation(makeRequest(attempt: 2))
    }
}
