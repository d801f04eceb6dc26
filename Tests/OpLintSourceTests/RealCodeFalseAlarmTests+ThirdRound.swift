import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarms of the third round of public repositories (sdl_ios, virgil-sdk-x,
/// My-Wallet-V3-iOS, XCDYouTubeKit, Cog, ConnectionKit, aws-mobile-appsync-sdk-ios,
/// mockingbird), in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A second start() of an operation whose start never calls super does not throw (sdl_ios)")
    func restartingAReplacedStartIsNotEnqueuedTwice() {
        let swift = RealCodeCase("Job.swift", """
        class BaseJob: Operation {
            override var isAsynchronous: Bool { true }
            override func start() {
                if isCancelled { finish(); return }
                run()
            }
        }
        final class AlertJob: BaseJob {
            override func start() { super.start() }
        }
        func retry() {
            let job = AlertJob()
            job.start()
            job.cancel()
            job.start()
        }
        """)
        #expect(swift.findings("OPL302").isEmpty, "\(swift.alarms)")
        let objectiveC = RealCodeCase("Job.m", """
        @interface Job : NSOperation
        @end
        @implementation Job
        - (void)start {
            if (self.isCancelled) { [self finish]; return; }
            [self run];
        }
        @end
        void retry(void) {
            Job *job = [[Job alloc] init];
            [job start];
            [job cancel];
            [job start];
        }
        """)
        #expect(objectiveC.findings("OPL302").isEmpty, "\(objectiveC.alarms)")
        // Foundation's start, reached through super, still throws the second time.
        let plain = RealCodeCase("Plain.swift", """
        final class Step: Operation {
            override func start() { super.start() }
            override func main() {}
        }
        func twice() {
            let step = Step()
            step.start()
            step.start()
        }
        """)
        #expect(plain.findings("OPL302").map(\.message) == [
            "step is started again; it was already enqueued or started at Plain.swift:7:5, which throws",
        ])
    }

    @Test("One start call on a variable assigned in several blocks is one finding (sdl_ios)")
    func oneFindingPerCallOnAVariableOfSeveralOperations() {
        let c = RealCodeCase("Spec.m", """
        void spec(void) {
            __block NSBlockOperation *op = nil;
            beforeEach(^{ op = [NSBlockOperation blockOperationWithBlock:^{}]; });
            it(^{ op = [NSBlockOperation blockOperationWithBlock:^{}]; });
            it(^{
                [op start];
                [op start];
            });
        }
        """)
        let findings = c.findings("OPL302")
        #expect(findings.count == 1, "\(c.alarms)")
        #expect(findings.first?.operations.count == 2)
        #expect(findings.first?.message.hasPrefix("spec().op@Spec.m:3 and spec().op@Spec.m:4 are started again; each was already") == true,
                "\(findings.map(\.message))")
        #expect(findings.first?.location.line == 7)
    }

    @Test("start(completion:) and start { } are the code's own methods, which may start the operation (virgil-sdk-x)")
    func startWithArgumentsIsAnotherMethod() {
        let c = RealCodeCase("Fetch.swift", """
        class Fetch: Operation {
            func start(completion: @escaping () -> Void) {
                completionBlock = completion
                OperationQueue().addOperation(self)
            }
        }
        func trailing() {
            let op = Fetch()
            op.start { print("done") }
        }
        func labelled() {
            let op = Fetch()
            op.start(completion: { print("done") })
        }
        func forgotten() {
            let op = Fetch()
            if op.start { }
        }
        """)
        #expect(c.findings("OPL105").map(\.location.line) == [16], "\(c.alarms)")
    }

    @Test("A property's operation enqueued by a method above its declaration, or in another file, is one operation (My-Wallet-V3-iOS)")
    func propertyOperationUsedBeforeItsDeclaration() {
        let c = RealCodeCase("Permissions.swift", """
        final class Permissions {
            private let queue = OperationQueue()
            func askAll() {
                queue.addOperation(camera)
                queue.addOperation(microphone)
            }
            private let camera = BlockOperation { }
            private lazy var microphone: BlockOperation = {
                let op = BlockOperation { }
                return op
            }()
            private let unused = BlockOperation { }
        }
        """)
        #expect(c.alarms == ["OPL105@Permissions.swift:12"], "\(c.alarms)")
        #expect(c.graph.operations.map(\.name).sorted() == ["camera", "microphone", "unused"])
        // Described where it is created, not where it is used.
        #expect(c.operation("camera")?.location?.line == 7)
        #expect(c.operation("camera")?.queue == "queue")
        let split = RealCodeCase([
            ("Greeter.swift", "final class Greeter {\n    let queue = OperationQueue()\n    let hello = BlockOperation { }\n}\n"),
            ("Greeter+Run.swift", "extension Greeter {\n    func run() { queue.addOperation(hello) }\n}\n"),
        ])
        #expect(split.alarms.isEmpty, "\(split.alarms)")
        #expect(split.graph.operations.map(\.name) == ["hello"])
        #expect(split.operation("hello")?.location?.file == "Greeter.swift")
    }

    @Test("self.isFinished = YES and isFinished = true mark the operation finished (XCDYouTubeKit)")
    func assigningIsFinishedFinishes() {
        let c = RealCodeCase("Ping.m", """
        @interface Ping : NSOperation
        @property (atomic, assign) BOOL isFinished;
        @end
        @implementation Ping
        - (BOOL)isAsynchronous { return YES; }
        - (void)start {
            dispatch_async(dispatch_get_global_queue(0, 0), ^{ self.isFinished = YES; });
        }
        @end
        void run(NSOperationQueue *queue) {
            [queue addOperation:[[Ping alloc] init]];
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        let swift = RealCodeCase("Ping.swift", """
        final class Ping: Operation {
            private var done = false
            override var isAsynchronous: Bool { true }
            override var isFinished: Bool { get { done } set { done = newValue } }
            override func start() { DispatchQueue.global().async { self.isFinished = true } }
        }
        func run(queue: OperationQueue) { queue.addOperation(Ping()) }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
        // Comparing the flag marks nothing finished.
        let compared = RealCodeCase("Ping.swift", """
        final class Ping: Operation {
            override var isAsynchronous: Bool { true }
            override func start() { if isFinished == true { return } }
        }
        func run(queue: OperationQueue) { queue.addOperation(Ping()) }
        """)
        #expect(compared.alarms.map { $0.prefix(6) } == ["OPL206"], "\(compared.alarms)")
    }

    @Test("C++14 digit separators in Objective-C++ are part of the number, not a character literal (Cog)")
    func digitSeparatorsInObjectiveCPlusPlus() {
        let text = """
        static const unsigned long kMask = 0xFFFF'0000;
        void go(void) {
            NSOperationQueue *q = [[NSOperationQueue alloc] init];
            NSBlockOperation *op = [NSBlockOperation blockOperationWithBlock:^{ }];
            int budget = 10'000; [q addOperation:op]; char tag = 'x';
        }
        """
        let result = SourceExtractor.extract(files: [("Worker.mm", Array(text.utf8))])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let c = RealCodeCase("Worker.mm", text)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        let tokens = Tokenizer(language: .objectiveC).tokenize(Array(text.utf8)).tokens
        let numbers = tokens.filter { $0.kind == .number }.map { String(decoding: Array(text.utf8)[Int($0.start)..<$0.end], as: UTF8.self) }
        #expect(numbers == ["0xFFFF'0000", "10'000"])
        // A character literal right after a number is still one (`x = 1;'a'` is unusual but valid).
        let chars = Tokenizer(language: .objectiveC).tokenize(Array("f(1,'a');".utf8)).tokens.filter { $0.kind == .character }
        #expect(chars.count == 1)
    }

    @Test("OPL208 speaks the language of the code: dispatch_sync onto dispatch_get_main_queue() in Objective-C (rollbar-apple)")
    func selfSyncMessageInEachLanguage() {
        let objectiveC = RealCodeCase("Demo.m", """
        @implementation Demo
        - (IBAction)tap:(id)sender {
            dispatch_sync(dispatch_get_main_queue(), ^{ });
        }
        @end
        """)
        #expect(objectiveC.findings("OPL208").map(\.message) == [
            "`dispatch_sync` onto `dispatch_get_main_queue()` deadlocks: the code already runs on the main thread (an IBAction)",
        ])
        #expect(objectiveC.findings("OPL208").first?.fix?.message == "call the block directly, or use `dispatch_async`")
        let swift = RealCodeCase("Demo.swift", """
        final class Demo: UIViewController {
            @IBAction func tap(_ sender: Any) {
                DispatchQueue.main.sync { }
            }
        }
        """)
        #expect(swift.findings("OPL208").map(\.message) == [
            "`DispatchQueue.main.sync` deadlocks: the code already runs on the main thread (an @IBAction)",
        ])
        #expect(swift.findings("OPL208").first?.fix?.message == "call the block directly, or use `DispatchQueue.main.async`")
    }

    @Test("A queue resumed in a method written above the one that suspends it is not suspended for good (ConnectionKit)")
    func resumeWrittenAboveTheSuspension() {
        let c = RealCodeCase("Fetcher.swift", """
        final class Fetcher {
            var queue: OperationQueue!
            init() { setUp() }
            func start() {
                queue.isSuspended = false
            }
            func fetch() {
                queue.addOperation { print("fetching") }
            }
            private func setUp() {
                let q = OperationQueue()
                q.isSuspended = true
                queue = q
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.queues.map(\.isSuspended) == [false])
        // Never resumed anywhere: suspended, and its operation never starts.
        let parked = RealCodeCase("Fetcher.swift", """
        final class Fetcher {
            var queue: OperationQueue!
            init() { setUp() }
            func fetch() {
                queue.addOperation { print("fetching") }
            }
            private func setUp() {
                let q = OperationQueue()
                q.isSuspended = true
                queue = q
            }
        }
        """)
        #expect(parked.graph.queues.map(\.isSuspended) == [true])
        #expect(parked.alarms.contains { $0.hasPrefix("OPL205") }, "\(parked.alarms)")
    }

    @Test("A queue suspended in a teardown method, with nothing added after it there, is not suspended from the start (aws-mobile-appsync-sdk-ios)")
    func suspensionInATeardownMethod() {
        let c = RealCodeCase("Poller.swift", """
        final class Poller {
            private let queue: OperationQueue
            init() {
                queue = OperationQueue()
                queue.addOperation { print("first poll") }
            }
            func invalidate() {
                queue.cancelAllOperations()
                queue.isSuspended = true
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.queues.map(\.isSuspended) == [false])
        // Suspended where it is made, or with operations added after it in the same method: suspended.
        for body in ["let q = OperationQueue()\n        q.isSuspended = true\n        q.addOperation { }",
                     "queue.isSuspended = true\n        queue.addOperation { }"] {
            let held = RealCodeCase("Parked.swift", """
            final class Parked {
                private let queue = OperationQueue()
                func park() {
                    \(body)
                }
            }
            """)
            #expect(held.graph.queues.contains { $0.isSuspended }, "\(body)")
            #expect(held.alarms.contains { $0.hasPrefix("OPL205") }, "\(held.alarms)")
        }
    }

    @Test("A line ending in an optional type does not run on into the switch below it (mockingbird)")
    func optionalTypeAtTheEndOfALine() {
        let c = RealCodeCase("Runner.swift", """
        final class Runner {
            let queue = OperationQueue()
            func run(remote: Bool) {
                let fetch: Operation
                let label: String?
                switch remote {
                case true:
                    fetch = BlockOperation { print("remote") }
                    label = "remote"
                case false:
                    fetch = BlockOperation { print("local") }
                    label = nil
                }
                print(label ?? "")
                queue.addOperation(fetch)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2 && c.graph.operations.allSatisfy { $0.queue == "queue" })
        // A ternary `?` that ends its line still runs on.
        let ternary = RealCodeCase("Pick.swift", """
        func pick(fast: Bool, queue: OperationQueue) {
            let op = fast ?
                BlockOperation { } : BlockOperation { }
            queue.addOperation(op)
        }
        """)
        #expect(ternary.alarms.isEmpty, "\(ternary.alarms)")
    }

    @Test("if let x = x { … } and guard let x = x else { … } bind the operation, not a trailing closure's result (mockingbird)")
    func optionalBindingOfAnOperation() {
        let c = RealCodeCase("Runner.swift", """
        final class Runner {
            let queue = OperationQueue()
            func run(validate: Bool) {
                var check: Operation? = nil
                if validate {
                    check = BlockOperation { print("check") }
                }
                if let check = check {
                    queue.addOperation(check)
                }
            }
            func later(validate: Bool) {
                var step: Operation? = nil
                if validate { step = BlockOperation { } }
                guard let step = step else { return }
                queue.addOperation(step)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.map(\.name).sorted() == ["check", "step"], "\(c.graph.operations.map(\.name))")
        #expect(c.graph.operations.allSatisfy { $0.queue == "queue" })
    }
}
