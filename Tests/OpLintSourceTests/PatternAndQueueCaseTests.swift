import Testing
import OpLintCore
@testable import OpLintSource

/// A second round of hand-written cases: names that capture lists and `case` patterns bind,
/// regular expressions after `?`, raw strings that hold a quote, concurrent dispatch queues made
/// in several ways, queues obtained from other code, operations that enqueue themselves in their
/// initializer, starts in a `defer`, and finishing code that another object's method or a macro
/// seems to hold.
@Suite("Hand-written cases, second round")
struct PatternAndQueueCaseTests {
    @Test("A capture list's `[queue = ui]` renames the queue inside the closure only")
    func captureListRenamesInsideTheClosure() {
        let code = """
        final class Sync {
            let queue = OperationQueue()
            let ui = OperationQueue.main
            func go() {
                let refresh = BlockOperation { [queue = ui] in
                    queue.addOperation { print("UI") }
                }
                let later = BlockOperation { }
                let check = BlockOperation { later.waitUntilFinished() }
                queue.addOperation(refresh)
                queue.addOperation(check)
                queue.addOperation(later)
            }
        }
        """
        let renamed = RealCodeCase("Sync.swift", code)
        #expect(renamed.alarms.isEmpty, "\(renamed.alarms)")
        #expect(renamed.operation("check")?.queue == "queue")
        // Without the capture list the inner enqueue is on the default-width queue too, and still nothing is wrong.
        let plain = RealCodeCase("Sync.swift", code.replacingOccurrences(of: "[queue = ui] in", with: ""))
        #expect(plain.alarms.isEmpty, "\(plain.alarms)")
    }

    @Test("`[weak token = fetch]` does not make fetch wait for itself")
    func weakCaptureRename() {
        let found = RealCodeCase("Token.swift", """
        func load(queue: OperationQueue) {
            let token = BlockOperation { }
            let fetch = BlockOperation { }
            fetch.completionBlock = { [weak token = fetch] in print(token as Any) }
            fetch.addDependency(token)
            queue.addOperation(fetch)
        }
        """)
        #expect(found.findings("OPL102").isEmpty)
        #expect(found.edges == ["fetch → token"])
        #expect(found.findings("OPL105").count == 1)
    }

    @Test("Names bound by `if case`, `guard case` and `switch` patterns hide the outer name")
    func casePatternsBindNewNames() {
        let patterns = [
            "if case let .some(op) = maybe { queue.addOperation(op) }",
            "if case .some(let op) = maybe { queue.addOperation(op) }",
            "if case let op? = maybe { queue.addOperation(op) }",
            "switch maybe {\n    case let op?: queue.addOperation(op)\n    case nil: break\n    }",
        ]
        for pattern in patterns {
            let found = RealCodeCase("Case.swift", """
            func run(queue: OperationQueue, maybe: Operation?) {
                let op = BlockOperation { }
                queue.addOperation(op)
                \(pattern)
            }
            """)
            #expect(found.findings("OPL302").isEmpty, "\(pattern): \(found.alarms)")
        }
        // The same enqueue of the outer name is a repeat.
        let repeated = RealCodeCase("Case.swift", """
        func run(queue: OperationQueue, maybe: Operation?) {
            let op = BlockOperation { }
            queue.addOperation(op)
            if maybe != nil { queue.addOperation(op) }
        }
        """)
        #expect(repeated.findings("OPL302").count == 1)
    }

    @Test("A regular expression after `?` or `??` keeps its braces out of the code")
    func regexAfterQuestionMark() {
        for expression in [#"strict ? /\{/ : /x/"#, #"custom ?? /\{/"#] {
            let found = RealCodeCase("Screen.swift", """
            @MainActor final class Screen {
                var custom: Regex<Substring>?
                func pattern(strict: Bool) -> Regex<Substring> { \(expression) }
            }
            func background() {
                let q = OperationQueue()
                q.addOperations([BlockOperation { }], waitUntilFinished: true)
            }
            """)
            #expect(found.findings("OPL203").isEmpty, "\(expression): \(found.alarms)")
        }
        let tokens = SourceFile(path: "a.swift", language: .swift, bytes: Array(#"let r = flag ? /a}b/ : nil"#.utf8))
        #expect((0..<tokens.tokens.count).contains { tokens.tokens[$0].kind == .string && tokens.text($0) == "/a}b/" })
    }

    @Test("`#\"\"\"#` is a raw string holding one quote, and `#\"\"\"` on its own line starts a multi-line one")
    func rawStringHoldingAQuote() {
        let one = SourceFile(path: "a.swift", language: .swift, bytes: Array("let quote = #\"\"\"#\nlet q = OperationQueue()\n".utf8))
        #expect(one.warnings.isEmpty)
        #expect((0..<one.tokens.count).contains { one.isWord($0, "OperationQueue") })
        let multi = SourceFile(path: "a.swift", language: .swift, bytes: Array("let text = #\"\"\"\n  OperationQueue\n  \"\"\"#\nlet x = 1\n".utf8))
        #expect(multi.warnings.isEmpty)
        #expect(!(0..<multi.tokens.count).contains { multi.isWord($0, "OperationQueue") })
    }

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

    @Test("A file whose lines end in a carriage return alone is read line by line")
    func classicMacLineEndings() {
        let lines = ["func run() {", "    let queue = OperationQueue()", "    let a = BlockOperation { }", "    let b = BlockOperation { }",
                     "    a.addDependency(b) // a comment", "    b.addDependency(a)", "    queue.addOperations([a, b], waitUntilFinished: false)", "}", ""]
        let found = RealCodeCase("Old.swift", lines.joined(separator: "\r"))
        let cycles = found.findings("OPL101")
        #expect(cycles.count == 1)
        #expect(cycles.first?.location.line == 5)
        // The same bytes with Windows line endings, as a check that only a lone carriage return changes.
        #expect(RealCodeCase("New.swift", lines.joined(separator: "\r\n")).findings("OPL101").first?.location.line == 5)
    }

    @Test("@MainActor reaches a class's extensions in any file, its subclasses, its property accessors, and SwiftUI views' actions")
    func mainActorReach() {
        let screen = ("Screen.swift", """
        @MainActor
        final class Screen {
            let queue = OperationQueue()
            var theme = 0 {
                didSet { queue.waitUntilAllOperationsAreFinished() }
            }
            var busy: Bool {
                queue.waitUntilAllOperationsAreFinished()
                return false
            }
        }
        """)
        let reload = ("Screen+Reload.swift", """
        extension Screen {
            func reload() { queue.waitUntilAllOperationsAreFinished() }
        }
        """)
        let found = RealCodeCase([screen, reload])
        #expect(Set(found.findings("OPL203").map { "\($0.location.file):\($0.location.line)" })
                == ["Screen.swift:5", "Screen.swift:8", "Screen+Reload.swift:2"])
        // Without @MainActor, none of them is known to run on the main thread.
        let plain = RealCodeCase([(screen.0, screen.1.replacingOccurrences(of: "@MainActor\n", with: "")), reload])
        #expect(plain.findings("OPL203").isEmpty, "\(plain.alarms)")
        let view = RealCodeCase("Feed.swift", """
        struct FeedView: View {
            let queue = OperationQueue()
            var body: some View {
                List { Text("x") }
                    .onAppear { queue.waitUntilAllOperationsAreFinished() }
                Button("Reload") { queue.waitUntilAllOperationsAreFinished() }
            }
            func prefetch() {
                DispatchQueue.global().async { queue.waitUntilAllOperationsAreFinished() }
            }
        }
        """)
        #expect(view.findings("OPL203").map(\.location.line) == [5, 6])
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

    @Test("A for-in loop over a list literal binds its variable to each operation of the list")
    func loopsOverListLiterals() {
        let objectiveC = RealCodeCase("Loader.m", """
        @implementation Loader
        - (void)load {
            NSOperationQueue *q = [[NSOperationQueue alloc] init];
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{ }];
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{ }];
            NSBlockOperation *c = [NSBlockOperation blockOperationWithBlock:^{ }];
            for (NSOperation *dep in @[a, b]) {
                [c addDependency:dep];
            }
            [a addDependency:c];
            [q addOperations:@[a, b, c] waitUntilFinished:NO];
        }
        @end
        """)
        #expect(Set(objectiveC.edges) == ["c → a", "c → b", "a → c"])
        #expect(objectiveC.findings("OPL101").count == 1)
        let swift = RealCodeCase("Loader.swift", """
        func load(queue: OperationQueue) {
            let fetch = BlockOperation { }
            let parse = BlockOperation { }
            let show = BlockOperation { }
            for dependency in [fetch, parse] {
                show.addDependency(dependency)
            }
            queue.addOperation(show)
        }
        """)
        #expect(Set(swift.edges) == ["show → fetch", "show → parse"])
        #expect(swift.findings("OPL105").count == 2)
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

    @Test("A case's bindings end at the next case, and an if case's at the end of its body")
    func patternBindingsEndWithTheirCode() {
        let switchCases = RealCodeCase("Mode.swift", """
        enum Mode { case custom(Operation), plain }
        func run(queue: OperationQueue, mode: Mode) {
            let op = BlockOperation { }
            switch mode {
            case let .custom(op): print(op)
            case .plain: queue.addOperation(op)
            }
        }
        """)
        #expect(switchCases.findings("OPL105").isEmpty, "\(switchCases.alarms)")
        let ifCase = RealCodeCase("State.swift", """
        enum State { case loaded(Operation), idle }
        func run(q: OperationQueue, state: State) {
            let op = BlockOperation { }
            let parse = BlockOperation { }
            if case .loaded(let op) = state { print(op) }
            parse.addDependency(op)
            q.addOperations([op, parse], waitUntilFinished: false)
        }
        """)
        #expect(ifCase.alarms.isEmpty, "\(ifCase.alarms)")
        #expect(ifCase.edges == ["parse → op"])
        let cast = RealCodeCase("Cast.swift", """
        func run(queue: OperationQueue) {
            let op: Operation = BlockOperation { }
            switch op {
            case let op as BlockOperation: queue.addOperation(op)
            default: queue.addOperation(op)
            }
        }
        """)
        #expect(cast.findings("OPL105").isEmpty, "\(cast.alarms)")
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
