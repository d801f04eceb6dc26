 import Foundation

/// An asynchronous operation that forgot to mark itself finished.
final class UploadOperation: Operation {
    private var _executing = false
    let payload: Data

    init(payload: Data) {
        self.payload = payload
    }

    override var isAsynchronous: Bool {
        return true
    }

    override var isExecuting: Bool { _executing }

    override func start() {
        willChangeValue(forKey: "isExecuting")
        _executing = true
        didChangeValue(forKey: "isExecuting")
        upload { _ in
            // Bug: never sets finished, so the queue slot is held forever.
            print("uploaded")
        }
    }

    private func upload(_ completion: @escaping (Bool) -> Void) {
        DispatchQueue.global().async { completion(true) }
    }
}

final class Uploader {
    let uploads: OperationQueue = {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 2
        return q
    }()

    func upload(_ items: [Data]) {
        let first = UploadOperation(payload: items[0])
        let second = UploadOperation(payload: items[1])
        let notify = BlockOperation { print("all uploaded") }
        notify.addDependency(first)
        notify.addDependency(second)
        uploads.addOperation(first)
        uploads.addOperation(second)
        uploads.addOperation(notify)
    }
}
