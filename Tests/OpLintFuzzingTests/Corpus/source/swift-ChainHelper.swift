 import Foundation

extension Array where Element: Operation {
    /// Makes each operation wait for the one before it.
    func chained() -> [Element] {
        for (previous, next) in zip(self, dropFirst()) {
            next.addDependency(previous)
        }
        return self
    }
}

final class MigrationRunner {
    private let queue = OperationQueue()

    func migrate() {
        let backup = BlockOperation { print("backup") }
        let schema = BlockOperation { print("schema") }
        let data = BlockOperation { print("data") }
        let steps = [backup, schema, data].chained()
        queue.addOperations(steps, waitUntilFinished: false)
        let report = BlockOperation { print("report") }
        report.addDependency(data)
        queue.addOperation(report)
    }
}
