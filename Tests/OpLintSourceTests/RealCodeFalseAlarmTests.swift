import Testing
import OpLintCore
@testable import OpLintSource

/// Every false error or warning met while linting public repositories, as a pattern written in
/// our own words: each must stay silent (docs/source.md, "Real code").
@Suite("Real code: no false alarms")
struct RealCodeFalseAlarmTests {
    @Test("A state machine whose KVO key comes from a function finishes (AFNetworking 2)")
    func stateMachineFinishes() {
        let c = RealCodeCase("Transfer.m", """
        typedef NS_ENUM(NSInteger, TransferState) { TransferReady = 1, TransferRunning = 2, TransferDone = 3 };

        static NSString *KeyForState(TransferState state) {
            switch (state) {
                case TransferRunning: return @"isExecuting";
                case TransferDone: return @"isFinished";
                default: return @"isReady";
            }
        }

        @interface Transfer : NSOperation
        @property (nonatomic, assign) TransferState state;
        @end

        @implementation Transfer
        - (void)setState:(TransferState)state {
            NSString *oldKey = KeyForState(self.state);
            NSString *newKey = KeyForState(state);
            [self willChangeValueForKey:newKey];
            [self willChangeValueForKey:oldKey];
            _state = state;
            [self didChangeValueForKey:oldKey];
            [self didChangeValueForKey:newKey];
        }
        - (BOOL)isConcurrent { return YES; }
        - (void)start {
            self.state = TransferRunning;
            [self performSelector:@selector(connect) onThread:[NSThread mainThread] withObject:nil waitUntilDone:NO];
        }
        - (void)connect { }
        @end

        @interface JSONTransfer : Transfer
        @end
        @implementation JSONTransfer
        @end

        @implementation Client
        - (void)fetch {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            JSONTransfer *transfer = [[JSONTransfer alloc] init];
            [queue addOperation:transfer];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.operation("transfer")?.isAsynchronous == true)
        #expect(c.operation("transfer")?.finishes == true)
    }

    @Test("An operation added to a queue that a class method returns is enqueued (AFNetworking 2)")
    func queueFromClassMethod() {
        // The class method is in a category of another file, which this lint does not read.
        let c = RealCodeCase("UIImageView+Remote.m", """
        @implementation UIImageView (Remote)
        - (void)loadImage:(NSURLRequest *)request {
            self.imageOperation = [[NSBlockOperation alloc] init];
            [[[self class] sharedImageQueue] addOperation:self.imageOperation];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.operation("imageOperation")?.start == .queue)
        #expect(c.operation("imageOperation")?.queue == nil)
        #expect(c.result.coverage?.callsNotFollowed == 1)
    }

    @Test("An optional queue property set by another type receives operations (the Earthquakes sample)")
    func optionalQueueProperty() {
        let c = RealCodeCase([
            ("DetailController.swift", """
            final class DetailController: UIViewController {
                var queue: OperationQueue?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let locate = BlockOperation { print("located") }
                    queue?.addOperation(locate)
                }
            }
            """),
            ("ListController.swift", """
            final class ListController: UIViewController {
                let operationQueue = OperationQueue()
                func show(_ detail: DetailController) {
                    detail.queue = operationQueue
                }
            }
            """),
        ])
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.operation("locate")?.queue == "queue")
    }

    @Test("A BOOL from a class method of an operation class is no operation (ASIHTTPRequest)")
    func classMethodReturningBool() {
        let c = RealCodeCase("Download.m", """
        @interface Download : NSOperation
        + (BOOL)isOnCellularNetwork;
        + (id)downloadWithURL:(NSURL *)url;
        @end

        static BOOL throttled = NO;

        @implementation Download
        + (void)networkChanged:(NSNotification *)note {
            throttled = [Download isOnCellularNetwork];
        }
        + (void)fetchAll {
            NSOperationQueue *queue = [NSOperationQueue new];
            Download *download = [Download downloadWithURL:nil];
            [queue addOperation:download];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.map(\.name) == ["download"])
    }

    @Test("Operations added to an instance variable queue declared in a header are enqueued (ASIHTTPRequest tests)")
    func ivarQueueFromHeader() {
        let c = RealCodeCase([
            ("QueueTests.h", """
            @interface QueueTests : XCTestCase {
                NSOperationQueue *networkQueue;
            }
            @end
            """),
            ("QueueTests.m", """
            @implementation QueueTests
            - (void)testProgress {
                for (int i = 0; i < 3; i++) {
                    Fetch *fetch = [[[Fetch alloc] initWithURL:nil] autorelease];
                    [networkQueue addOperation:fetch];
                }
            }
            - (void)testFactory {
                Fetch *single = [Fetch fetchWithURL:nil];
                [networkQueue addOperation:single];
            }
            - (void)setUp {
                networkQueue = [[NSOperationQueue alloc] init];
                [networkQueue setMaxConcurrentOperationCount:1];
            }
            @end
            @interface Fetch : NSOperation
            + (id)fetchWithURL:(NSURL *)url;
            @end
            """),
        ])
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.operation("fetch")?.count == 3)
        #expect(c.operation("fetch")?.queue == "networkQueue")
        // `+ (id)fetchWithURL:` is named after its class: it makes a Fetch.
        #expect(c.operation("single")?.queue == "networkQueue")
        #expect(c.graph.queues.first { $0.name == "networkQueue" }?.maxConcurrentOperationCount == 1)
    }

    @Test("A queue property of a type is one queue across the type's files (Pocket Casts)")
    func propertyQueueAcrossFiles() {
        let c = RealCodeCase([
            ("Server.swift", """
            final class Server {
                let apiQueue: OperationQueue = {
                    let queue = OperationQueue()
                    queue.maxConcurrentOperationCount = 1
                    return queue
                }()
            }
            """),
            ("Server+Referrals.swift", """
            extension Server {
                func redeem(_ code: String) async -> Bool {
                    await withCheckedContinuation { continuation in
                        let redeem = RedeemTask(code: code)
                        redeem.completion = { continuation.resume(returning: $0) }
                        apiQueue.addOperation(redeem)
                    }
                }
            }
            final class RedeemTask: Operation {
                var completion: ((Bool) -> Void)?
                init(code: String) { }
            }
            """),
        ])
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.operation("redeem")?.queue == "apiQueue")
        #expect(c.graph.queues.map(\.name) == ["apiQueue"])
        #expect(c.graph.queues.first?.maxConcurrentOperationCount == 1)
        #expect(c.graph.queues.first?.location?.file == "Server.swift")
    }

    @Test("Operations run through their own methods are not built and dropped (Pocket Casts)")
    func operationsRunByTheirOwnMethods() {
        let c = RealCodeCase("Sync.swift", """
        final class RefreshTask: Operation {
            func runSynchronously() { main() }
            func process(_ data: Data) { }
        }
        final class Sync {
            let processQueue = OperationQueue()
            func refresh() -> Bool {
                let refresh = RefreshTask()
                refresh.runSynchronously()
                return true
            }
            func handle(_ data: Data) {
                processQueue.addOperation {
                    let task = RefreshTask()
                    task.process(data)
                }
                guard let request = RefreshTask().makeRequest() else { return }
                print(request)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
    }

    @Test("A class with its own addDependency that derives from a protocol is no operation (ProcedureKit)")
    func conditionWithDependencies() {
        let c = RealCodeCase("Conditions.swift", """
        public protocol Gate: Hashable { }
        extension Gate { var label: String { "gate" } }
        open class Condition: Gate {
            private var operations: [Operation] = []
            func addDependency(_ operation: Operation) { operations.append(operation) }
            public static func == (a: Condition, b: Condition) -> Bool { a === b }
            public func hash(into hasher: inout Hasher) { }
        }
        public final class AlwaysMet: Condition { }
        extension Operation {
            func addDependencies(_ operations: [Operation]) { operations.forEach(addDependency) }
        }
        final class Step: Operation { }
        func test() {
            let requirement = AlwaysMet()
            let step = Step()
            requirement.addDependency(step)
            print(requirement.label, step.isReady)
        }
        """)
        #expect(c.graph.operations.map(\.name) == ["step"])
        #expect(c.operation("step")?.kind == .custom)
        #expect(c.alarms == ["OPL105@Conditions.swift:16"], "a step built and never started is a warning")
        #expect(c.findings("OPL105").first?.severity == .warning)
    }

    @Test("Operations made in a map and handed to a function escape (ProcedureKit)")
    func mappedOperationsHandedOn() {
        let c = RealCodeCase("Repeater.swift", """
        final class Pause: Operation { init(seconds: Double) { } }
        final class Repeater: Operation {
            func schedule(_ next: Operation, delay: Double?) {
                if let pause = delay.map({ Pause(seconds: $0) }) {
                    next.addDependency(pause)
                    addChildren(pause, next)
                }
            }
            func addChildren(_ operations: Operation...) { }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
    }

    @Test("An operation obtained from a method that queues it is not never-started (Zinc)")
    func obtainedOperationIsEnqueuedElsewhere() {
        let c = RealCodeCase("Repository.m", """
        @implementation Repository
        - (void)refresh {
            NSOperation *parent = [[NSOperation alloc] init];
            Task *task = (UpdateTask *)[self.tasks queueTaskFor:@"index"];
            [parent addDependency:task];
            [self.tasks addOperation:parent];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.edges == ["parent → task"])
        #expect(c.operation("task")?.start == .queue)

        // A call that is not followed as a whole leaves nothing behind (GNUstep, swift-corelibs-foundation).
        let unfollowed = RealCodeCase("Cleanup.m", """
        @implementation Group : NSOperation
        - (void)dealloc {
            NSOperation *op;
            while ((op = [self.pending lastObject]) != nil) {
                [self removeDependency:op];
            }
        }
        @end
        """)
        #expect(unfollowed.graph.operations.isEmpty)
        #expect(unfollowed.alarms.isEmpty)
    }

    @Test("Values obtained elsewhere are operations made elsewhere (ProcedureKit, PSOperations)")
    func valuesObtainedElsewhere() {
        let c = RealCodeCase("Exclusive.swift", """
        final class Job: Operation { }
        final class Exclusive {
            private var operations: [Operation] = []
            var current: Job!
            func add(_ job: Job) {
                let next = Job()
                if let last = operations.last {
                    next.addDependency(last)
                }
                operations.append(next)
            }
            func tearDown() {
                if let current = current {
                    current.cancel()
                }
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.edges == ["next → last"])
        #expect(c.operation("last")?.start == .queue)
        #expect(c.operation("current") == nil, "cancelling an operation made elsewhere makes none")
    }

    @Test("A class that derives from NSObject and has its own waitUntilFinished is no operation (RestKit)")
    func plainObjectWithWaitUntilFinished() {
        let c = RealCodeCase("PagerTests.m", """
        @interface Pager : NSObject
        - (void)loadPage:(NSUInteger)page;
        - (void)waitUntilFinished;
        @end
        @implementation PagerTests
        - (void)testLoading {
            Pager *pager = [[Pager alloc] initWithRequest:nil];
            [pager loadPage:1];
            [pager waitUntilFinished];
        }
        @end
        """)
        #expect(c.graph.operations.isEmpty)
        #expect(c.alarms.isEmpty)
    }

    @Test("A block variable assigned in one block and enqueued in another is followed (Kiwi specs)")
    func blockVariablesAcrossBlocks() {
        let c = RealCodeCase("GroupSpec.m", """
        SPEC_BEGIN(GroupSpec)
        describe(@"group", ^{
            __block id barrier;
            __block Group *group;
            beforeEach(^{
                group = [[Group alloc] init];
                barrier = [[Barrier alloc] init];
            });
            it(@"adds", ^{
                [group addOperation:barrier];
            });
        });
        SPEC_END
        @interface Barrier : NSOperation
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.operation("barrier")?.start == .queue)
    }

    @Test("An array emptied with removeAllObjects holds only the new operations (GNUstep tests)")
    func arrayEmptiedAndRefilled() {
        let c = RealCodeCase("order.m", """
        int main() {
            NSOperationQueue *q = [NSOperationQueue new];
            NSMutableArray *a = [NSMutableArray array];
            NSOperation *op = [NSOperation new];
            [a addObject:op];
            [q addOperations:a waitUntilFinished:YES];
            [a removeAllObjects];
            op = [NSOperation new];
            [a addObject:op];
            [q addOperations:a waitUntilFinished:YES];
            [a removeObjectAtIndex:0];
            [q addOperations:a waitUntilFinished:YES];
            // A priority set on an element taken back from the array is not the last variable's.
            op = [a objectAtIndex:0];
            [op setQueuePriority:NSOperationQueuePriorityVeryLow];
            [a removeAllObjects];
            NSOperation *last = [NSOperation new];
            [a addObject:last];
            [q addOperations:a waitUntilFinished:YES];
            return 0;
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 3)
        #expect(c.graph.operations.allSatisfy { $0.priority == .normal && $0.queue == "q" })
    }

    @Test("Foundation's addOperation takes no label: addOperation(operation:categories:) is another API (the Earthquakes sample)")
    func labelledAddOperationIsAnotherAPI() {
        let c = RealCodeCase("Exclusivity.swift", """
        final class Exclusivity {
            func addOperation(operation: Operation, categories: [String]) { }
        }
        final class Runner {
            let exclusivity = Exclusivity()
            func run() {
                let op = BlockOperation { }
                exclusivity.addOperation(operation: op, categories: ["alert"])
            }
        }
        """)
        #expect(c.result.coverage?.callsNotFollowed == 0)
        #expect(c.findings("OPL105").allSatisfy { $0.severity == .warning })
    }

    @Test("Unresolved calls are counted, not reported: OPL306 is off unless asked for")
    func unresolvedCallsAreCounted() {
        let c = RealCodeCase("Chain.swift", """
        func chain(_ operations: [Operation], on queue: OperationQueue) {
            operations[1].addDependency(operations[0])
            queue.addOperations(operations, waitUntilFinished: false)
        }
        """)
        #expect(c.findings("OPL306").isEmpty)
        #expect(c.result.coverage == SourceCoverage(files: 1, filesUsingOperations: 1, callsFollowed: 0, callsNotFollowed: 2))
        let asked = Linter(severities: ["OPL306": .note]).lint(c.graph)
        #expect(asked.reported.filter { $0.rule.code == "OPL306" }.map(\.location.line) == [2, 3])
    }

    @Test("A priority set on an operation added to a queue the scanner cannot follow is not judged")
    func priorityOnAnUnfollowedQueueIsNotJudged() {
        let c = RealCodeCase("Prefetch.swift", """
        final class Prefetcher {
            func queueFor(_ kind: Int) -> OperationQueue { OperationQueue() }
            func prefetch() {
                let op = BlockOperation { }
                op.queuePriority = .high
                queueFor(1).addOperation(op)
            }
        }
        """)
        #expect(c.operation("op")?.start == .queue)
        #expect(c.findings("OPL210").isEmpty, "\(c.findings("OPL210").map(\.message))")
        #expect(c.findings("OPL105").isEmpty)
    }
}
