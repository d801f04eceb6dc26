import Testing
import OpLintCore
@testable import OpLintSource

/// Methods of an operation class that cancel the operation itself (a timeout helper, an
/// `expire()`), called on an operation: a cancel the scanner can see through, in the same
/// words as the patterns met in real code.
@Suite("Methods that cancel the operation they are called on")
struct CancellingMethodTests {
    /// An operation class with a timeout helper that cancels the operation from a timer.
    static let timedOperation = ("TimedOperation.m", """
    @interface TimedOperation : NSOperation
    - (instancetype)timeout:(dispatch_time_t)timeout;
    - (instancetype)describe:(NSString *)text;
    @end

    @implementation TimedOperation
    - (instancetype)timeout:(dispatch_time_t)timeout {
        __weak TimedOperation *weakSelf = self;
        dispatch_after(dispatch_time(DISPATCH_TIME_NOW, timeout), dispatch_get_main_queue(), ^{
            if (!weakSelf.isFinished) {
                [weakSelf cancel];
            }
        });
        return self;
    }
    - (instancetype)describe:(NSString *)text {
        NSLog(@"%@", text);
        return self;
    }
    - (void)cancel {
        [super cancel];
    }
    @end
    """)

    @Test("An operation enqueued through a timeout helper that cancels it is released by the cancel: no OPL106, OPL105 a warning")
    func timeoutHelperInTheEnqueue() {
        let c = RealCodeCase([Self.timedOperation, ("TimeoutTests.m", """
        @implementation TimeoutTests
        - (void)testTimeout {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            TimedOperation *first = [[TimedOperation alloc] init];
            TimedOperation *second = [[TimedOperation alloc] init];
            [second addDependency:first];
            [queue addOperation:[second timeout:50 * NSEC_PER_MSEC]];
            [queue waitUntilAllOperationsAreFinished];
        }
        @end
        """)])
        #expect(c.graph.events.map(\.action) == [.cancel(operation: "second")], "\(c.graph.events)")
        // When the delay has passed: 50 ms.
        #expect(c.graph.events.map(\.at) == [0.05])
        #expect(c.graph.events.first?.location?.line == 7)
        #expect(c.findings("OPL106").isEmpty, "\(c.findings("OPL106").map(\.message))")
        let neverStarted = c.findings("OPL105")
        #expect(neverStarted.map(\.severity) == [.warning])
        #expect(neverStarted.first?.message.contains("may be cancelled first") == true, "\(neverStarted.first?.message ?? "")")
    }

    @Test("The delay is read from the call when it is written in a unit of time; any other is taken as none; one that never comes cancels nothing", arguments: [
        ("60 * NSEC_PER_SEC", 60.0), ("(250)* NSEC_PER_MSEC", 0.25), ("NSEC_PER_USEC * 500", 0.0005),
        ("2 * 3 * NSEC_PER_SEC", 6), ("0.5 * NSEC_PER_SEC", 0.5), ("kTimeout", 0), ("5", 0), ("5 * kUnit", 0),
        ("NSEC_PER_SEC * NSEC_PER_MSEC", 0), ("5 + NSEC_PER_SEC", 0), ("(int64_t)(2.5 * NSEC_PER_SEC)", 2.5),
        ("3ull * NSEC_PER_SEC", 3), ("NSEC_PER_SEC / 2", 0.5), ("DISPATCH_TIME_FOREVER", nil),
    ] as [(String, Double?)])
    func delays(_ written: String, _ seconds: Double?) {
        let c = RealCodeCase([Self.timedOperation, ("DelayTests.m", """
        @implementation DelayTests
        - (void)testDelay {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            TimedOperation *op = [[TimedOperation alloc] init];
            [queue addOperation:[op timeout:\(written)]];
        }
        @end
        """)])
        #expect(c.graph.events.map(\.at) == (seconds.map { [$0] } ?? []), "\(written): \(c.graph.events)")
    }

    @Test("Swift delays: `.seconds(60 * 2)`, `DispatchTimeInterval.milliseconds(250)`; `.never` cancels nothing", arguments: [
        (".seconds(60 * 2)", 120.0), ("DispatchTimeInterval.milliseconds(250)", 0.25), (".never", nil),
    ] as [(String, Double?)])
    func swiftDelays(_ written: String, _ seconds: Double?) {
        let c = RealCodeCase("Expire.swift", """
        final class Fetch: Operation {
            func expire(after delay: DispatchTimeInterval) {
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.cancel() }
            }
        }
        final class Loader {
            let queue = OperationQueue()
            func load() {
                let fetch = Fetch()
                queue.addOperation(fetch)
                fetch.expire(after: \(written))
            }
        }
        """)
        #expect(c.graph.events.map(\.at) == (seconds.map { [$0] } ?? []), "\(written): \(c.graph.events)")
    }

    @Test("Called on its own line the helper hands the operation nowhere: in other code than the enqueue it makes no event, and an operation nobody enqueues stays unstarted")
    func helperOnItsOwnHandsNothingOn() {
        let c = RealCodeCase("Loader.swift", """
        final class Fetch: Operation {
            func expire(after delay: DispatchTimeInterval) {
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.cancel() }
            }
        }
        final class Loader {
            let queue = OperationQueue()
            let gate = BlockOperation { }
            let fetch = Fetch()
            func load() {
                fetch.addDependency(gate)
                queue.addOperation(fetch)
            }
            func stopSoon() {
                fetch.expire(after: .seconds(1))
            }
            func orphan() {
                let parse = BlockOperation { }
                let lost = Fetch()
                parse.addDependency(lost)
                lost.expire(after: .seconds(5))
                queue.addOperation(parse)
            }
        }
        """)
        #expect(c.graph.events.isEmpty, "\(c.graph.events)")
        #expect(c.findings("OPL106").count == 2, "\(c.findings("OPL106").map(\.message))")
    }

    @Test("A subclass that overrides the helper without cancelling or calling `super`'s takes the cancel away; one that calls `super` keeps it")
    func overridesDecide() {
        let c = RealCodeCase([("Fetch.swift", """
        class Fetch: Operation {
            func expire(after delay: DispatchTimeInterval) {
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in self?.cancel() }
            }
        }
        final class PinnedFetch: Fetch {
            override func expire(after delay: DispatchTimeInterval) { print("ignoring the timeout") }
        }
        final class LoggedFetch: Fetch {
            override func expire(after delay: DispatchTimeInterval) {
                print("expiring")
                super.expire(after: delay)
            }
        }
        """), ("Loader.swift", """
        final class Loader {
            let queue = OperationQueue()
            func pinned() {
                let gate = BlockOperation { }
                let fetch = PinnedFetch()
                fetch.addDependency(gate)
                queue.addOperation(fetch)
                fetch.expire(after: .seconds(5))
            }
            func logged() {
                let gate = BlockOperation { }
                let fetch = LoggedFetch()
                fetch.addDependency(gate)
                queue.addOperation(fetch)
                fetch.expire(after: .seconds(5))
            }
        }
        """)])
        #expect(c.graph.events.map(\.at) == [5], "\(c.graph.events)")
        let blocked = c.findings("OPL106")
        #expect(blocked.count == 1)
        #expect(blocked.first?.message.contains("pinned()") == true, "\(blocked.map(\.message))")
    }

    @Test("A name the helper gives `self` (`guard let strong = self`) cancels the operation as `self` does")
    func aliasOfSelf() {
        let c = RealCodeCase("Expire.swift", """
        final class Fetch: Operation {
            func expire(after delay: DispatchTimeInterval) {
                DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
                    guard let strong = self else { return }
                    strong.cancel()
                }
            }
            func mark(_ other: Operation) {
                let strong = other
                strong.cancel()
            }
        }
        final class Loader {
            let queue = OperationQueue()
            func load(_ other: Operation) {
                let gate = BlockOperation { }
                let fetch = Fetch()
                fetch.addDependency(gate)
                queue.addOperation(fetch)
                fetch.expire(after: .seconds(3))
                let second = Fetch()
                second.addDependency(gate)
                queue.addOperation(second)
                second.mark(other)
            }
        }
        """)
        #expect(c.graph.events.map(\.at) == [3], "\(c.graph.events)")
        #expect(c.findings("OPL106").count == 1, "\(c.findings("OPL106").map(\.message))")
    }

    @Test("Objective-C methods are told apart by their whole selector; a cancel through `super` cancels the operation too")
    func selectorsAndSuper() {
        let c = RealCodeCase([("Timed.m", """
        @interface Timed : NSOperation
        @end
        @implementation Timed
        - (void)timeout:(int64_t)nanoseconds {
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, nanoseconds), dispatch_get_main_queue(), ^{ [super cancel]; });
        }
        - (void)timeout:(int64_t)nanoseconds reason:(NSString *)reason {
            NSLog(@"%@", reason);
        }
        @end
        """), ("Use.m", """
        @implementation Use
        - (void)cancelled {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSOperation *gate = [[NSOperation alloc] init];
            Timed *fetch = [[Timed alloc] init];
            [fetch addDependency:gate];
            [queue addOperation:fetch];
            [fetch timeout:2 * NSEC_PER_SEC];
        }
        - (void)logged {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSOperation *gate = [[NSOperation alloc] init];
            Timed *fetch = [[Timed alloc] init];
            [fetch addDependency:gate];
            [queue addOperation:fetch];
            [fetch timeout:2 * NSEC_PER_SEC reason:@"diagnostics"];
        }
        @end
        """)])
        #expect(c.graph.events.map(\.at) == [2], "\(c.graph.events)")
        let blocked = c.findings("OPL106")
        #expect(blocked.count == 1)
        #expect(blocked.first?.location.line == 13, "\(blocked.map(\.message))")
    }

    @Test("The operation's own code cancelling it (`[self cancel]` in its start) is no cancel event")
    func ownCancelIsNoEvent() {
        let c = RealCodeCase([("CheckedOperation.m", """
        @interface CheckedOperation : NSOperation
        @end
        @implementation CheckedOperation
        - (void)start {
            if (![self dependenciesSucceeded]) {
                [self cancel];
            }
            [super start];
        }
        @end
        """)])
        #expect(c.graph.events.isEmpty, "\(c.graph.events)")
    }

    @Test("A method of the same class that does not cancel changes nothing: the operation still waits forever")
    func otherMethodIsNoCancel() {
        let c = RealCodeCase([Self.timedOperation, ("DescribeTests.m", """
        @implementation DescribeTests
        - (void)testDescribe {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            TimedOperation *first = [[TimedOperation alloc] init];
            TimedOperation *second = [[TimedOperation alloc] init];
            [second addDependency:first];
            [queue addOperation:[second describe:@"second"]];
        }
        @end
        """)])
        #expect(c.graph.events.isEmpty, "\(c.graph.events)")
        // `second` is taken as enqueued through what `describe:` returns, an assumption: the
        // operation it waits for is reported, as a warning, and `second` is not said never to start.
        #expect(c.findings("OPL106").isEmpty)
        #expect(c.findings("OPL105").map(\.severity) == [.warning])
        #expect(c.graph.sourceFacts.assumedStarts.map(\.operation) == ["second"], "\(c.graph.sourceFacts.assumedStarts)")
    }

    @Test("The helper called on its own line, then the enqueue, and in a loop that makes a new operation each time: every copy is cancelled")
    func timeoutHelperBeforeTheEnqueueAndInALoop() {
        let c = RealCodeCase([Self.timedOperation, ("LoopTests.m", """
        @implementation LoopTests
        - (void)testRetries {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            TimedOperation *never = [[TimedOperation alloc] init];
            for (int i = 0; i < 100; i++) {
                TimedOperation *attempt = [[TimedOperation alloc] init];
                [attempt addDependency:never];
                [attempt timeout:(i + 1) * NSEC_PER_MSEC];
                [queue addOperation:attempt];
                [queue waitUntilAllOperationsAreFinished];
            }
        }
        @end
        """)])
        let attempt = c.graph.operations.first { $0.name == "attempt" }
        #expect(attempt?.count == 100)
        #expect(c.graph.events.map(\.action) == [.cancel(operation: "attempt")], "\(c.graph.events)")
        // A delay the scanner cannot read is taken as none: the earliest the timer may fire.
        #expect(c.graph.events.map(\.at) == [0])
        #expect(c.findings("OPL106").isEmpty, "\(c.findings("OPL106").map(\.message))")
        #expect(c.findings("OPL105").map(\.severity) == [.warning])
    }

    @Test("A subclass inherits the helper; a Swift method that calls cancel() counts, a class method does not")
    func swiftAndInheritedHelpers() {
        let c = RealCodeCase([("Expiring.swift", """
        class ExpiringOperation: Operation {
            func expire(after interval: DispatchTimeInterval) {
                DispatchQueue.global().asyncAfter(deadline: .now() + interval) { [weak self] in
                    self?.cancel()
                }
            }
            func log() { print("log") }
            class func cancelAll() { }
        }
        final class UploadOperation: ExpiringOperation { }
        """), ("Uploader.swift", """
        final class Uploader {
            let queue = OperationQueue()
            func upload() {
                let token = UploadOperation()
                let send = UploadOperation()
                send.addDependency(token)
                send.expire(after: .seconds(5))
                queue.addOperation(send)
                let report = BlockOperation { print("sent") }
                report.addDependency(send)
                queue.addOperation(report)
            }
            func retry() {
                let token = UploadOperation()
                let send = UploadOperation()
                send.addDependency(token)
                send.log()
                queue.addOperation(send)
            }
        }
        """)])
        #expect(c.graph.events.map(\.action) == [.cancel(operation: "Uploader.upload().send")], "\(c.graph.events)")
        #expect(c.graph.events.map(\.at) == [5])
        // Cancellation does not reach the operations that depend on it (OPL304), in the method's name.
        #expect(c.findings("OPL304").map(\.message) == [
            "Uploader.upload().send may be cancelled by its method `expire`, and that does not cancel report, which depends on it and will still run",
        ])
        let blocked = c.findings("OPL106")
        #expect(blocked.count == 1)
        #expect(blocked.first?.message.contains("Uploader.retry().send") == true, "\(blocked.first?.message ?? "")")
    }

    @Test("An operation handed to its own method the scanner cannot read and cancelled in the same code is cancelled before it starts (Security)")
    func cancelledWhereHandedOn() {
        let c = RealCodeCase([("GroupOperation.h", """
        @interface GroupOperation : NSOperation
        - (void)runBeforeGroupFinished:(NSOperation *)operation;
        @end
        """), ("GroupTests.m", """
        @implementation GroupTests
        - (void)testPendingAfterCancel {
            GroupOperation *group = [[GroupOperation alloc] init];
            NSOperation *inner = [[NSOperation alloc] init];
            [group runBeforeGroupFinished:inner];
            NSOperation *never = [[NSOperation alloc] init];
            [group addDependency:never];
            [group cancel];
        }
        - (void)testPendingWithoutCancel {
            GroupOperation *group = [[GroupOperation alloc] init];
            NSOperation *inner = [[NSOperation alloc] init];
            [group runBeforeGroupFinished:inner];
            NSOperation *never = [[NSOperation alloc] init];
            [group addDependency:never];
        }
        @end
        """)])
        #expect(c.graph.events.map(\.action) == [.cancel(operation: "GroupTests.testPendingAfterCancel.group")], "\(c.graph.events)")
        // Neither group is seen to start (each is only the receiver of a method oplint cannot
        // read): what the second waits for is a warning, and the cancelled one's is none.
        #expect(c.findings("OPL106").isEmpty)
        let never = c.findings("OPL105")
        #expect(never.map(\.severity) == [.warning, .warning], "\(never.map(\.message))")
        #expect(never.last?.message.contains("waits for it: GroupTests.testPendingWithoutCancel.group") == true, "\(never.map(\.message))")
    }
}
