 import Foundation

/// The usual base class for operations that finish when a callback fires.
class AsyncOperation: Operation {
    enum State: String {
        case ready, executing, finished
        fileprivate var keyPath: String { "is" + rawValue.capitalized }
    }

    var state = State.ready {
        willSet {
            willChangeValue(forKey: newValue.keyPath)
            willChangeValue(forKey: state.keyPath)
        }
        didSet {
            didChangeValue(forKey: oldValue.keyPath)
            didChangeValue(forKey: state.keyPath)
        }
    }

    override var isAsynchronous: Bool { true }
    override var isExecuting: Bool { state == .executing }
    override var isFinished: Bool { state == .finished }

    override func start() {
        if isCancelled {
            state = .finished
            return
        }
        state = .executing
        main()
    }

    func finish() {
        state = .finished
    }
}

final class DownloadOperation: AsyncOperation {
    let url: URL
    private var task: URLSessionDataTask?

    init(url: URL) {
        self.url = url
    }

    override func main() {
        task = URLSession.shared.dataTask(with: url) { [weak self] _, _, _ in
            self?.finish()
        }
        task?.resume()
    }

    override func cancel() {
        task?.cancel()
        super.cancel()
    }
}

final class ArticleSync {
    private let queue = OperationQueue()

    func sync(_ urls: [URL]) {
        let index = DownloadOperation(url: URL(string: "https://example.com/index.json")!)
        let save = BlockOperation {
            print("saved")
        }
        save.addDependency(index)
        queue.addOperations([index, save], waitUntilFinished: false)
    }
}
