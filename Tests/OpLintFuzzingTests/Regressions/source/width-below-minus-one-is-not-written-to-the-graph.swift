import Foundation

final class Uploader {
    private let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount =- 3
        return queue
    }()
    func send() { queue.addOperation { print("send") } }
}
