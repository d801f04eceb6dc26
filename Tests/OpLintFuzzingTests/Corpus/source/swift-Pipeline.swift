 import Foundation

/// Photo export: filter and resize on a CPU queue, upload on a network queue.
final class PhotoExporter {
    private let cpuQueue = OperationQueue()
    private let networkQueue = OperationQueue()

    init() {
        cpuQueue.maxConcurrentOperationCount = ProcessInfo.processInfo.activeProcessorCount
        cpuQueue.qualityOfService = .userInitiated
        networkQueue.maxConcurrentOperationCount = 2
        networkQueue.qualityOfService = .background
    }

    func export(_ photo: Data) {
        let filter = BlockOperation { /* apply the filter */ }
        let resize = BlockOperation { /* make it smaller */ }
        let upload = BlockOperation { /* send it */ }
        let cleanUp = BlockOperation { /* delete temporary files */ }
        resize.addDependency(filter)
        upload.addDependency(resize)
        cleanUp.addDependency(upload)
        upload.queuePriority = .low
        cpuQueue.addOperations([filter, resize], waitUntilFinished: false)
        networkQueue.addOperation(upload)
        networkQueue.addOperation(cleanUp)
    }
}
