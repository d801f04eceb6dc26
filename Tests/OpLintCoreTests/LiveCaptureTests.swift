import Foundation
import Testing
import XCTest
import OpLintCapture
import OpLintTesting
@testable import OpLintCore

/// Live capture on real `OperationQueue`s (swift-corelibs-foundation on Linux).
@Suite struct LiveCaptureTests {
    func named(_ name: String?, _ block: @escaping @Sendable () -> Void = {}) -> BlockOperation {
        let operation = BlockOperation(block: block)
        operation.name = name
        return operation
    }

    @Test func capturesQueuesOperationsAndSettings() throws {
        let queue = OperationQueue()
        queue.name = "feed"
        queue.maxConcurrentOperationCount = 2
        queue.qualityOfService = .userInitiated
        queue.isSuspended = true
        let download = named("download")
        let parse = named("parse")
        parse.addDependency(download)
        parse.queuePriority = .high
        parse.qualityOfService = .utility
        let unnamed = named(nil)
        queue.addOperations([download, parse, unnamed], waitUntilFinished: false)
        defer { queue.cancelAllOperations(); queue.isSuspended = false; queue.waitUntilAllOperationsAreFinished() }

        let graph = OperationGraph.capture(queue)
        #expect(graph.queues == [OperationGraph.Queue(name: "feed", maxConcurrentOperationCount: 2, qualityOfService: .userInitiated, isSuspended: true)])
        #expect(graph.operations.map(\.name) == ["download", "parse", "operation 3"])
        #expect(graph.operations.allSatisfy { $0.queue == "feed" && $0.start == .queue })
        let captured = try #require(graph.operations.first { $0.name == "parse" })
        #expect(captured.dependencies.map(\.name) == ["download"])
        #expect(captured.priority == .high)
        #expect(captured.qualityOfService == .utility)
        #expect(captured.labels["state"] == "pending")
        #expect(graph.operations[0].labels["state"] == "ready")
        // No cycle: the dependency graph itself is sound (a queue suspended for ever is another matter).
        #expect(graph.lint().reported.filter { $0.rule.code == "OPL101" }.isEmpty)
    }

    @Test func aCycleBuiltAtRunTimeIsFound() throws {
        let queue = OperationQueue()
        queue.isSuspended = true
        let a = named("a"), b = named("b")
        a.addDependency(b)
        b.addDependency(a)
        queue.addOperations([a, b], waitUntilFinished: false)
        let graph = OperationGraph.capture(queue)
        #expect(graph.lintErrors.map(\.rule.code).contains("OPL101"))
        // Break the cycle so the queue can drain.
        a.removeDependency(b)
        queue.cancelAllOperations()
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
        #expect(OperationGraph.capture(queue).operations.isEmpty)
    }

    @Test func dependenciesOutsideTheQueuesAndStates() throws {
        let queue = OperationQueue()
        queue.name = "work"
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let running = named("running") {
            started.signal()
            release.wait()
        }
        let done = named("done")
        done.start() // started by hand: finished, on no queue
        let orphan = named("orphan") // never added anywhere
        let cancelled = named("cancelled")
        let waiter = named("waiter")
        waiter.addDependency(done)
        waiter.addDependency(orphan)
        cancelled.addDependency(orphan)
        queue.addOperation(running)
        started.wait()
        queue.isSuspended = true
        queue.addOperations([waiter, cancelled], waitUntilFinished: false)
        cancelled.cancel()

        let graph = OperationGraph.capture(queue)
        release.signal()
        let states = Dictionary(uniqueKeysWithValues: graph.operations.map { ($0.name, $0.labels["state"] ?? "") })
        #expect(states == ["running": "executing", "waiter": "pending", "cancelled": "cancelled", "done": "finished", "orphan": "ready"])
        let done_ = try #require(graph.operations.first { $0.name == "done" })
        #expect(done_.queue == nil && done_.start == .manual && done_.duration == 0)
        let orphan_ = try #require(graph.operations.first { $0.name == "orphan" })
        #expect(orphan_.queue == nil && orphan_.start == .never)
        #expect(graph.events == [OperationGraph.Event(at: 0, .cancel(operation: "cancelled"))])
        // The orphan really never starts: the linter says so, and the helpers fail.
        #expect(graph.lintErrors.contains { $0.rule.code == "OPL105" && $0.operations.first == "orphan" })
        withKnownIssue {
            expectNoLintFindings(graph)
        }
        queue.cancelAllOperations()
        waiter.removeDependency(orphan)
        cancelled.removeDependency(orphan)
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
    }

    @Test func repeatedNamesAreMadeUnique() {
        let first = OperationQueue(), second = OperationQueue()
        first.name = "q"; second.name = "q"
        first.maxConcurrentOperationCount = 1
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        first.addOperation(named("x") {
            started.signal()
            release.wait()
        })
        started.wait()
        first.addOperations([named("x"), named("x")], waitUntilFinished: false)
        let graph = OperationGraph.capture(first, second)
        release.signal()
        #expect(graph.queues.map(\.name) == ["q", "q (2)"])
        #expect(graph.operations.map(\.name) == ["x", "x (2)", "x (3)"])
        // A serial queue working through its operations: nothing wrong.
        #expect(graph.lintErrors.isEmpty)
        expectNoLintFindings(graph)
        first.waitUntilAllOperationsAreFinished()
    }
}

/// The XCTest helper on a captured graph that is sound.
final class LiveCaptureXCTests: XCTestCase {
    func testCleanCapturedGraphPasses() {
        let queue = OperationQueue()
        queue.isSuspended = true
        let first = BlockOperation {}
        let second = BlockOperation {}
        second.addDependency(first)
        queue.addOperations([first, second], waitUntilFinished: false)
        let graph = OperationGraph.capture(queue)
        XCTAssertEqual(graph.operations.count, 2)
        // Suspension aside (queues resume later in an app), the dependency graph has no errors.
        XCTAssertNoLintFindings(graph, atLeast: .error, ignoring: ["OPL106", "OPL205"])
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
    }
}
