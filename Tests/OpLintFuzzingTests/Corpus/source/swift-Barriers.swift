 import Foundation

/// A store that writes through a queue and flushes with a barrier.
final class EventLog {
    private let writes = OperationQueue()
    private var events: [String] = []

    init() {
        writes.maxConcurrentOperationCount = 4
    }

    func record(_ event: String) {
        writes.addOperation {
            self.events.append(event)
        }
    }

    func flush(then done: @escaping () -> Void) {
        writes.addOperation { print("compact") }
        writes.addBarrierBlock {
            print("flush \(self.events.count) events")
        }
        writes.addOperation {
            done()
        }
    }
}
