import Testing
import OpLintCore
@testable import OpLintSource

/// Hand-written probes of idioms met in the eleventh pass over public repositories, in our own words.
extension RealCodeFalseAlarmTests {
    @Test("The main thread tested through the current thread is a thread check (OPL208)")
    func currentThreadChecks() {
        let c = RealCodeCase("Badge.m", """
        @implementation BadgeViewController
        - (void)viewDidLoad {
            [super viewDidLoad];
            if (![[NSThread currentThread] isMainThread]) {
                dispatch_sync(dispatch_get_main_queue(), ^{ self.title = @"a"; });
            }
            if (!NSThread.currentThread.isMainThread) {
                dispatch_sync(dispatch_get_main_queue(), ^{ self.title = @"b"; });
            }
            if ([[NSThread currentThread] isMainThread]) {
                dispatch_sync(dispatch_get_main_queue(), ^{ self.title = @"c"; });
            }
        }
        @end
        """)
        // Only the sync behind the test that holds on the main thread deadlocks.
        #expect(c.alarms == ["OPL208@Badge.m:11"], "\(c.alarms)")
        let swift = RealCodeCase("Badge.swift", """
        final class BadgeViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                if !Thread.current.isMainThread {
                    DispatchQueue.main.sync { title = "a" }
                }
            }
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
    }

    @Test("A wait behind a check that the code runs off the main thread blocks no main thread (OPL201, OPL203)")
    func waitsBehindAThreadCheck() {
        let c = RealCodeCase("Shelf.m", """
        @interface ShelfViewController : UIViewController
        @property (nonatomic, strong) NSOperationQueue *disk;
        @end
        @implementation ShelfViewController
        - (void)viewWillAppear:(BOOL)animated {
            [super viewWillAppear:animated];
            NSBlockOperation *refresh = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"refresh"); }];
            if ([NSThread isMainThread]) {
                [refresh start];
            } else {
                [[NSOperationQueue mainQueue] addOperations:@[refresh] waitUntilFinished:YES];
            }
        }
        - (void)viewWillDisappear:(BOOL)animated {
            [super viewWillDisappear:animated];
            if (![NSThread isMainThread]) {
                [self.disk waitUntilAllOperationsAreFinished];
            }
            [self.disk waitUntilAllOperationsAreFinished];
        }
        @end
        """)
        // Only the wait outside the check is on the main thread.
        #expect(c.alarms == ["OPL203@Shelf.m:19"], "\(c.alarms)")
    }

    @Test("A start by hand behind a test that the operation is ready is no early start (OPL303)")
    func startBehindIsReady() {
        let c = RealCodeCase("Kick.swift", """
        func kick(queue: OperationQueue) {
            let warm = BlockOperation { print("warm") }
            let serve = BlockOperation { print("serve") }
            serve.addDependency(warm)
            queue.addOperation(warm)
            if serve.isReady { serve.start() }
            let late = BlockOperation { print("late") }
            late.addDependency(warm)
            if !late.isReady { late.start() }
            let other = BlockOperation { print("other") }
            other.addDependency(warm)
            if warm.isReady { other.start() }
        }
        """)
        #expect(c.findings("OPL303").map(\.location.line) == [9, 12], "\(c.alarms)")
        let objc = RealCodeCase("Kicker.m", """
        @implementation Kicker
        - (void)kick {
            NSOperationQueue *queue = [NSOperationQueue new];
            NSBlockOperation *warm = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"warm"); }];
            NSBlockOperation *serve = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"serve"); }];
            [serve addDependency:warm];
            [queue addOperation:warm];
            if ([serve isReady]) {
                [serve start];
            }
        }
        @end
        """)
        #expect(objc.findings("OPL303").isEmpty, "\(objc.alarms)")
    }

    @Test("sync on a value of a type with its own sync method is no GCD queue (a wrapper that runs the block at once on its queue)")
    func wrapperWithItsOwnSync() {
        let c = RealCodeCase("Lane.swift", """
        final class Lane {
            static let shared = Lane()
            private let q = DispatchQueue(label: "lane")
            func sync(_ work: () -> Void) { isCurrent ? work() : q.sync(execute: work) }
        }
        protocol Syncing { func sync(_ work: () -> Void) }

        let lane = Lane()

        func a() { Lane.shared.sync { Lane.shared.sync { print("a") } } }
        func b() { lane.sync { lane.sync { print("b") } } }
        func d(s: Syncing) { s.sync { s.sync { print("d") } } }
        func e() {
            let real = DispatchQueue(label: "real")
            real.sync { real.sync { print("e") } }
        }
        """)
        // Only the real dispatch queue deadlocks.
        #expect(c.alarms == ["OPL208@Lane.swift:15"], "\(c.alarms)")
    }

    @Test("A loop over a list written out, with a where clause or a case pattern, enqueues each operation of the list")
    func loopsWithWhereAndCasePatterns() {
        let c = RealCodeCase("Loader.swift", """
        final class Loader {
            let work = OperationQueue()

            func filtered() {
                let download = BlockOperation { print("download") }
                let decode = BlockOperation { print("decode") }
                decode.addDependency(download)
                for step in [download, decode] where !step.isCancelled {
                    work.addOperation(step)
                }
            }

            func cast() {
                let fetch = BlockOperation { print("fetch") }
                let parse = BlockOperation { print("parse") }
                for case let step as Operation in [fetch, parse] {
                    work.addOperation(step)
                }
            }

            func unwrapped() {
                let first = BlockOperation { print("first") }
                let second: BlockOperation? = BlockOperation { print("second") }
                for case let step? in [first, second] {
                    work.addOperation(step)
                }
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 6)
        #expect(c.graph.operations.allSatisfy { $0.queue == "work" }, "\(c.graph.operations.map { "\($0.name) \($0.queue ?? "-")" })")
    }
}
