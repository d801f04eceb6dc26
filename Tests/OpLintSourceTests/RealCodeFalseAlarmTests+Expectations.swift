import Testing
import OpLintCore
@testable import OpLintSource

/// XCTest's waits for expectations made from an operation (OperationPlus's tests, in our own
/// words): after the wait the operation has finished, so a dependency added to it then holds
/// nothing back.
extension RealCodeFalseAlarmTests {
    /// An expectation class of the test code's own that enqueues the operations it is made
    /// from and is fulfilled when they finish.
    static let finishExpectation = """
    final class FinishExpectation: XCTestExpectation {
        let queue = OperationQueue()
        convenience init(operation: Operation) { self.init(operations: [operation]) }
        init(operations: [Operation]) {
            super.init(description: "finished")
            let fulfil = BlockOperation { self.fulfill() }
            operations.forEach { fulfil.addDependency($0) }
            queue.addOperations(operations + [fulfil], waitUntilFinished: false)
        }
    }

    """

    @Test("An expectation made from an operation and waited for finishes it (OperationPlus)")
    func waitedExpectationFinishesItsOperation() {
        let c = RealCodeCase("LateTests.swift", Self.finishExpectation + """
        final class LateTests: XCTestCase {
            func testListed() {
                let job = BlockOperation { print("job") }
                let done = FinishExpectation(operation: job)
                wait(for: [done], timeout: 1)
                job.addDependency(Operation())
            }
            func testWaiter() async {
                let job = BlockOperation { print("job") }
                let done: XCTestExpectation = FinishExpectation(operations: [job])
                await fulfillment(of: [done], timeout: 1)
                job.addDependency(Operation())
            }
            func testExplicitWaiter() {
                let job = BlockOperation { print("job") }
                let done = FinishExpectation(operation: job)
                XCTWaiter().wait(for: [done], timeout: 1)
                job.addDependency(Operation())
            }
        }
        """)
        // No edge: each `job` ran before the call; the operations made for the call are never
        // started, which is true and a warning, since nothing waits for them.
        #expect(c.edges.isEmpty, "\(c.edges)")
        #expect(c.findings("OPL106").isEmpty)
        #expect(c.alarms.sorted() == ["OPL105@LateTests.swift:16", "OPL105@LateTests.swift:22", "OPL105@LateTests.swift:28"], "\(c.alarms)")
        #expect(c.findings("OPL105").allSatisfy { $0.severity == .warning })
    }

    @Test("An inverted expectation, one that watches another state, or one not waited for finishes nothing")
    func expectationsThatSayNothingOfFinishing() {
        let c = RealCodeCase("LateTests.swift", Self.finishExpectation + """
        final class LateTests: XCTestCase {
            func testInverted() {
                let job = BlockOperation { print("job") }
                let done = FinishExpectation(operation: job)
                done.isInverted = true
                wait(for: [done], timeout: 0.1)
                job.addDependency(Operation())
            }
            func testExecuting() {
                let job = BlockOperation { print("job") }
                OperationQueue().addOperation(job)
                let running = keyValueObservingExpectation(for: job, keyPath: "isExecuting")
                waitForExpectations(timeout: 1)
                job.addDependency(Operation())
            }
            func testOtherExpectation() {
                let job = BlockOperation { print("job") }
                let done = FinishExpectation(operation: job)
                let other = expectation(description: "other")
                wait(for: [other], timeout: 1)
                job.addDependency(Operation())
            }
        }
        """)
        #expect(c.edges.count == 3, "\(c.edges)")
        // Handed to the expectation's initializer, `job` is taken as started there (it is not
        // reported), but only the one enqueued makes an error of what it waits for.
        #expect(c.findings("OPL106").map(\.location.line) == [20], "\(c.alarms)")
    }

    @Test("waitForExpectations waits for the test case's key-value expectation on isFinished")
    func keyValueExpectationFinishesItsOperation() {
        let c = RealCodeCase("LateTests.swift", """
        final class LateTests: XCTestCase {
            func testObserved() {
                let job = BlockOperation { print("job") }
                OperationQueue().addOperation(job)
                _ = keyValueObservingExpectation(for: job, keyPath: "isFinished")
                waitForExpectations(timeout: 1)
                job.addDependency(Operation())
            }
        }
        """)
        // As after `waitUntilFinished()`: a late change, not an edge.
        #expect(c.edges.isEmpty, "\(c.edges)")
        #expect(c.alarms.sorted() == ["OPL105@LateTests.swift:7", "OPL301@LateTests.swift:7"], "\(c.alarms)")
    }

    @Test("Each waitForExpectations waits for the expectations made since the one before, and earlier ones stay fulfilled")
    func repeatedWaitsForAllExpectations() {
        let c = RealCodeCase("LateTests.swift", """
        final class LateTests: XCTestCase {
            func testTwice() {
                let queue = OperationQueue()
                let first = BlockOperation { print("first") }
                let second = BlockOperation { print("second") }
                let third = BlockOperation { print("third") }
                queue.addOperation(first)
                _ = keyValueObservingExpectation(for: first, keyPath: "isFinished")
                waitForExpectations(timeout: 1)
                queue.addOperation(second)
                _ = keyValueObservingExpectation(for: second, keyPath: "isFinished")
                queue.addOperation(third)
                let started = keyValueObservingExpectation(for: third, keyPath: "isExecuting")
                waitForExpectations(timeout: 1)
                first.addDependency(Operation())
                second.addDependency(Operation())
                third.addDependency(Operation())
            }
        }
        """)
        // `first` and `second` have finished; `third` may still be running.
        #expect(c.edges == ["third → operation3"], "\(c.edges)")
    }

    @Test("The same waits in Objective-C")
    func objectiveCExpectationWaits() {
        let c = RealCodeCase("LateTests.m", """
        @implementation LateTests
        - (void)testObserved {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *job = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"job"); }];
            [queue addOperation:job];
            XCTestExpectation *done = [self keyValueObservingExpectationForObject:job keyPath:@"isFinished" handler:nil];
            [self waitForExpectationsWithTimeout:1 handler:nil];
            [job addDependency:[[NSOperation alloc] init]];
        }
        - (void)testListed {
            NSBlockOperation *job = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"job"); }];
            XCTestExpectation *done = [[FinishExpectation alloc] initWithOperation:job];
            [self waitForExpectations:@[done] timeout:1];
            [job addDependency:[[NSOperation alloc] init]];
        }
        - (void)testExecuting {
            NSBlockOperation *job = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"job"); }];
            XCTestExpectation *running = [[FinishExpectation alloc] initWithOperation:job keyPath:@"isExecuting"];
            [self waitForExpectations:@[running] timeout:1];
            [job addDependency:[[NSOperation alloc] init]];
        }
        @end
        """)
        #expect(c.edges.count == 1, "\(c.edges)")
        // `job` of testExecuting is only handed to the expectation's initializer: what it waits
        // for is reported as never started, but as a warning, and it is not said to never start.
        #expect(c.findings("OPL106").isEmpty, "\(c.alarms)")
        #expect(c.findings("OPL105").map(\.severity) == [.warning, .warning, .warning], "\(c.findings("OPL105").map(\.message))")
        #expect(c.alarms.sorted() == ["OPL105@LateTests.m:14", "OPL105@LateTests.m:20", "OPL105@LateTests.m:8", "OPL301@LateTests.m:8"], "\(c.alarms)")
    }
}
