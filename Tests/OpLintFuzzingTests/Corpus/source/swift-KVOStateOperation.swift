 import Foundation

/// An asynchronous operation with hand-written KVO for each flag.
final class LocationFixOperation: Operation {
    private var _isExecuting = false
    private var _isFinished = false

    override var isAsynchronous: Bool { return true }

    override var isExecuting: Bool { _isExecuting }

    override var isFinished: Bool { _isFinished }

    override func start() {
        willChangeValue(forKey: #keyPath(isExecuting))
        _isExecuting = true
        didChangeValue(forKey: #keyPath(isExecuting))
        requestLocation { [weak self] in self?.complete() }
    }

    private func complete() {
        willChangeValue(forKey: #keyPath(isExecuting))
        willChangeValue(forKey: #keyPath(isFinished))
        _isExecuting = false
        _isFinished = true
        didChangeValue(forKey: #keyPath(isExecuting))
        didChangeValue(forKey: #keyPath(isFinished))
    }

    private func requestLocation(_ done: @escaping () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { done() }
    }
}

final class CheckInController {
    private let queue = OperationQueue()

    func checkIn() {
        let fix = LocationFixOperation()
        let post = BlockOperation { print("posted") }
        post.addDependency(fix)
        queue.addOperation(fix)
        queue.addOperation(post)
    }
}
