import Testing
import OpLintCore
@testable import OpLintSource

/// Queues: dispatch queues made concurrent, queues obtained from other code, `@synthesize`,
/// static and top-level queues, `waitUntilFinished:` flags, widths below -1.
extension PatternAndQueueCaseTests {
    @Test("A sync onto a concurrent dispatch queue from its own block is no deadlock, however the queue is made")
    func concurrentDispatchQueues() {
        let concurrent = [
            ("Store.m", "_q = dispatch_queue_create(\"rw\",\n        DISPATCH_QUEUE_CONCURRENT);", "dispatch_async(_q, ^{ dispatch_sync(_q, ^{ }); });"),
            ("Store.m", "_q = dispatch_get_global_queue(QOS_CLASS_UTILITY, 0);", "dispatch_async(_q, ^{ dispatch_sync(_q, ^{ }); });"),
            ("Store.m", "_q = dispatch_queue_create(\"rw\", dispatch_queue_attr_make_with_qos_class(DISPATCH_QUEUE_CONCURRENT, QOS_CLASS_UTILITY, 0));",
             "dispatch_async(_q, ^{ dispatch_sync(_q, ^{ }); });"),
        ]
        for (name, make, use) in concurrent {
            let found = RealCodeCase(name, """
            @implementation Store { dispatch_queue_t _q; }
            - (instancetype)init { self = [super init]; \(make) return self; }
            - (void)write { \(use) }
            @end
            """)
            #expect(found.findings("OPL208").isEmpty, "\(make): \(found.alarms)")
        }
        for declaration in ["let q = DispatchQueue(\n        label: \"rw\",\n        attributes: .concurrent)", "let q = DispatchQueue.global(qos: .utility)",
                            "let q: DispatchQueue = {\n        DispatchQueue(label: \"f\", attributes: .concurrent)\n    }()", "let q = DispatchQueue(label: \"c\", attributes: attributes)"] {
            let found = RealCodeCase("Store.swift", """
            final class Store {
                let attributes: DispatchQueue.Attributes = .concurrent
                \(declaration)
                func write() { q.async { self.q.sync { } } }
            }
            """)
            #expect(found.findings("OPL208").isEmpty, "\(declaration): \(found.alarms)")
        }
        // A serial queue that targets a global one is still serial.
        let serial = RealCodeCase("Store.swift", """
        final class Store {
            let q = DispatchQueue(label: "s", target: .global())
            func write() { q.async { self.q.sync { } } }
        }
        """)
        #expect(serial.findings("OPL208").count == 1)
    }

    @Test("A dispatch queue's concurrency is read in its own type, and serial attributes stay serial")
    func dispatchQueueConcurrencyInItsOwnType() {
        let twoClasses = RealCodeCase("Queues.swift", """
        final class Reader { let queue = DispatchQueue.global() }
        final class Writer {
            let queue = DispatchQueue(label: "w")
            func write() { queue.async { self.queue.sync { } } }
        }
        """)
        #expect(twoClasses.findings("OPL208").count == 1)
        let parameterDefault = RealCodeCase("Queues.swift", """
        final class Writer {
            let queue = DispatchQueue(label: "w")
            func read(on queue: DispatchQueue = DispatchQueue.global()) { }
            func write() { queue.async { self.queue.sync { } } }
        }
        """)
        #expect(parameterDefault.findings("OPL208").count == 1)
        for attribute in ["DISPATCH_QUEUE_SERIAL_WITH_AUTORELEASE_POOL", "dispatch_queue_attr_make_with_qos_class(DISPATCH_QUEUE_SERIAL, QOS_CLASS_UTILITY, 0)"] {
            let serial = RealCodeCase("Store.m", """
            void run(void) {
                dispatch_queue_t q = dispatch_queue_create("io", \(attribute));
                dispatch_async(q, ^{ dispatch_sync(q, ^{ }); });
            }
            """)
            #expect(serial.findings("OPL208").count == 1, "\(attribute)")
        }
    }

    @Test("A queue read through a getter message is the property's queue; one obtained from other code is not suspended for ever")
    func queuesObtainedElsewhere() {
        let getter = RealCodeCase("C.m", """
        @interface C : NSObject
        @property (nonatomic, strong) NSOperationQueue *queue;
        @end
        @implementation C
        - (void)pause {
            NSOperationQueue *q = [self queue];
            q.suspended = YES;
            [q addOperationWithBlock:^{ NSLog(@"later"); }];
        }
        - (void)resume { self.queue.suspended = NO; }
        @end
        """)
        #expect(getter.alarms.isEmpty, "\(getter.alarms)")
        #expect(getter.graph.queues.count == 1)
        let foreign = RealCodeCase("Pause.swift", """
        final class Pauser {
            func pause() {
                let q: OperationQueue = Store.sharedQueue
                q.isSuspended = true
                q.addOperation { print("later") }
            }
        }
        """)
        #expect(foreign.findings("OPL205").isEmpty, "\(foreign.alarms)")
        // A queue the code makes and suspends is still suspended for ever when nothing resumes it.
        let made = RealCodeCase("Pause.swift", """
        final class Pauser {
            func pause() {
                let q = OperationQueue()
                q.isSuspended = true
                q.addOperation { print("later") }
            }
        }
        """)
        #expect(made.findings("OPL205").count == 1)
    }

    @Test("`@synthesize queue = myQueue;` makes myQueue the property's queue")
    func synthesizedInstanceVariable() {
        let code = """
        @interface Store : NSObject
        @property (nonatomic, strong) NSOperationQueue *queue;
        @end
        @implementation Store
        @synthesize queue = myQueue;
        - (instancetype)init {
            if ((self = [super init])) {
                myQueue = [[NSOperationQueue alloc] init];
                [myQueue setSuspended:YES];
                [myQueue addOperationWithBlock:^{ NSLog(@"queued"); }];
            }
            return self;
        }
        - (void)ready { self.queue.suspended = NO; }
        @end
        """
        let found = RealCodeCase("Store.m", code)
        #expect(found.alarms.isEmpty, "\(found.alarms)")
        #expect(found.graph.queues.count == 1)
        // Without the @synthesize, myQueue is an instance variable of its own that nothing resumes.
        let apart = RealCodeCase("Store.m", code.replacingOccurrences(of: "@synthesize queue = myQueue;", with: ""))
        #expect(apart.findings("OPL205").count == 1)
    }

    @Test("A static or top-level queue made serial in its initializer closure is followed through its type's name")
    func staticAndGlobalQueues() {
        let use = """
            let second = BlockOperation { }
            let first = BlockOperation { second.waitUntilFinished() }
            QUEUE.addOperation(first)
            QUEUE.addOperation(second)
        """
        let serial = """
        = {
                let q = OperationQueue()
                q.maxConcurrentOperationCount = 1
                return q
            }()
        """
        let cases = [
            ("enum Worker {\n    static let shared: OperationQueue \(serial)\n}\nfunc schedule() {\n\(use.replacingOccurrences(of: "QUEUE", with: "Worker.shared"))\n}", "shared"),
            ("extension OperationQueue {\n    static let serialIO: OperationQueue \(serial)\n}\nfunc save() {\n\(use.replacingOccurrences(of: "QUEUE", with: "OperationQueue.serialIO"))\n}", "serialIO"),
            ("final class Worker {\n    static let queue: OperationQueue \(serial)\n    func run() {\n\(use.replacingOccurrences(of: "QUEUE", with: "Self.queue"))\n    }\n}", "queue"),
            ("let ioQueue: OperationQueue \(serial)\nfunc save() {\n\(use.replacingOccurrences(of: "QUEUE", with: "ioQueue"))\n}", "ioQueue"),
        ]
        for (code, queue) in cases {
            let found = RealCodeCase("Queue.swift", code)
            #expect(found.findings("OPL201").count == 1, "\(code)\n\(found.alarms)")
            #expect(found.graph.queues.map(\.name) == [queue], "\(found.graph.queues.map(\.name))")
        }
        // A local of the type's name hides the type.
        let hidden = RealCodeCase("Queue.swift", """
        enum Worker {
            static let shared: OperationQueue \(serial)
        }
        func schedule(Worker: Pool) {
        \(use.replacingOccurrences(of: "QUEUE", with: "Worker.shared"))
        }
        """)
        #expect(hidden.findings("OPL201").isEmpty)
    }

    @Test("A waitUntilFinished: argument the scanner cannot read is a note, read as not waiting; 1 and TRUE are read")
    func waitFlags() {
        let variable = RealCodeCase("VC.swift", """
        final class VC: UIViewController {
            let queue = OperationQueue()
            override func viewDidLoad() {
                super.viewDidLoad()
                let shouldWait = true
                queue.addOperations([BlockOperation { }], waitUntilFinished: shouldWait)
            }
        }
        """)
        #expect(variable.findings("OPL203").isEmpty)
        #expect(variable.graph.sourceFacts.unresolved.contains { $0.message.contains("waitUntilFinished: shouldWait") })
        for flag in ["1", "TRUE", "YES"] {
            let written = RealCodeCase("VC.m", """
            @implementation VC
            - (void)viewDidLoad {
                NSOperationQueue *queue = [[NSOperationQueue alloc] init];
                [queue addOperations:@[[NSBlockOperation blockOperationWithBlock:^{ }]] waitUntilFinished:\(flag)];
            }
            @end
            """)
            #expect(written.findings("OPL203").count == 1, "\(flag): \(written.alarms)")
        }
    }

    @Test("A width below -1 is no width a queue can have: a note, and the default")
    func widthBelowMinusOne() {
        // The graph's width is -1 (Foundation's default) when none is set.
        for (written, expected, noted) in [("-3", -1, true), ("-1", -1, false), ("2", 2, false)] {
            let found = RealCodeCase("Uploader.swift", """
            func send() {
                let queue = OperationQueue()
                queue.maxConcurrentOperationCount = \(written)
                queue.addOperation { print("send") }
            }
            """)
            #expect(found.graph.queues.first?.maxConcurrentOperationCount == expected, "\(written)")
            #expect(found.graph.sourceFacts.unresolved.contains { $0.message.contains("maxConcurrentOperationCount") } == noted)
        }
    }
}
