import Foundation

/// An uploader that keeps the steps of one upload in a small value type and in properties,
/// set in one method and wired in another.
struct UploadSteps {
    var prepare: Operation?
    var transcode: Operation?
    var send: Operation?
}

final class MediaUploader {
    private let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 3
        return queue
    }()
    private var thumbnail: BlockOperation!
    private var metadata: BlockOperation!

    func makeSideSteps() {
        thumbnail = BlockOperation { print("thumbnail") }
        self.metadata = BlockOperation { print("metadata") }
    }

    func upload(_ file: URL) {
        makeSideSteps()
        var steps = UploadSteps()
        steps.prepare = BlockOperation { print("prepare \(file)") }
        steps.transcode = BlockOperation { print("transcode") }
        steps.send = BlockOperation { print("send") }
        steps.transcode?.addDependency(steps.prepare!)
        steps.send?.addDependency(steps.transcode!)
        thumbnail.addDependency(steps.prepare!)
        metadata.addDependency(steps.prepare!)
        steps.send?.addDependency(thumbnail)
        steps.send?.addDependency(self.metadata)
        let confirm = BlockOperation { print("confirm") }
        confirm.addDependency(steps.send!)
        queue.addOperations([steps.prepare!, steps.transcode!, thumbnail, metadata, steps.send!, confirm], waitUntilFinished: false)
    }
}
