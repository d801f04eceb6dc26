import Testing
import OpLintCore
@testable import OpLintSource

/// False findings of a thirteenth pass over public repositories, in our own words.
extension RealCodeFalseAlarmTests {
    @Test("An operation whose main() may cancel it, run with op.main() by the calling code, is run (OPL105)")
    func mainCalledInline() {
        let c = RealCodeCase("Checksum.swift", """
        import Foundation

        final class Checksum: Operation {
            var input = Data()
            var onDone: ((Int) -> Void)?
            override func main() {
                guard !input.isEmpty else { cancel(); return }
                onDone?(input.count)
            }
        }

        final class ChecksumTests {
            func testSum() {
                let sum = Checksum()
                sum.input = Data([1, 2])
                sum.onDone = { print($0) }
                sum.main()
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        let objc = RealCodeCase("Checksum.m", """
        @interface Checksum : NSOperation
        @property (nonatomic, copy) NSData *input;
        @end
        @implementation Checksum
        - (void)main {
            if (self.input.length == 0) { [self cancel]; return; }
            NSLog(@"%lu", (unsigned long)self.input.length);
        }
        @end
        @implementation ChecksumTests
        - (void)testSum {
            Checksum *sum = [[Checksum alloc] init];
            sum.input = [NSData data];
            [sum main];
        }
        @end
        """)
        #expect(objc.alarms.isEmpty, "\(objc.alarms)")
        // Made and never run, the same operation is still reported.
        let idle = RealCodeCase("Idle.swift", """
        import Foundation

        final class Checksum: Operation {
            override func main() { if isCancelled { return }; cancel() }
        }

        final class Holder {
            func make() {
                let sum = Checksum()
                print(sum.name ?? "")
            }
        }
        """)
        #expect(idle.alarms == ["OPL105@Idle.swift:9"], "\(idle.alarms)")
    }

    @Test("An operation started by hand runs to its end first: a wait after it blocks nothing (OPL203)")
    func waitAfterSynchronousStart() {
        let c = RealCodeCase("Report.m", """
        @implementation ReportController
        - (void)viewDidLoad {
            [super viewDidLoad];
            NSBlockOperation *build = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"header"); }];
            [build addExecutionBlock:^{ NSLog(@"rows"); }];
            [build start];
            [build waitUntilFinished];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        // Waited for before it is started elsewhere, it blocks the main thread.
        let waiting = RealCodeCase("Report.m", """
        @implementation ReportController
        - (void)viewDidLoad {
            [super viewDidLoad];
            NSBlockOperation *build = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"header"); }];
            [[NSOperationQueue new] addOperation:build];
            [build waitUntilFinished];
        }
        @end
        """)
        #expect(waiting.alarms == ["OPL203@Report.m:6"], "\(waiting.alarms)")
    }

    @Test("An operation cancelled before it is started by hand is ready, whatever its dependencies (OPL303)")
    func startAfterCancel() {
        let c = RealCodeCase("Skip.m", """
        @implementation Skipper
        - (void)skip {
            NSBlockOperation *fetch = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"fetch"); }];
            NSBlockOperation *parse = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"parse"); }];
            [parse addDependency:fetch];
            [parse cancel];
            [parse start];
            [[NSOperationQueue new] addOperation:fetch];
        }
        @end
        """)
        #expect(c.findings("OPL303").isEmpty, "\(c.alarms)")
        // Cancelled after the start, it was not ready when started.
        let late = RealCodeCase("Skip.m", """
        @implementation Skipper
        - (void)skip {
            NSBlockOperation *fetch = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"fetch"); }];
            NSBlockOperation *parse = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"parse"); }];
            [parse addDependency:fetch];
            [parse start];
            [parse cancel];
            [[NSOperationQueue new] addOperation:fetch];
        }
        @end
        """)
        #expect(late.findings("OPL303").map(\.location.line) == [6], "\(late.alarms)")
    }

    @Test("Manual reference counting: [op autorelease] and [[op retain] autorelease] are the operation (OPL105)")
    func autoreleasedOperation() {
        let c = RealCodeCase("Feed.m", """
        @implementation Feed
        - (void)reload {
            NSBlockOperation *download = [[NSBlockOperation alloc] init];
            NSBlockOperation *render = [[NSBlockOperation alloc] init];
            [render addDependency:download];
            [_queue addOperation:[download autorelease]];
            [_queue addOperation:[[render retain] autorelease]];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.map(\.start) == [.queue, .queue], "\(c.graph.operations.map(\.start))")
    }

    @Test("A selector named like an operation's variable is no use of the variable (a missed OPL105)")
    func selectorNamedLikeVariable() {
        let objc = RealCodeCase("Sync.m", """
        @implementation Sync
        - (void)go {
            NSOperationQueue *queue = [NSOperationQueue new];
            NSInvocationOperation *upload = [[NSInvocationOperation alloc] initWithTarget:self selector:@selector(upload) object:nil];
            NSBlockOperation *notify = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"notify"); }];
            [notify addDependency:upload];
            [queue addOperation:notify];
        }
        - (void)upload {}
        @end
        """)
        #expect(objc.alarms == ["OPL105@Sync.m:4", "OPL106@Sync.m:5"], "\(objc.alarms)")
        let swift = RealCodeCase("Sync.swift", """
        import Foundation

        final class Sync: NSObject {
            let queue = OperationQueue()
            func go() {
                let upload = BlockOperation { }
                let timer = Timer(timeInterval: 1, target: self, selector: #selector(upload), userInfo: nil, repeats: false)
                let notify = BlockOperation { print(timer) }
                notify.addDependency(upload)
                queue.addOperation(notify)
            }
            @objc func upload() {}
        }
        """)
        #expect(swift.alarms == ["OPL105@Sync.swift:6", "OPL106@Sync.swift:8"], "\(swift.alarms)")
    }

    @Test("A block sent with sync holds the thread that sent it: a wait or a main-queue sync in it (OPL203, OPL208)")
    func syncBlockKeepsTheCallersThread() {
        let c = RealCodeCase("Stats.swift", """
        import UIKit

        final class StatsViewController: UIViewController {
            let queue = OperationQueue()
            override func viewDidLoad() {
                super.viewDidLoad()
                queue.addOperation { print("stats") }
                DispatchQueue.global().sync {
                    self.queue.waitUntilAllOperationsAreFinished()
                }
                DispatchQueue.global(qos: .utility).sync {
                    DispatchQueue.main.sync { self.title = "x" }
                }
            }
        }
        """)
        #expect(c.alarms == ["OPL203@Stats.swift:9", "OPL208@Stats.swift:12"], "\(c.alarms)")
        // Sent with async, or nested on a global queue, they hold nothing.
        let later = RealCodeCase("Stats.swift", """
        import UIKit

        final class StatsViewController: UIViewController {
            let queue = OperationQueue()
            override func viewDidLoad() {
                super.viewDidLoad()
                queue.addOperation { print("stats") }
                DispatchQueue.global().async {
                    self.queue.waitUntilAllOperationsAreFinished()
                    DispatchQueue.global().sync { DispatchQueue.global().sync { print("inner") } }
                }
            }
        }
        """)
        #expect(later.alarms.isEmpty, "\(later.alarms)")
    }

    @Test("DispatchQueue.main.sync in main() of an operation the main queue runs deadlocks (OPL208)")
    func mainSyncInSubclassOnTheMainQueue() {
        let source = """
        import Foundation

        final class RefreshOperation: Operation {
            override func main() {
                DispatchQueue.main.sync { print("refresh") }
            }
        }

        final class Screen {
            let background = OperationQueue()
            func refresh() { QUEUE.addOperation(RefreshOperation()) }
        }
        """
        let main = RealCodeCase("Refresh.swift", source.replacingOccurrences(of: "QUEUE", with: "OperationQueue.main"))
        #expect(main.alarms == ["OPL208@Refresh.swift:5"], "\(main.alarms)")
        let background = RealCodeCase("Refresh.swift", source.replacingOccurrences(of: "QUEUE", with: "background"))
        #expect(background.alarms.isEmpty, "\(background.alarms)")
    }

    @Test("A finding's message names no section of the specification")
    func messagesWithoutSpecificationReferences() {
        let c = RealCodeCase("Abort.m", """
        @implementation Abort
        - (void)go {
            NSOperationQueue *queue = [NSOperationQueue new];
            NSBlockOperation *login = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"login"); }];
            NSBlockOperation *sync = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"sync"); }];
            [sync addDependency:login];
            [queue addOperation:sync];
            [sync cancel];
        }
        @end
        """)
        let messages = c.result.reported.map(\.message)
        #expect(messages.contains { $0.contains("may be cancelled first") }, "\(messages)")
        #expect(!messages.contains { $0.range(of: #"\(S[0-9]+\)"#, options: .regularExpression) != nil }, "\(messages)")
    }
}
