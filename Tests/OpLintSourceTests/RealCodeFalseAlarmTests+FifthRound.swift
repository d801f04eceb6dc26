import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarms of the fifth pass over public repositories (Swift-Playgrounds, WinObjC)
/// and of hand-written tricky sources, in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A queue suspended at the end of the code that filled it is not suspended from the start (Swift-Playgrounds)")
    func suspensionAfterTheQueueIsFilled() {
        let c = RealCodeCase("Page.swift", """
        let queue = OperationQueue()
        let first = BlockOperation { print("first") }
        let second = BlockOperation { print("second") }
        second.addDependency(first)
        queue.addOperations([first, second], waitUntilFinished: true)
        queue.cancelAllOperations()
        queue.isSuspended = true
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.queues.map(\.isSuspended) == [false])
    }

    @Test("A queue resumed with a value the scanner cannot read, or toggled, may be resumed")
    func resumedWithAVariableOrToggled() {
        for resume in ["queue.isSuspended = paused", "queue.isSuspended.toggle()"] {
            let c = RealCodeCase("Player.swift", """
            final class Player {
                private let queue: OperationQueue = {
                    let q = OperationQueue()
                    q.isSuspended = true
                    return q
                }()
                func play() { queue.addOperation { print("tick") } }
                func setPaused(_ paused: Bool) { \(resume) }
            }
            """)
            #expect(c.alarms.isEmpty, "\(resume): \(c.alarms)")
            #expect(c.graph.queues.map(\.isSuspended) == [false], "\(resume)")
        }
        let objectiveC = RealCodeCase("Player.m", """
        @implementation Player
        - (instancetype)init {
            if ((self = [super init])) { _queue = [[NSOperationQueue alloc] init]; _queue.suspended = YES; }
            return self;
        }
        - (void)play { [self.queue addOperationWithBlock:^{ }]; }
        - (void)setPaused:(BOOL)paused { [self.queue setSuspended:paused]; }
        @end
        """)
        #expect(objectiveC.alarms.isEmpty, "\(objectiveC.alarms)")
    }

    @Test("A nonisolated member of a @MainActor type is not main-thread code")
    func nonisolatedMembersOfAMainActorType() {
        let c = RealCodeCase("Model.swift", """
        @MainActor
        final class Model {
            let queue = OperationQueue()
            func reload() {
                let op = BlockOperation { }
                queue.addOperation(op)
                op.waitUntilFinished()
            }
            nonisolated func background() {
                let op = BlockOperation { }
                queue.addOperation(op)
                op.waitUntilFinished()
                DispatchQueue.main.sync { }
            }
        }
        """)
        #expect(c.alarms == ["OPL203@Model.swift:7"], "\(c.alarms)")
    }

    @Test("Observing an operation (addObserver, KVO) neither runs nor enqueues it (WinObjC)")
    func observingAnOperationIsNoHandOver() {
        let c = RealCodeCase("Observe.swift", """
        func inspect(observer: NSObject) -> Bool {
            let gate = BlockOperation { }
            let job = BlockOperation { }
            job.addDependency(gate)
            job.addObserver(observer, forKeyPath: "isReady", options: [], context: nil)
            return job.isReady
        }
        """)
        // Both are never started: warnings, not an error about an operation that waits forever.
        #expect(c.alarms.sorted() == ["OPL105@Observe.swift:2", "OPL105@Observe.swift:3"], "\(c.alarms)")
        #expect(c.result.reported.allSatisfy { $0.severity != .error })
    }

    @Test("A C++ lambda in Objective-C++ runs where its caller runs it, not on the main thread (WinObjC)")
    func lambdaInObjectiveCPlusPlus() {
        let c = RealCodeCase("Auth.mm", """
        @implementation AuthController
        - (void)viewDidLoad {
            [super viewDidLoad];
            auto done = [self](int status) {
                dispatch_sync(dispatch_get_main_queue(), ^{ [self show:status]; });
            };
            std::thread(done, 1).detach();
            auto plain = [&] { dispatch_sync(dispatch_get_main_queue(), ^{ }); };
            run(plain);
        }
        - (void)tap {
            [self.queue addOperation:[NSBlockOperation blockOperationWithBlock:^{ }]];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        // Outside a lambda, the same call on the main thread still deadlocks.
        let direct = RealCodeCase("Auth.mm", """
        @implementation AuthController
        - (void)viewDidLoad {
            dispatch_sync(dispatch_get_main_queue(), ^{ });
        }
        @end
        """)
        #expect(direct.alarms == ["OPL208@Auth.mm:3"], "\(direct.alarms)")
    }

    @Test("One case of a switch never runs after another: no enqueued-twice, no late change across cases")
    func switchCasesAreSeparatePaths() {
        let swift = RealCodeCase("Router.swift", """
        final class Router {
            let fast = OperationQueue()
            let slow = OperationQueue()
            func route(_ kind: Int) {
                let prep = BlockOperation { }
                let op = BlockOperation { }
                slow.addOperation(prep)
                switch kind {
                case 0:
                    fast.addOperation(op)
                case 1, 2:
                    op.addDependency(prep)
                    slow.addOperation(op)
                default:
                    slow.addOperation(op)
                }
            }
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
        let objectiveC = RealCodeCase("Router.m", """
        void route(int kind, NSOperationQueue *fast, NSOperationQueue *slow) {
            NSBlockOperation *op = [NSBlockOperation blockOperationWithBlock:^{ }];
            switch (kind) {
            case 0:
                [fast addOperation:op];
                break;
            default:
                [slow addOperation:op];
                break;
            }
        }
        """)
        #expect(objectiveC.alarms.isEmpty, "\(objectiveC.alarms)")
        // Within one case, the second enqueue still throws.
        let twice = RealCodeCase("Twice.swift", """
        func run(_ kind: Int, queue: OperationQueue) {
            let op = BlockOperation { }
            switch kind {
            case 0:
                queue.addOperation(op)
                queue.addOperation(op)
            default:
                break
            }
        }
        """)
        #expect(twice.alarms == ["OPL302@Twice.swift:6"], "\(twice.alarms)")
    }

    @Test("A list literal with an element the scanner does not follow takes the operations it knows where it goes")
    func listWithAnUnknownElement() {
        let swift = RealCodeCase("Load.swift", """
        func load(queue: OperationQueue, extra: Operation) {
            let fetch = BlockOperation { }
            let show = BlockOperation { }
            show.addDependency(fetch)
            queue.addOperations([fetch, extra, BlockOperation { }], waitUntilFinished: false)
            queue.addOperation(show)
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
        let objectiveC = RealCodeCase("Load.m", """
        void load(NSOperationQueue *queue, NSOperation *extra) {
            NSBlockOperation *fetch = [NSBlockOperation blockOperationWithBlock:^{ }];
            [queue addOperations:@[fetch, extra] waitUntilFinished:NO];
        }
        """)
        #expect(objectiveC.alarms.isEmpty, "\(objectiveC.alarms)")
        // A list of operations only is still followed: the enqueue is seen, and a second one throws.
        let known = RealCodeCase("Twice.swift", """
        func load(queue: OperationQueue) {
            let fetch = BlockOperation { }
            queue.addOperations([fetch], waitUntilFinished: false)
            queue.addOperations([fetch], waitUntilFinished: false)
        }
        """)
        #expect(known.alarms == ["OPL302@Twice.swift:4"], "\(known.alarms)")
    }

    @Test("Removing a dependency the code never added is no Linux hazard (WinObjC)")
    func removingADependencyNeverAdded() {
        let c = RealCodeCase("Remove.m", """
        void check(NSOperationQueue *queue) {
            NSOperation *operation = [[NSOperation alloc] init];
            NSOperation *dependency = [[NSOperation alloc] init];
            [operation removeDependency:dependency];
            [queue addOperation:operation];
            [queue addOperation:dependency];
        }
        """)
        #expect(c.findings("OPL308").isEmpty, "\(c.alarms)")
        // Added, then removed before it finished: the hazard stands in Swift.
        let added = RealCodeCase("Remove.swift", """
        func check(_ queue: OperationQueue) {
            let operation = Operation()
            let dependency = Operation()
            operation.addDependency(dependency)
            operation.removeDependency(dependency)
            queue.addOperation(operation)
            queue.addOperation(dependency)
        }
        """)
        #expect(added.findings("OPL308").map(\.location.line) == [5], "\(added.alarms)")
    }

    @Test("Objective-C never runs on swift-corelibs-foundation: no Linux hazard (ZLNSOperationDemo)")
    func objectiveCRemovalIsNoLinuxHazard() {
        for name in ["Remove.m", "Remove.mm", "Remove.h"] {
            let c = RealCodeCase(name, """
            void check(NSOperationQueue *queue) {
                NSOperation *operation = [[NSOperation alloc] init];
                NSOperation *dependency = [[NSOperation alloc] init];
                [operation addDependency:dependency];
                [operation removeDependency:dependency];
                [queue addOperation:operation];
                [queue addOperation:dependency];
            }
            """)
            #expect(c.findings("OPL308").isEmpty, "\(name): \(c.alarms)")
            #expect(c.graph.sourceFacts.removedDependencies.count == 1, "the removal is still a fact of the graph")
        }
    }

    @Test("A wait in Task { @MainActor in … } is on the main thread; in a plain Task it is not")
    func mainActorClosure() {
        let c = RealCodeCase("Svc.swift", """
        final class Svc {
            let queue = OperationQueue()
            func go() {
                let op = BlockOperation { }
                queue.addOperation(op)
                Task { @MainActor in
                    op.waitUntilFinished()
                }
                Task {
                    op.waitUntilFinished()
                }
            }
        }
        """)
        #expect(c.alarms == ["OPL203@Svc.swift:7"], "\(c.alarms)")
    }

    @Test("A message that mentions isFinished is no sign of finishing; the key written out is")
    func isFinishedInAMessageIsNoSignOfFinishing() {
        let logged = RealCodeCase("Net.swift", """
        final class Net: Operation {
            override var isAsynchronous: Bool { true }
            override func start() {
                print("isFinished will be set when the response arrives")
            }
        }
        func run(queue: OperationQueue) { queue.addOperation(Net()) }
        """)
        #expect(logged.alarms.contains { $0.hasPrefix("OPL206") }, "\(logged.alarms)")
        let keyed = RealCodeCase("Net.swift", """
        final class Net: Operation {
            private var done = false
            override var isAsynchronous: Bool { true }
            override var isFinished: Bool { done }
            override func start() {
                willChangeValue(forKey: key)
                done = true
                didChangeValue(forKey: key)
            }
            private let key = "isFinished"
        }
        func run(queue: OperationQueue) { queue.addOperation(Net()) }
        """)
        #expect(keyed.alarms.isEmpty, "\(keyed.alarms)")
    }

    @Test("An enum named like an operation class is no operation, nor is its init (home-assistant, purchases-ios, fearless, My-Wallet)")
    func enumNamedOperation() {
        let c = RealCodeCase("Comparison.swift", """
        struct Comparison {
            let operation: Operation
            init(name: String) throws {
                self.operation = try Operation(rawValue: name).or(throw: "unknown \\(name)")
            }
            enum Operation: String {
                case equal, less
            }
        }
        final class Manager {
            let queue = OperationQueue()
            func run() { queue.addOperation(BlockOperation { print("ran") }) }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.map(\.name) == ["block1"], "\(c.graph.operations.map(\.name))")
    }
}
