 import Foundation

final class ThumbnailPrefetcher {
    private let queue: OperationQueue

    init() {
        queue = OperationQueue()
        queue.maxConcurrentOperationCount = 3
    }

    func prefetch(_ urls: [URL]) {
        let downloads = urls.map { url in
            BlockOperation { _ = try? Data(contentsOf: url) }
        }
        let report = BlockOperation { print("prefetched \(urls.count)") }
        downloads.forEach { report.addDependency($0) }
        queue.addOperations(downloads, waitUntilFinished: false)
        queue.addOperation(report)
    }

    func warmUp() {
        (0..<3).forEach { index in
            let warm = BlockOperation { print("warm \(index)") }
            queue.addOperation(warm)
        }
    }
}
