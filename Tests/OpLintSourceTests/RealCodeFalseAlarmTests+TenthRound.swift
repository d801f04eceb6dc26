import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarms of the tenth pass over public repositories, in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A dependency removed in the completion block of the operation removed is removed once it has finished")
    func removalInTheDependencysOwnCompletionBlock() {
        let c = RealCodeCase("Loader.swift", """
        final class Loader {
            let work = OperationQueue()

            func load() {
                let fetch = BlockOperation { print("fetch") }
                let render = BlockOperation { print("render") }
                render.addDependency(fetch)
                fetch.completionBlock = { [unowned fetch] in
                    if fetch.isCancelled {
                        render.removeDependency(fetch)
                        render.cancel()
                    }
                }
                work.addOperation(fetch)
                work.addOperation(render)
            }

            func other() {
                let fetch = BlockOperation { print("fetch") }
                let render = BlockOperation { print("render") }
                let log = BlockOperation { print("log") }
                render.addDependency(fetch)
                log.completionBlock = {
                    render.removeDependency(fetch)
                }
                work.addOperations([fetch, render, log], waitUntilFinished: false)
            }
        }
        """)
        // Only the removal in another operation's completion block may come before fetch finishes.
        #expect(c.alarms == ["OPL308@Loader.swift:24"], "\(c.alarms)")
        let objc = RealCodeCase("Loader.m", """
        @implementation Loader
        - (void)load {
            NSBlockOperation *fetch = [NSBlockOperation blockOperationWithBlock:^{}];
            NSBlockOperation *render = [NSBlockOperation blockOperationWithBlock:^{}];
            [render addDependency:fetch];
            [fetch setCompletionBlock:^{
                [render removeDependency:fetch];
            }];
            [self.queue addOperations:@[fetch, render] waitUntilFinished:NO];
        }
        @end
        """)
        #expect(objc.graph.sourceFacts.removedDependencies.map(\.dependencyKnownFinished) == [true])
    }

    @Test("The queues of two objects read through two names are two queues (Tasker's Atomic ==)")
    func queuesOfTwoObjects() {
        let c = RealCodeCase("Box.swift", """
        final class Box {
            private let queue = DispatchQueue(label: "box")
            private var stored = 0

            static func same(_ lhs: Box, _ rhs: Box) -> Bool {
                lhs.queue.sync {
                    rhs.queue.sync { lhs.stored == rhs.stored }
                }
            }

            func twice() {
                queue.sync {
                    self.queue.sync { stored += 1 }
                }
            }

            static func again(_ lhs: Box) {
                lhs.queue.sync {
                    lhs.queue.sync { lhs.stored += 1 }
                }
            }
        }
        """)
        #expect(c.alarms == ["OPL208@Box.swift:13", "OPL208@Box.swift:19"], "\(c.alarms)")
        #expect(c.findings("OPL208").last?.message.contains("`lhs.queue`") == true, "\(c.findings("OPL208").map(\.message))")
    }

    @Test("A static method named sync on a type is no queue (a helper on DispatchGroup)")
    func staticSyncOnAType() {
        let c = RealCodeCase("Groups.swift", """
        extension DispatchGroup {
            static func sync(timeout: DispatchTimeInterval, _ body: @escaping (DispatchGroup) -> Void) -> DispatchTimeoutResult {
                let group = DispatchGroup()
                group.enter()
                DispatchQueue.global().async { body(group) }
                return group.wait(timeout: .now() + timeout)
            }
        }

        func nested() {
            DispatchGroup.sync(timeout: .seconds(2)) { outer in
                DispatchGroup.sync(timeout: .seconds(1)) { inner in inner.leave() }
                outer.leave()
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
    }

    @Test("An operation handed to code oplint does not read is not reported, and makes no error of what it waits for (a test of a rule object)")
    func handedOnOperationProvesNoStart() {
        let c = RealCodeCase("RuleTests.swift", """
        final class RuleTests: XCTestCase {
            func testAllows() {
                let first = Operation()
                let second = Operation()
                second.addDependency(first)
                XCTAssertTrue(ReadyRule().allows(second))
            }

            func testEnqueued(on queue: OperationQueue) {
                let early = Operation()
                let late = Operation()
                late.addDependency(early)
                queue.addOperation(late)
            }
        }
        """)
        #expect(c.alarms == ["OPL105@RuleTests.swift:3", "OPL105@RuleTests.swift:10", "OPL106@RuleTests.swift:11"], "\(c.alarms)")
        let never = c.findings("OPL105")
        #expect(never.map(\.severity) == [.warning, .error])
        #expect(c.graph.sourceFacts.assumedStarts.map(\.operation) == ["second"], "\(c.graph.sourceFacts.assumedStarts)")
        #expect(c.operation("second")?.start == .queue)
    }

    @Test("A force-unwrapped variable in a list is the operation it holds when it may also be nil (Quick specs)")
    func forceUnwrappedInAListAfterNil() {
        let c = RealCodeCase("Schedule.swift", """
        final class Upload: Operation {}

        func schedule(on queue: OperationQueue, skip: Bool) {
            var pending: Upload? = Upload()
            if skip { pending = nil }
            queue.addOperations([pending!], waitUntilFinished: false)
        }

        func single(on queue: OperationQueue, skip: Bool) {
            var pending: Upload? = Upload()
            if skip { pending = nil }
            queue.addOperation(pending!)
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        // `nil` makes no operation of its own.
        #expect(c.graph.operations.count == 2, "\(c.graph.operations.map(\.name))")
    }

    @Test("A property of another type read through a value of that type is that type's operation or queue")
    func propertyOfAnotherTypeThroughAnInstance() {
        let c = RealCodeCase([("Link.swift", """
        final class Link {
            let outbox = OperationQueue()
            let handshake = BlockOperation { print("hello") }
            let greeting = BlockOperation { print("greet") }
        }
        """), ("Session.swift", """
        final class Session {
            let link = Link()

            func open() {
                link.greeting.addDependency(link.handshake)
                link.outbox.addOperation(self.link.handshake)
                link.outbox.addOperation(link.greeting)
            }
        }

        extension Link {
            func merge(_ other: Link) {
                other.outbox.addOperation(BlockOperation { print("other") })
            }
        }
        """)])
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.operation("handshake")?.queue == "outbox")
        #expect(c.edges == ["greeting → handshake"])
        // Inside the type, another instance's queue may be its own or not: not followed.
        #expect(c.graph.operations.filter { $0.queue == "outbox" }.count == 2, "\(c.graph.operations.map { "\($0.name) \($0.queue ?? "-")" })")
    }

    @Test("A start by hand before the dependencies finish, on a class whose own start never calls super's, is a warning that does not say Foundation's start throws (an ad SDK's download helper)")
    func earlyStartOfAClassWithItsOwnStart() {
        let c = RealCodeCase("Fetcher.m", """
        @interface FetchStep : NSOperation
        @end
        @implementation FetchStep
        - (void)start {
            if ([self isReady]) { [self run]; }
        }
        @end
        @implementation Fetcher
        - (void)fetch {
            NSOperation *purge = [NSBlockOperation blockOperationWithBlock:^{ }];
            FetchStep *step = [[FetchStep alloc] init];
            [step addDependency:purge];
            [step start];
            NSBlockOperation *plain = [NSBlockOperation blockOperationWithBlock:^{ }];
            [plain addDependency:purge];
            [plain start];
            [self.queue addOperation:purge];
        }
        @end
        """)
        let early = c.findings("OPL303")
        #expect(early.map(\.severity) == [.warning, .error], "\(early.map(\.message))")
        #expect(early.first?.message.contains("FetchStep's own start runs instead of Foundation's") == true, "\(early.map(\.message))")
        #expect(early.last?.message.hasSuffix("it throws when not ready") == true, "\(early.map(\.message))")
    }

    @Test("An operation an initializer keeps in a property is the one another class reads through that property (Security's state watchers)")
    func operationMadeByAnInitializerReadElsewhere() {
        let c = RealCodeCase([("Watcher.h", """
        @interface Watcher : NSObject
        @property NSOperation *result;
        @property NSOperationQueue *queue;
        @end
        """), ("Watcher.m", """
        @implementation Watcher
        - (instancetype)initWithName:(NSString *)name {
            if ((self = [super init])) {
                _result = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"done"); }];
                _queue = [[NSOperationQueue alloc] init];
            }
            return self;
        }
        - (void)finish {
            [self.queue addOperation:self.result];
        }
        @end
        """), ("Client.m", """
        @implementation Client
        - (void)waitFor:(Watcher *)watcher {
            NSBlockOperation *reply = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"reply"); }];
            [reply addDependency:watcher.result];
            [self.queue addOperation:reply];
        }
        @end
        """)])
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.map(\.name).sorted() == ["reply", "result"])
        #expect(c.operation("result")?.queue == "queue")
        #expect(c.edges == ["reply → result"])
    }

    @Test("A value a class method of the scanned code returns has the type it declares, a lookup's too (a service's getInstance()), and a shared instance's properties are followed")
    func valueOfALookupMethod() {
        let c = RealCodeCase([("Service.swift", """
        class Service {
            var commands = OperationQueue()
            let connect = BlockOperation { print("connect") }
            let follow = BlockOperation { print("follow") }
            let refresh = BlockOperation { print("refresh") }
            static let shared = Service()
            private static var instance: Service?
            static func getInstance() -> Service {
                if instance == nil { instance = Service() }
                return instance!
            }
        }
        """), ("Model.swift", """
        final class Model {
            var service = Service.getInstance()

            func connect() {
                service.follow.addDependency(service.connect)
                service.commands.addOperation(self.service.connect)
                service.commands.addOperation(service.follow)
            }

            func refresh() {
                Service.shared.commands.addOperation(Service.shared.refresh)
            }
        }
        """)])
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.map(\.queue) == ["commands", "commands", "commands"], "\(c.graph.operations.map(\.name))")
        #expect(c.edges == ["follow → connect"])
    }
}
