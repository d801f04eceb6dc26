 import Foundation

/// "Advanced NSOperations" (WWDC 2015): a group runs its children on an internal queue;
/// operations of one exclusivity category run one at a time.
class GroupOperation: Operation {
    private let internalQueue = OperationQueue()
    private let finishingOperation = BlockOperation(block: {})
    private let children: [Operation]

    init(operations: [Operation]) {
        children = operations
        super.init()
        internalQueue.isSuspended = true
    }

    override func main() {
        for child in children {
            finishingOperation.addDependency(child)
        }
        internalQueue.addOperations(children, waitUntilFinished: false)
        internalQueue.addOperation(finishingOperation)
        internalQueue.isSuspended = false
        finishingOperation.waitUntilFinished()
    }
}

final class LoginFlow {
    let operationQueue = OperationQueue()

    func start() {
        // oplint:operation showLoginAlert exclusive=Alert
        let alert = BlockOperation { print("Please log in") }
        // oplint:operation showErrorAlert exclusive=Alert
        let error = BlockOperation { print("Wrong password") }
        let authenticate = BlockOperation { print("authenticating") }
        authenticate.addDependency(alert)
        error.addDependency(authenticate)
        let group = GroupOperation(operations: [alert, authenticate, error])
        operationQueue.addOperation(group)
    }
}
