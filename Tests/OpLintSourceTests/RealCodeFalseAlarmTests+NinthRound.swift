import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarms of the ninth pass over public repositories (olvid-ios's queue that wraps
/// what it is given), in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A variable that holds a new operation on one path and a parameter on the other keeps the new one (olvid-ios)")
    func newOperationOrParameter() {
        let c = RealCodeCase("Wrapping.swift", """
        final class Wrapper: Operation {
            init(_ inner: Operation) { super.init() }
        }

        final class WrappingQueue: OperationQueue {
            func enqueue(_ op: Operation, wrap: Bool) {
                let toQueue: Operation
                if wrap {
                    toQueue = Wrapper(op)
                } else {
                    toQueue = op
                }
                super.addOperation(toQueue)
            }

            func enqueue(_ op: Operation, mode: Int) {
                var chosen: Operation? = nil
                switch mode {
                case 0: chosen = Wrapper(op)
                default: chosen = op
                }
                if let chosen { self.addOperation(chosen) }
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2, "\(c.graph.operations.map(\.name))")
        #expect(c.graph.operations.allSatisfy { $0.start == .queue })
    }

    @Test("A list made by map and assigned in a branch or a closure is the list that is enqueued (olvid-ios)")
    func mapAssignedInInnerCode() {
        let c = RealCodeCase("Batch.swift", """
        final class Job: Operation {}

        final class Batcher {
            let queue = OperationQueue()
            let lock = DispatchQueue(label: "lock")

            func inBranch(_ input: [Int]) {
                var batch = [Operation]()
                if !input.isEmpty {
                    batch = input.map { _ in Job() }
                }
                queue.addOperations(batch, waitUntilFinished: false)
            }

            func inClosure(_ input: [Int]) {
                var batch = [Operation]()
                lock.sync {
                    batch = input.map { _ in Job() }
                }
                queue.addOperations(batch, waitUntilFinished: false)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2, "\(c.graph.operations.map(\.name))")
        #expect(c.graph.operations.allSatisfy { $0.queue == "queue" }, "\(c.graph.operations.map { $0.queue ?? "-" })")
    }

    @Test("A value that is no operation on the other path still replaces the operations")
    func valueThatIsNoOperationOnTheOtherPath() {
        let c = RealCodeCase("Other.swift", """
        func run(_ text: String, fresh: Bool) {
            var held: Any = BlockOperation { print("held") }
            if fresh {
                held = text
            }
            print(held)
        }
        """)
        // The block operation is still never started; `text` stays what it is.
        #expect(c.alarms == ["OPL105@Other.swift:2"], "\(c.alarms)")
    }

    @Test("An if or else without braces, and pthread_main_np(), test the thread for a dispatch_sync onto the main queue")
    func braceLessThreadChecks() {
        let c = RealCodeCase("FeedController.m", """
        @interface FeedController : UIViewController
        @end

        @implementation FeedController
        - (void)viewDidLoad {
            [super viewDidLoad];
            if (![NSThread isMainThread]) dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"a"); });
            if ([NSThread isMainThread]) [self reload];
            else dispatch_sync(dispatch_get_main_queue(), ^{ [self reload]; });
            if (!pthread_main_np()) {
                dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"b"); });
            }
            if (pthread_main_np() == 0) dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"c"); });
            if (self.flag) dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"d"); });
            if (![NSThread isMainThread] || self.flag) dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"e"); });
            if (pthread_main_np()) {
                dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"f"); });
            }
            if ([NSThread isMainThread]) dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"g"); });
        }
        @end
        """)
        // Off the main thread only: lines 7, 9, 11 and 13. On it, or on either: 14, 15, 17, 19.
        #expect(c.alarms == ["OPL208@FeedController.m:14", "OPL208@FeedController.m:15", "OPL208@FeedController.m:17", "OPL208@FeedController.m:19"], "\(c.alarms)")
    }

    @Test("Operations added before the code that made a queue suspends it start; those added after it wait (a demo of suspension)")
    func suspensionAfterTheFirstOperations() {
        let c = RealCodeCase("Pausing.m", """
        @implementation PausingLoader
        - (void)load {
            NSOperationQueue *jobs = [NSOperationQueue new];
            jobs.maxConcurrentOperationCount = 2;
            [jobs addOperationWithBlock:^{ NSLog(@"warmup"); }];
            [jobs setSuspended:YES];
            [jobs addOperationWithBlock:^{ NSLog(@"later"); }];
        }
        @end
        """)
        #expect(c.alarms == ["OPL205@Pausing.m:6"], "\(c.alarms)")
        #expect(c.findings("OPL205").first?.operations == ["block2"], "\(c.findings("OPL205").map(\.message))")
        #expect(c.graph.queues.first?.isSuspended == false)
        #expect(c.graph.events == [OperationGraph.Event(at: SourceExtractor.suspensionDelay, .suspend(queue: "jobs"), location: SourceLocation(file: "Pausing.m", line: 6, column: 5))])
        #expect(c.graph.operations.map(\.addedAt) == [0, SourceExtractor.suspensionDelay])
        // Resumed anywhere: no suspension at all, as before.
        let resumed = RealCodeCase("Pausing.m", """
        @implementation PausingLoader
        - (void)load {
            NSOperationQueue *jobs = [NSOperationQueue new];
            [jobs addOperationWithBlock:^{ NSLog(@"warmup"); }];
            [jobs setSuspended:YES];
            [jobs addOperationWithBlock:^{ NSLog(@"later"); }];
            [jobs setSuspended:NO];
        }
        @end
        """)
        #expect(resumed.graph.events.isEmpty)
        #expect(resumed.alarms.isEmpty, "\(resumed.alarms)")
        // Suspended before anything is added: from the start, as before.
        let fromTheStart = RealCodeCase("Paused.swift", """
        func load() {
            let jobs = OperationQueue()
            jobs.isSuspended = true
            jobs.addOperation { print("later") }
        }
        """)
        #expect(fromTheStart.graph.queues.first?.isSuspended == true)
        #expect(fromTheStart.graph.events.isEmpty)
        #expect(fromTheStart.alarms.sorted() == ["OPL106@Paused.swift:4", "OPL205@Paused.swift:3"], "\(fromTheStart.alarms)")
    }

    @Test("A list handed on as a copy read as a property hands its operations on, as [ops copy] does")
    func listCopiedAsAProperty() {
        let c = RealCodeCase("Batch.m", """
        @implementation Batch
        - (void)copied {
            NSOperation *a = [[NSOperation alloc] init];
            NSOperation *b = [[NSOperation alloc] init];
            NSArray *ops = @[a, b];
            [self.runner runAll:ops.copy];
        }
        - (void)reversed {
            NSOperation *c = [[NSOperation alloc] init];
            NSArray *ops = @[c];
            [self.runner runAll:ops.reverseObjectEnumerator.allObjects];
        }
        - (void)counted {
            NSOperation *d = [[NSOperation alloc] init];
            NSArray *ops = @[d];
            NSLog(@"%lu", (unsigned long)ops.count);
        }
        @end
        """)
        // Only `d`, whose list is only counted, is never started.
        #expect(c.alarms == ["OPL105@Batch.m:14"], "\(c.alarms)")
    }
}
