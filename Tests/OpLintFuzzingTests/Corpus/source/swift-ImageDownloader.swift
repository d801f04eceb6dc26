 import UIKit

/// Downloads thumbnails, two at a time, and decodes them before display.
final class ImageDownloader {
    private let downloadQueue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "com.example.thumbnails"
        queue.maxConcurrentOperationCount = 2
        queue.qualityOfService = .userInitiated
        return queue
    }()

    private var cache: [URL: UIImage] = [:]

    func load(_ url: URL, into view: UIImageView) {
        let fetch = BlockOperation {
            _ = try? Data(contentsOf: url)
        }
        let decode = BlockOperation {
            // "decode" the image; a string with \(interpolation) and a "quote"
            print("decoding \(url.lastPathComponent) for \("view")")
        }
        decode.addDependency(fetch)
        decode.queuePriority = .high
        let show = BlockOperation {
            view.setNeedsLayout()
        }
        show.addDependency(decode)
        downloadQueue.addOperations([fetch, decode], waitUntilFinished: false)
        OperationQueue.main.addOperation(show)
    }

    func cancelAll() {
        downloadQueue.cancelAllOperations()
    }
}
