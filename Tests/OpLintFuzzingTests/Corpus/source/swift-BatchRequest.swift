 import Foundation

/// Sends a batch of API requests and calls back once every one has answered.
struct APIRequest {
    var path: String
}

final class BatchRequestSender {
    private let session: URLSession
    private let queue = OperationQueue()

    init(session: URLSession = .shared) {
        self.session = session
        queue.maxConcurrentOperationCount = 4
        queue.qualityOfService = .utility
    }

    func send(_ requests: [APIRequest], completion: @escaping ([Data]) -> Void) {
        var results: [Data] = []
        let lock = NSLock()
        let finish = BlockOperation {
            completion(results)
        }
        var operations: [Operation] = []
        for request in requests {
            let fetch = BlockOperation { [session] in
                let url = URL(string: "https://api.example.com/\(request.path)")!
                if let data = try? Data(contentsOf: url) {
                    lock.lock(); results.append(data); lock.unlock()
                }
                _ = session
            }
            finish.addDependency(fetch)
            operations.append(fetch)
        }
        queue.addOperations(operations, waitUntilFinished: false)
        OperationQueue.main.addOperation(finish)
    }

    func cancel() {
        queue.cancelAllOperations()
    }
}
