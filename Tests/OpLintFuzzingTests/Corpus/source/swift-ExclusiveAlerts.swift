 import Foundation

/// PSOperations-style conditions: the scanner cannot see through `addCondition`, so the
/// exclusivity is stated with annotations.
final class AlertPresenter {
    private let queue = OperationQueue()

    func present() {
        // oplint:operation welcome exclusive=Alert priority=veryHigh
        let welcome = BlockOperation { print("Welcome") }
        // oplint:operation rating exclusive=Alert
        let rating = BlockOperation { print("Rate us") }
        welcome.addDependency(rating)
        queue.addOperation(welcome)
        queue.addOperation(rating)
    }
}
