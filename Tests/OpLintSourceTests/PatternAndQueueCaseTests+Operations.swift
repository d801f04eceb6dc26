import Testing
import OpLintCore
@testable import OpLintSource

/// Operations: initializers that enqueue them, starts in `defer`, finishing code, execution
/// blocks, type aliases.
extension PatternAndQueueCaseTests {
    @Test("An operation whose initializer adds it to a queue is enqueued where it is made")
    func initializerEnqueuesSelf() {
        let swift = RealCodeCase("Prep.swift", """
        final class Prep: Operation {
            init(queue: OperationQueue) {
                super.init()
                queue.addOperation(self)
            }
            override func main() { }
        }
        func run() {
            let q = OperationQueue()
            let prep = Prep(queue: q)
            let report = BlockOperation { }
            report.addDependency(prep)
            q.addOperation(report)
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
        let objectiveC = RealCodeCase("Prep.m", """
        @interface Prep : NSOperation
        @end
        @implementation Prep
        - (instancetype)initWithQueue:(NSOperationQueue *)queue {
            if ((self = [super init])) { [queue addOperation:self]; }
            return self;
        }
        @end
        @implementation Client
        - (void)go {
            NSOperationQueue *q = [[NSOperationQueue alloc] init];
            Prep *prep = [[Prep alloc] initWithQueue:q];
            NSBlockOperation *report = [NSBlockOperation blockOperationWithBlock:^{ }];
            [report addDependency:prep];
            [q addOperation:report];
        }
        @end
        """)
        #expect(objectiveC.alarms.isEmpty, "\(objectiveC.alarms)")
        // An initializer that enqueues nothing leaves the operation unstarted.
        let plain = RealCodeCase("Prep.swift", """
        final class Prep: Operation {
            init(queue: OperationQueue) { super.init() }
            override func main() { }
        }
        func run() {
            let q = OperationQueue()
            let prep = Prep(queue: q)
            let report = BlockOperation { }
            report.addDependency(prep)
            q.addOperation(report)
        }
        """)
        #expect(plain.findings("OPL105").count == 1)
    }

    @Test("Only the initializer that enqueues the operation makes it enqueued")
    func onlyTheEnqueuingInitializer() {
        let code = """
        final class Job: Operation {
            override init() { super.init() }
            init(queue: OperationQueue) { super.init(); queue.addOperation(self) }
        }
        func run(q: OperationQueue) {
            let job = MAKE
            let after = BlockOperation { }
            after.addDependency(job)
            q.addOperation(after)
        }
        """
        #expect(RealCodeCase("Job.swift", code.replacingOccurrences(of: "MAKE", with: "Job(queue: q)")).findings("OPL105").isEmpty)
        #expect(RealCodeCase("Job.swift", code.replacingOccurrences(of: "MAKE", with: "Job()")).findings("OPL105").count == 1)
        let initiate = RealCodeCase("Upload.m", """
        @interface Upload : NSOperation
        @end
        @implementation Upload
        - (void)initiateUpload:(NSOperationQueue *)queue { [queue addOperation:self]; }
        @end
        void run(NSOperationQueue *q) {
            Upload *u = [[Upload alloc] init];
            NSBlockOperation *after = [NSBlockOperation blockOperationWithBlock:^{ }];
            [after addDependency:u];
            [q addOperation:after];
        }
        """)
        #expect(initiate.findings("OPL105").count == 1)
    }

    @Test("A start in a defer block runs after the waits below it")
    func startInDefer() {
        let code = """
        func run() {
            let queue = OperationQueue()
            let fetch = BlockOperation { }
            let parse = BlockOperation { }
            parse.addDependency(fetch)
            defer { parse.start() }
            queue.addOperation(fetch)
            fetch.waitUntilFinished()
        }
        """
        #expect(RealCodeCase("Run.swift", code).findings("OPL303").isEmpty)
        let early = code.replacingOccurrences(of: "defer { parse.start() }", with: "parse.start()")
        #expect(RealCodeCase("Run.swift", early).findings("OPL303").count == 1)
    }

    @Test("A finish-like method of another object is no finishing code; a macro or C function of the file that does the KVO is")
    func finishingCode() {
        let session = RealCodeCase("Upload.swift", """
        final class UploadOperation: Operation {
            let session = URLSession(configuration: .default)
            private var running = false
            override var isAsynchronous: Bool { true }
            override var isExecuting: Bool { running }
            override func start() {
                running = true
                session.finishTasksAndInvalidate()
            }
        }
        func run() {
            let queue = OperationQueue()
            queue.addOperation(UploadOperation())
        }
        """)
        #expect(session.findings("OPL206").count == 1)
        let helpers = [
            ("#define OP_END(op) do { [(op) willChangeValueForKey:@\"isFinished\"]; (op)->_over = YES; [(op) didChangeValueForKey:@\"isFinished\"]; } while (0)",
             "OP_END(self);"),
            ("static void PingEnd(Ping *o) { [o willChangeValueForKey:@\"isFinished\"]; o->_over = YES; [o didChangeValueForKey:@\"isFinished\"]; }",
             "PingEnd(self);"),
            ("static void PingLog(Ping *o) { NSLog(@\"%@\", o); }", "PingLog(self);"),
        ]
        for (definition, call) in helpers {
            let found = RealCodeCase("Ping.m", """
            \(definition)
            @interface Ping : NSOperation { @public BOOL _over; }
            @end
            @implementation Ping
            - (BOOL)isAsynchronous { return YES; }
            - (void)start { dispatch_async(dispatch_get_global_queue(0, 0), ^{ \(call) }); }
            @end
            @implementation Client
            - (void)go { [[NSOperationQueue new] addOperation:[Ping new]]; }
            @end
            """)
            let expected = call.hasPrefix("PingLog") ? 1 : 0
            #expect(found.findings("OPL206").count == expected, "\(call): \(found.alarms)")
        }
    }

    @Test("Finishing through an alias of self or a state machine still counts; a macro that only logs does not")
    func finishingThroughOtherNames() {
        for call in ["strongSelf.finish()", "self.stateMachine.finish()", "stateMachine.finish()"] {
            let found = RealCodeCase("Fetch.swift", """
            final class Machine { func finish() { } }
            final class Fetch: Operation {
                let stateMachine = Machine()
                override var isAsynchronous: Bool { true }
                override func start() {
                    DispatchQueue.global().async { [weak self] in
                        guard let strongSelf = self else { return }
                        \(call)
                    }
                }
            }
            func run() { OperationQueue().addOperation(Fetch()) }
            """)
            #expect(found.findings("OPL206").isEmpty, "\(call): \(found.alarms)")
        }
        let logging = RealCodeCase("Ping.m", """
        #define LOG(msg) NSLog(@"will finish later: %@", msg)
        @interface Ping : NSOperation
        @end
        @implementation Ping
        - (BOOL)isAsynchronous { return YES; }
        - (void)start { LOG(@"start"); }
        @end
        void run(void) { [[NSOperationQueue new] addOperation:[Ping new]]; }
        """)
        #expect(logging.findings("OPL206").count == 1)
    }

    @Test("A block added with addExecutionBlock is the operation's own code")
    func executionBlocks() {
        let objectiveC = RealCodeCase("Exec.m", """
        void run(void) {
            NSOperationQueue *q = [[NSOperationQueue alloc] init];
            q.maxConcurrentOperationCount = 1;
            NSBlockOperation *later = [NSBlockOperation blockOperationWithBlock:^{ }];
            NSBlockOperation *op = [[NSBlockOperation alloc] init];
            [op addExecutionBlock:^{ [later waitUntilFinished]; }];
            [q addOperation:op];
            [q addOperation:later];
        }
        """)
        #expect(objectiveC.findings("OPL201").count == 1, "\(objectiveC.alarms)")
        #expect(objectiveC.operation("op")?.waitsFor.map(\.name) == ["later"])
        let swift = RealCodeCase("Exec.swift", """
        func run() {
            let q = OperationQueue()
            q.maxConcurrentOperationCount = 1
            let later = BlockOperation { }
            let op = BlockOperation()
            op.addExecutionBlock { later.waitUntilFinished() }
            q.addOperation(op)
            q.addOperation(later)
        }
        """)
        #expect(swift.findings("OPL201").count == 1, "\(swift.alarms)")
    }

    @Test("A class derived from, or made through, a type alias of the file's level follows the chain to Foundation")
    func typeAliases() {
        let base = RealCodeCase("Warmup.swift", """
        typealias Job = Operation
        final class Warmup: Job {
            override func main() { }
        }
        func run() {
            let queue = OperationQueue()
            let warm = Warmup()
            let use = BlockOperation { }
            use.addDependency(warm)
            queue.addOperation(use)
        }
        """)
        #expect(base.findings("OPL105").count == 1, "\(base.alarms)")
        #expect(base.edges == ["use → warm"])
        let queue = RealCodeCase("Serial.swift", """
        final class SerialQueue: OperationQueue {
            override init() { super.init(); maxConcurrentOperationCount = 1 }
        }
        typealias Serial = SerialQueue
        func run() {
            let queue = Serial()
            let second = BlockOperation { }
            let first = BlockOperation { second.waitUntilFinished() }
            queue.addOperation(first)
            queue.addOperation(second)
        }
        """)
        #expect(queue.findings("OPL201").count == 1, "\(queue.alarms)")
        // An alias inside a type names the type there only: it makes no class of that name.
        let nested = RealCodeCase("Box.swift", """
        struct Box { typealias Job = Operation }
        final class Warmup: Job {
            override func main() { }
        }
        func run() {
            let queue = OperationQueue()
            let warm = Warmup()
            let use = BlockOperation { }
            use.addDependency(warm)
            queue.addOperation(use)
        }
        """)
        #expect(nested.findings("OPL105").isEmpty)
    }

    @Test("@synthesize aliases in its own @implementation; a start in defer needs a wait below it; SwiftUI actions only in a view")
    func scopedFixes() {
        let twoImplementations = RealCodeCase("AB.m", """
        @interface A : NSObject
        @property NSOperationQueue *queue;
        @end
        @implementation A
        @synthesize queue = q;
        @end
        @interface B : NSObject
        @property NSOperationQueue *queue;
        @end
        @implementation B
        - (void)go {
            NSOperationQueue *q = [[NSOperationQueue alloc] init];
            q.suspended = YES;
            [q addOperationWithBlock:^{ }];
        }
        - (void)resume { self.queue.suspended = NO; }
        @end
        """)
        #expect(twoImplementations.findings("OPL205").count == 1)
        let noWait = RealCodeCase("Run.swift", """
        func run() {
            let fetch = BlockOperation { }
            let parse = BlockOperation { }
            parse.addDependency(fetch)
            defer { parse.start() }
            print("done")
        }
        """)
        #expect(noWait.findings("OPL303").count == 1)
        let notAView = RealCodeCase("Worker.swift", """
        final class Worker { func task(_ body: @escaping () -> Void) { DispatchQueue.global().async(execute: body) } }
        @MainActor final class Screen {
            let queue = OperationQueue()
            let worker = Worker()
            func refresh() { worker.task { self.queue.waitUntilAllOperationsAreFinished() } }
        }
        """)
        #expect(notAView.findings("OPL203").isEmpty, "\(notAView.alarms)")
        let ownView = RealCodeCase("Viper.swift", """
        protocol View: AnyObject { }
        final class Exporter: View {
            let queue = OperationQueue()
            func export() { queue.waitUntilAllOperationsAreFinished() }
        }
        """)
        #expect(ownView.findings("OPL203").isEmpty, "\(ownView.alarms)")
    }
}
