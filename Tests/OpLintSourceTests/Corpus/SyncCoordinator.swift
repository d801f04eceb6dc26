import Foundation

/// A sync engine: its queues are properties set up in `init`, its operations are kept in
/// properties between methods, and a delegate hands it a queue of unknown settings.
protocol SyncDelegate: AnyObject {
    var callbackQueue: OperationQueue { get }
}

final class FetchChanges: Operation {
    let zone: String
    init(zone: String) { self.zone = zone }
    override func main() { print("fetch \(zone)") }
}

final class ApplyChanges: Operation {
    override func main() { print("apply") }
}

final class SyncCoordinator {
    private let network: OperationQueue
    private let database: OperationQueue
    private var pendingApply: ApplyChanges?
    weak var delegate: SyncDelegate?

    init() {
        network = OperationQueue()
        network.maxConcurrentOperationCount = 4
        network.qualityOfService = .utility
        database = OperationQueue()
        database.maxConcurrentOperationCount = 1
    }

    func prepare() {
        let apply = ApplyChanges()
        self.pendingApply = apply
    }

    func sync(zones: [String]) {
        let contacts = FetchChanges(zone: "contacts")
        let calendars = FetchChanges(zone: "calendars")
        let reminders = FetchChanges(zone: "reminders")
        let merge = BlockOperation { print("merge") }
        merge.addDependency(contacts)
        merge.addDependency(calendars)
        merge.addDependency(reminders)
        let save = BlockOperation { print("save") }
        save.addDependency(merge)
        let report = BlockOperation { print("report") }
        report.addDependency(save)
        network.addOperations([contacts, calendars, reminders], waitUntilFinished: false)
        database.addOperation(merge)
        database.addOperation(save)
        delegate?.callbackQueue.addOperation(report)
    }

    func cleanUp() {
        let vacuum = BlockOperation { print("vacuum") }
        let compact = BlockOperation { print("compact") }
        compact.addDependency(vacuum)
        compact.queuePriority = .low
        database.addOperations([vacuum, compact], waitUntilFinished: false)
    }
}
