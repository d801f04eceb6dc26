 import Foundation

/// Generic types, nested types and closures that are not operations.
final class Repository<Model: Decodable> {
    struct Page<Item> {
        var items: [Item]
    }

    private let decodeQueue = OperationQueue()
    private var handlers: [(Model) -> Void] = []

    init() {
        decodeQueue.maxConcurrentOperationCount = 2
    }

    func fetch(_ data: [Data], completion: @escaping (Page<Model>) -> Void) {
        var decoded: [Model] = []
        let decode = BlockOperation {
            decoded = data.compactMap { try? JSONDecoder().decode(Model.self, from: $0) }
        }
        let deliver = BlockOperation {
            completion(Page(items: decoded))
        }
        deliver.addDependency(decode)
        handlers.forEach { handler in
            _ = handler
        }
        decodeQueue.addOperation(decode)
        OperationQueue.main.addOperation(deliver)
        OperationQueue.main.addOperation {
            print("queued \(data.count) pages")
        }
    }
}
