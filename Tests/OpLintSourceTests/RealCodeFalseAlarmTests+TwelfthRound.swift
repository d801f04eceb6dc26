import Testing
import OpLintCore
@testable import OpLintSource

/// False findings of a twelfth pass over public repositories, in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A class of the code's own with its own addOperations is not a queue (OPL302)")
    func managerWithItsOwnAddOperations() {
        let c = RealCodeCase("Jobs.swift", """
        final class JobManager: NSObject {
            private let queue = OperationQueue()
            private var seen = Set<Operation>()
            func addOperations(_ ops: [Operation], completion: (() -> Void)? = nil) {
                let fresh = ops.filter { !seen.contains($0) }
                seen.formUnion(fresh)
                queue.addOperations(fresh, waitUntilFinished: false)
            }
        }
        final class Screen {
            let manager = JobManager()
            func load() {
                let fetch = BlockOperation { print("fetch") }
                manager.addOperations([fetch])
                manager.addOperations([fetch])
            }
        }
        """)
        // Handed to the manager, the operation is assumed to reach a queue there: no OPL105 either.
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        let objc = RealCodeCase("Jobs.m", """
        @interface JobCenter : NSObject
        - (void)addOperation:(NSOperation *)op;
        @end
        @implementation Screen
        - (void)load {
            JobCenter *center = [[JobCenter alloc] init];
            NSBlockOperation *fetch = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"fetch"); }];
            [center addOperation:fetch];
            [center addOperation:fetch];
        }
        @end
        """)
        #expect(objc.alarms.isEmpty, "\(objc.alarms)")
    }

    @Test("A queue subclass of the code's own is still a queue (OPL302)")
    func queueSubclassStaysAQueue() {
        let c = RealCodeCase("Lanes.swift", """
        final class Lane: OperationQueue {}
        final class Screen {
            let lane = Lane()
            func load() {
                let fetch = BlockOperation { print("fetch") }
                lane.addOperation(fetch)
                lane.addOperation(fetch)
            }
        }
        """)
        #expect(c.alarms == ["OPL302@Lanes.swift:7"], "\(c.alarms)")
    }

    @Test("An operation's dependencies read back are the operations the code made it depend on (OPL105, OPL106)")
    func dependenciesReadBack() {
        let c = RealCodeCase("Batch.m", """
        @implementation Batch
        - (void)runAll:(NSArray *)urls {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *done = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"done"); }];
            for (NSURL *url in urls) {
                NSBlockOperation *fetch = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"%@", url); }];
                [done addDependency:fetch];
            }
            [queue addOperations:done.dependencies waitUntilFinished:NO];
            [queue addOperation:done];
        }
        - (void)runEach {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *finish = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"finish"); }];
            NSBlockOperation *step = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"step"); }];
            [finish addDependency:step];
            for (NSOperation *dependency in finish.dependencies) {
                [queue addOperation:dependency];
            }
            [queue addOperation:finish];
        }
        - (void)runMessage {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *last = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"last"); }];
            NSBlockOperation *first = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"first"); }];
            [last addDependency:first];
            [queue addOperations:[last dependencies] waitUntilFinished:NO];
            [queue addOperation:last];
        }
        - (void)runTooEarly {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *tail = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"tail"); }];
            NSBlockOperation *head = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"head"); }];
            [queue addOperations:tail.dependencies waitUntilFinished:NO];
            [tail addDependency:head];
            [queue addOperation:tail];
        }
        @end
        """)
        // Read before the dependency was added, the list did not hold `head`.
        #expect(c.alarms == ["OPL106@Batch.m:32", "OPL105@Batch.m:33"], "\(c.alarms)")
        let swift = RealCodeCase("Batch.swift", """
        final class Batch {
            let queue = OperationQueue()
            func run() {
                let done = BlockOperation { print("done") }
                let fetch = BlockOperation { print("fetch") }
                done.addDependency(fetch)
                queue.addOperations(done.dependencies, waitUntilFinished: false)
                queue.addOperation(done)
            }
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
    }
}

extension RealCodeFalseAlarmTests {
    @Test("A wait inside a block sent to the main queue is named in the words of Objective-C (OPL203)")
    func mainQueueBlockInObjectiveCWords() {
        let c = RealCodeCase("Tiles.m", """
        @interface TileCache : NSObject
        @property (nonatomic, strong) NSOperationQueue *tileQueue;
        @end
        @implementation TileCache
        - (instancetype)init {
            self = [super init];
            _tileQueue = [[NSOperationQueue alloc] init];
            return self;
        }
        - (void)purge {
            dispatch_sync(dispatch_get_main_queue(), ^{
                [self.tileQueue waitUntilAllOperationsAreFinished];
            });
        }
        @end
        """)
        let messages = c.findings("OPL203").map(\.message)
        #expect(messages.count == 1 && messages[0].contains("inside a block sent to dispatch_get_main_queue()"), "\(messages)")
        #expect(!messages.contains { $0.contains("DispatchQueue.main") })
    }
}

extension RealCodeFalseAlarmTests {
    @Test("A queue's label compared with the current queue's is a re-entrancy guard (OPL208)")
    func labelComparisonGuards() {
        let c = RealCodeCase("Rows.swift", """
        final class Rows {
            private let queue = DispatchQueue(label: "rows")
            private var count = 0
            func vacuum() {
                queue.async {
                    let current = String(cString: __dispatch_queue_get_label(nil))
                    if current == self.queue.label {
                        self.count = 0
                    } else {
                        self.queue.sync { self.count = 0 }
                    }
                }
            }
            func rename() {
                queue.async {
                    let label = self.queue.label
                    print(label)
                    self.queue.sync { self.count = 1 }
                }
            }
        }
        """)
        // Reading the label is no test.
        #expect(c.alarms == ["OPL208@Rows.swift:18"], "\(c.alarms)")
    }

    @Test("An operation chosen with ?: is either of its arms (OPL105)")
    func ternaryChoosesAnOperation() {
        let c = RealCodeCase("Feed.swift", """
        final class Feed {
            let queue = OperationQueue()
            func refresh(fast: Bool) {
                let quick = BlockOperation { print("quick") }
                let full = BlockOperation { print("full") }
                queue.addOperation(fast ? quick : full)
            }
            func reload(cached: Bool) {
                let memory = BlockOperation { print("memory") }
                let disk = BlockOperation { print("disk") }
                let chosen = cached ? memory : disk
                queue.addOperation(chosen)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 4 && c.graph.operations.allSatisfy { $0.start == .queue }, "\(c.graph.operations.map { ($0.name, $0.start) })")
    }
}

extension RealCodeFalseAlarmTests {
    @Test("A queue's method that adds an operation's dependencies too enqueues them (OPL105)")
    func queueMethodsThatEnqueueDependencies() {
        let c = RealCodeCase([
            ("Queue+Tree.swift", """
            extension OperationQueue {
                func enqueueTree(_ operation: Operation) {
                    for dependency in operation.dependencies { enqueueTree(dependency) }
                    addOperation(operation)
                }
                func enqueueAlone(_ operation: Operation) {
                    addOperation(operation)
                }
            }
            """),
            ("Feed.swift", """
            final class FeedLoader {
                let queue = OperationQueue()
                func reload() {
                    let download = BlockOperation { print("download") }
                    let parse = BlockOperation { print("parse") }
                    let show = BlockOperation { print("show") }
                    parse.addDependency(download)
                    show.addDependency(parse)
                    queue.enqueueTree(show)
                }
                func refresh() {
                    let fetch = BlockOperation { print("fetch") }
                    let render = BlockOperation { print("render") }
                    render.addDependency(fetch)
                    queue.enqueueAlone(render)
                }
            }
            """),
            ("Sync.m", """
            @interface TreeQueue : NSOperationQueue
            - (void)addTree:(NSOperation *)operation;
            @end
            @implementation TreeQueue
            - (void)addTree:(NSOperation *)operation {
                for (NSOperation *dependency in operation.dependencies) { [self addTree:dependency]; }
                [self addOperation:operation];
            }
            @end
            @implementation Syncer {
                TreeQueue *_queue;
            }
            - (void)sync {
                _queue = [[TreeQueue alloc] init];
                NSBlockOperation *pull = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"pull"); }];
                NSBlockOperation *push = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"push"); }];
                [push addDependency:pull];
                [_queue addTree:push];
            }
            @end
            """),
        ])
        // A method that adds only the operation leaves its dependency unstarted.
        #expect(c.alarms == ["OPL105@Feed.swift:12"], "\(c.alarms)")
        #expect(c.graph.operations.filter { $0.start == .queue }.map(\.name).sorted() == ["download", "parse", "pull", "push", "render", "show"],
                "\(c.graph.operations.map { ($0.name, $0.start) })")
    }
}
