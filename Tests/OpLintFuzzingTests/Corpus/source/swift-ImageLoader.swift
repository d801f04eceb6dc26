 import UIKit

/// Inferred from the API calls: two queues, three operations, two dependencies.
final class ImageLoader {
    private let downloads: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 2
        return queue
    }()

    func load(_ url: URL, into view: UIImageView) {
        let fetch = BlockOperation { _ = try? Data(contentsOf: url) }
        let decode = BlockOperation { print("decode") }
        let show = BlockOperation { view.setNeedsDisplay() }
        downloads.addOperation(decode)
        decode.addDependency(fetch)          // OPL301: after decode was enqueued
        show.addDependency(decode)
        downloads.addOperation(fetch)
        OperationQueue.main.addOperation(show)
        fetch.cancel()                       // OPL304: decode and show still run
    }
}
