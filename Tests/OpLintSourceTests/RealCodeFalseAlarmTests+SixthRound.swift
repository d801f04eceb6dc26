import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarms of the sixth pass over public repositories (Kabal/Operative, AFNetworking's
/// tests, energy-legacy, dashsync-iOS) and of a second round of hand-written tricky sources,
/// in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A block's parameter is not a variable of the method around it (Operative, AFNetworking)")
    func blockParameterStaysInTheBlock() {
        let c = RealCodeCase("Runner.m", """
        @implementation Runner
        - (void)run {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSOperation *operation = [[NSOperation alloc] init];
            [operation addObserver:[Observer observerWithHandler:^(NSOperation *operation, NSArray *errors) {
                NSLog(@"finished with %@", errors);
            }]];
            [queue addOperation:operation];
        }
        - (void)fetch {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSOperation *operation = [[NSOperation alloc] init];
            [operation setCompletionBlockWithSuccess:^(NSOperation *operation, id response) {
                NSLog(@"%@", response);
            } failure:^(NSOperation *operation, NSError *error) {
                NSLog(@"%@", error);
            }];
            [queue addOperation:operation];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2, "\(c.graph.operations.map(\.name))")
        #expect(c.graph.operations.allSatisfy { $0.queue != nil })
    }

    @Test("Operations of a list handed to enumerateObjectsUsingBlock: may be enqueued there")
    func enumeratedListHandsItsOperationsOn() {
        let c = RealCodeCase("Bulk.m", """
        @implementation Bulk
        - (void)run {
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"a"); }];
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"b"); }];
            [b addDependency:a];
            NSArray *ops = @[a, b];
            [ops enumerateObjectsUsingBlock:^(NSOperation *op, NSUInteger idx, BOOL *stop) {
                [self.queue addOperation:op];
            }];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2)
    }

    @Test("An operation enqueued from another's completion block comes after it on a serial queue")
    func enqueuedFromACompletionBlockComesAfter() {
        let swift = RealCodeCase("Sequencer.swift", """
        final class Sequencer {
            let queue: OperationQueue = {
                let q = OperationQueue()
                q.maxConcurrentOperationCount = 1
                return q
            }()
            func run() {
                let worker = BlockOperation { print("work") }
                let waiter = BlockOperation { worker.waitUntilFinished() }
                worker.completionBlock = {
                    self.queue.addOperation(waiter)
                }
                queue.addOperation(worker)
            }
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
        #expect(swift.graph.operations.map(\.name) == ["worker", "waiter"])
        let objectiveC = RealCodeCase("Seq.m", """
        @implementation Seq
        - (void)run {
            self.queue = [[NSOperationQueue alloc] init];
            self.queue.maxConcurrentOperationCount = 1;
            NSBlockOperation *loader = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"load"); }];
            NSBlockOperation *waiter = [NSBlockOperation blockOperationWithBlock:^{ [loader waitUntilFinished]; }];
            __weak typeof(self) weakSelf = self;
            loader.completionBlock = ^{ [weakSelf.queue addOperation:waiter]; };
            [self.queue addOperation:loader];
        }
        @end
        """)
        #expect(objectiveC.alarms.isEmpty, "\(objectiveC.alarms)")
    }

    @Test("An operation that enqueues a child from its block and waits for it on a serial queue deadlocks")
    func childEnqueuedFromTheBlockComesAfterTheParent() {
        let c = RealCodeCase("Exporter.swift", """
        final class Exporter {
            let queue: OperationQueue = {
                let q = OperationQueue()
                q.maxConcurrentOperationCount = 1
                return q
            }()
            func export() {
                let child = BlockOperation { print("child") }
                let parent = BlockOperation { [unowned self] in
                    self.queue.addOperations([child], waitUntilFinished: true)
                }
                queue.addOperation(parent)
            }
        }
        """)
        #expect(c.alarms == ["OPL201@Exporter.swift:9"], "\(c.alarms)")
    }

    @Test("A priority set on the operation a method makes for each call is no OPL210 note: the calls' operations share the queue")
    func priorityOfAnOperationMadePerCall() {
        let c = RealCodeCase("ImageLoader.swift", """
        final class ImageLoader {
            let queue = OperationQueue()
            func load(_ url: URL, visible: Bool) {
                let op = BlockOperation { _ = try? Data(contentsOf: url) }
                op.queuePriority = visible ? .high : .low
                queue.addOperation(op)
            }
            func prepare() {
                let warm = BlockOperation { }
                warm.queuePriority = .high
            }
        }
        """)
        // Only the operation on no queue keeps its note.
        #expect(c.findings("OPL210").map(\.location.line) == [9], "\(c.findings("OPL210").map(\.message))")
    }

    @Test("An operation whose start is replaced without finishing is not called asynchronous when its class is not")
    func synchronousOperationThatNeverFinishes() {
        let c = RealCodeCase("Janitor.swift", """
        final class CleanupOperation: Operation {
            override func start() {
                guard !isCancelled else { return }
                main()
            }
            override func main() { print("cleanup") }
        }
        final class Janitor {
            let queue = OperationQueue()
            func run() {
                let notify = BlockOperation { print("clean") }
                let cleanup = CleanupOperation()
                notify.addDependency(cleanup)
                queue.addOperations([cleanup, notify], waitUntilFinished: false)
            }
        }
        """)
        let blocked = c.findings("OPL106")
        #expect(blocked.count == 1)
        #expect(blocked.first?.message.contains("cleanup, an operation that never finishes") == true, "\(blocked.first?.message ?? "")")
        #expect(blocked.first?.related.last?.message == "cleanup never finishes")
        #expect(c.findings("OPL206").count == 1)
    }

    @Test("An operation cancelled by the code that adds it is cancelled before it can start: a cancel event at 0 s (Security, swift-corelibs-foundation)")
    func cancelledWhereAdded() {
        let c = RealCodeCase("GroupTests.m", """
        @implementation GroupTests
        - (void)testCancelAfterAdd {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *never = [NSBlockOperation blockOperationWithBlock:^{}];
            NSBlockOperation *group = [NSBlockOperation blockOperationWithBlock:^{}];
            [group addDependency:never];
            [queue addOperation:group];
            [group cancel];
            [group waitUntilFinished];
        }
        - (void)testCancelBeforeAdd {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{}];
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{}];
            [a addDependency:b];
            [b addDependency:a];
            [a cancel];
            [queue addOperations:@[a, b] waitUntilFinished:NO];
        }
        - (void)cancelLater:(NSOperation *)op { [op cancel]; }
        @end
        """)
        #expect(c.graph.events.map(\.action) == [.cancel(operation: "group"), .cancel(operation: "a")],
                "\(c.graph.events)")
        #expect(c.graph.events.map(\.at) == [0, 0])
        #expect(c.graph.events.first?.location?.line == 8)
        // The cycle is broken by the cancel (a note now), and nothing is blocked for certain.
        #expect(c.findings("OPL106").isEmpty, "\(c.findings("OPL106").map(\.message))")
        #expect(c.findings("OPL101").map(\.severity) == [.note])
    }

    @Test("A cancel in other code than the enqueue happens at a time the scanner cannot tell: no event")
    func cancelElsewhereIsNoEvent() {
        let c = RealCodeCase("Loader.swift", """
        final class Loader {
            let queue = OperationQueue()
            var current: Operation?
            func load() {
                let fetch = BlockOperation { }
                current = fetch
                queue.addOperation(fetch)
            }
            func stop() { current?.cancel() }
        }
        """)
        #expect(c.graph.events.isEmpty)
    }

    @Test("Closures that run before the call returns keep their place in the order of enqueues; defer blocks run last")
    func closuresThatRunNowKeepTheirPlace() {
        for wrapper in ["lock.withLock {", "autoreleasepool {", "sync.sync {", "context.performAndWait {"] {
            let c = RealCodeCase("Sequencer.swift", """
            final class Sequencer {
                let queue: OperationQueue = {
                    let q = OperationQueue()
                    q.maxConcurrentOperationCount = 1
                    return q
                }()
                let sync = DispatchQueue(label: "state")
                func run() {
                    let load = BlockOperation { print("load") }
                    let show = BlockOperation { load.waitUntilFinished() }
                    \(wrapper)
                        queue.addOperation(load)
                    }
                    queue.addOperation(show)
                }
            }
            """)
            #expect(c.alarms.isEmpty, "\(wrapper): \(c.alarms)")
            #expect(c.graph.operations.map(\.name) == ["load", "show"], "\(wrapper)")
        }
        let deferred = RealCodeCase("Deferred.swift", """
        final class Deferred {
            let queue: OperationQueue = {
                let q = OperationQueue()
                q.maxConcurrentOperationCount = 1
                return q
            }()
            func run() {
                let load = BlockOperation { print("load") }
                let show = BlockOperation { load.waitUntilFinished() }
                defer { queue.addOperation(show) }
                queue.addOperation(load)
            }
        }
        """)
        #expect(deferred.alarms.isEmpty, "\(deferred.alarms)")
    }

    @Test("A queue suspended by the code that fills it is reported where it is suspended (twitter-kit-ios)")
    func suspendedQueueIsReportedAtTheSuspension() {
        let c = RealCodeCase("Holder.m", """
        @implementation Holder
        - (instancetype)init {
            if ((self = [super init])) { _queue = [[NSOperationQueue alloc] init]; }
            return self;
        }
        - (void)park {
            self.queue.suspended = YES;
            NSBlockOperation *op = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"parked"); }];
            [self.queue addOperation:op];
        }
        @end
        """)
        let suspended = c.findings("OPL205")
        #expect(suspended.map(\.location.line) == [7])
        #expect(suspended.first?.message.hasPrefix("queue “queue” is suspended here and never resumed") == true, "\(suspended.first?.message ?? "")")
        #expect(suspended.first?.related.first?.location.line == 3)
    }

    @Test("A start that throws for want of finished dependencies starts nothing: the next start is no repeat (NSOperations tests)")
    func startThatThrowsIsNoStart() {
        let c = RealCodeCase("StepTests.m", """
        @interface Step : NSOperation
        @end
        @implementation Step
        - (void)main { NSLog(@"step"); }
        @end
        void run(void) {
            Step *first = [Step new];
            Step *second = [Step new];
            [second addDependency:first];
            XCTAssertThrows([second start]);
            [first start];
            XCTAssertNoThrow([second start]);
            [second start];
        }
        """)
        #expect(c.findings("OPL303").map(\.location.line) == [10])
        #expect(c.findings("OPL302").map(\.location.line) == [13], "\(c.findings("OPL302").map(\.message))")
    }
}
