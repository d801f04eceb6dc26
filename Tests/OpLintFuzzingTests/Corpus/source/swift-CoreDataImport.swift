 import CoreData

/// Imports records in batches on a serial queue; a later import cancels the earlier one.
final class RecordImporter {
    let container: NSPersistentContainer
    private lazy var importQueue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "import"
        queue.maxConcurrentOperationCount = 1
        queue.qualityOfService = .utility
        return queue
    }()
    private var currentImport: Operation?

    init(container: NSPersistentContainer) {
        self.container = container
    }

    func importRecords(_ batches: [[String: Any]]) {
        currentImport?.cancel()
        let parse = BlockOperation { print("parse \(batches.count)") }
        let insert = BlockOperation { [container] in
            let context = container.newBackgroundContext()
            context.performAndWait { try? context.save() }
        }
        let notify = BlockOperation {
            NotificationCenter.default.post(name: .init("imported"), object: nil)
        }
        insert.addDependency(parse)
        notify.addDependency(insert)
        importQueue.addOperations([parse, insert], waitUntilFinished: false)
        OperationQueue.main.addOperation(notify)
        currentImport = insert
        parse.cancel()
    }
}
