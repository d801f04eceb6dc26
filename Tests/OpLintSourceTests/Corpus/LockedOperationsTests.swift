import Foundation
import XCTest

/// Operations kept in a lock-protected box and wired inside `withLock` closures, the way
/// Sendable-checked tests hold mutable state.
final class Box<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

struct Stages {
    var load: Operation!
    var transform: Operation!
    var save: Operation!
}

final class LockedOperationsTests: XCTestCase {
    func testCycleIsBrokenByCancellingOne() {
        let queue = OperationQueue()
        let stages = Box(Stages())
        stages.withLock {
            $0.load = BlockOperation { print("load") }
            $0.transform = BlockOperation { print("transform") }
            $0.save = BlockOperation { print("save") }
            // A cycle on purpose: cancelling `save` lets the queue drain (S6).
            $0.load.addDependency($0.transform)
            $0.transform.addDependency($0.save)
            $0.save.addDependency($0.load)
            queue.addOperation($0.load)
            queue.addOperation($0.transform)
            queue.addOperation($0.save)
            $0.save.cancel()
        }
        queue.waitUntilAllOperationsAreFinished()
    }

    func testChainOnAPlainValue() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        var stages = Stages()
        stages.load = BlockOperation { print("load") }
        stages.transform = BlockOperation { print("transform") }
        stages.save = BlockOperation { print("save") }
        stages.transform.addDependency(stages.load)
        stages.save.addDependency(stages.transform)
        queue.addOperations([stages.load, stages.transform, stages.save], waitUntilFinished: true)
    }
}
