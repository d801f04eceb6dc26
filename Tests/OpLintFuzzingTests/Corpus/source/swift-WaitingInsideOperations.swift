 import Foundation

/// A report built by operations that wait for each other from inside their blocks.
final class ReportBuilder {
    private let serial: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
    }()
    private let helpers = OperationQueue()

    func build(includeCharts: Bool) {
        let gather = BlockOperation { print("gather") }
        let charts = BlockOperation { print("charts") }
        let assemble = BlockOperation {
            gather.waitUntilFinished()
            if includeCharts {
                charts.waitUntilFinished()
            }
        }
        let publish = BlockOperation {
            self.helpers.waitUntilAllOperationsAreFinished()
        }
        if includeCharts {
            helpers.addOperation(charts)
        } else {
            charts.cancel()
        }
        publish.addDependency(assemble)
        serial.addOperation(assemble)
        serial.addOperation(gather)
        serial.addOperation(publish)
    }
}
