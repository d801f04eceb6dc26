import Testing
import OpLintCore
@testable import OpLintSource

/// Real bugs in the shapes public code writes them: reported, at the line of the
/// `addDependency` that closes the cycle or at the class that never finishes.
@Suite("Real code: the bugs that are there")
struct RealCodeFindingTests {
    @Test("A cycle built with MRC objects inside test macros (SenTestingKit)")
    func manualReferenceCountingCycleInMacros() {
        let c = RealCodeCase([("Step.h", """
        @interface Step : NSOperation
        - (void)addDependency:(NSOperation *)op;
        @end
        """), ("StepTests.m", """
        #import "Step.h"

        @implementation StepTests
        - (void)testCircularDependency {
            Step *first = [[[Step alloc] init] autorelease];
            Step *second = [[[Step alloc] init] autorelease];
            STAssertNoThrow([first addDependency:second], @"one way is fine");
            STAssertThrows([second addDependency:first], @"the other way closes a cycle");
        }
        @end
        """)])
        #expect(c.edges == ["first → second", "second → first"])
        #expect(c.findings("OPL101").map(\.location.line) == [7])
        // Nothing is started, so nothing waits forever: the never-started notes are warnings.
        #expect(c.alarms.filter { !$0.hasPrefix("OPL101") }.allSatisfy { $0.hasPrefix("OPL105") })
        #expect(c.findings("OPL105").allSatisfy { $0.severity == .warning })
        #expect(c.findings("OPL106").isEmpty)
    }

    @Test("A cycle built on members inside a closure (`$0.a = …; $0.a.addDependency($0.b)`)")
    func memberCycleInClosure() {
        let c = RealCodeCase("LockedTests.swift", """
        final class LockedTests: XCTestCase {
            func testCycleIsBrokenByCancel() {
                let queue = OperationQueue()
                let ops = Locked(Ops())
                ops.withLock {
                    $0.a = BlockOperation { print("a") }
                    $0.b = BlockOperation { print("b") }
                    $0.c = BlockOperation { print("c") }
                    $0.a.addDependency($0.b)
                    $0.b.addDependency($0.c)
                    $0.c.addDependency($0.a)
                    queue.addOperation($0.a)
                    queue.addOperation($0.b)
                    queue.addOperation($0.c)
                }
            }
        }
        """)
        #expect(c.edges == ["a → b", "b → c", "c → a"])
        #expect(c.findings("OPL101").map(\.location.line) == [9])
        #expect(c.graph.operations.allSatisfy { $0.queue == "queue" })
    }

    @Test("One Objective-C file alone, its operation class declared elsewhere: the uses make the graph")
    func singleFileWithClassDeclaredElsewhere() {
        let c = RealCodeCase("Loader.m", """
        #import "MyAsyncOperation.h"

        @implementation Loader
        - (void)load {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            MyAsyncOperation *op1 = [[MyAsyncOperation alloc] initWithURL:self.first];
            MyAsyncOperation *op2 = [[MyAsyncOperation alloc] initWithURL:self.second];
            [op1 addDependency:op2];
            [queue addOperation:op1];
            [queue addOperation:op2];
        }
        @end
        """)
        #expect(c.graph.operations.map(\.name) == ["op1", "op2"])
        #expect(c.edges == ["op1 → op2"])
        #expect(c.graph.operations.allSatisfy { $0.queue == "queue" && $0.kind == .custom })
        #expect(c.alarms.isEmpty, "\(c.alarms)")
    }

    @Test("The concurrency guide's operation that replaces start and never sets finished stalls a width-2 queue")
    func guideOperationNeverFinishes() {
        let c = RealCodeCase("Fetcher.m", """
        @interface LegacyFetch : NSOperation
        @property (readonly, getter=isFinished) BOOL finished;
        @property (readonly, getter=isExecuting) BOOL executing;
        @end

        @implementation LegacyFetch
        @synthesize finished = _finished;
        @synthesize executing = _executing;

        - (void)start {
            [self willChangeValueForKey:@"isExecuting"];
            _executing = YES;
            [self didChangeValueForKey:@"isExecuting"];
            [self main];
        }

        - (void)main {
            NSLog(@"fetching");
        }
        @end

        @implementation Fetcher
        - (void)fetchAll {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            queue.maxConcurrentOperationCount = 2;
            for (int i = 0; i < 10; i++) {
                LegacyFetch *fetch = [[LegacyFetch alloc] init];
                [queue addOperation:fetch];
            }
        }
        @end
        """)
        let op = c.operation("fetch")
        #expect(op?.count == 10)
        #expect(op?.finishes == false)
        let finding = c.findings("OPL206").first
        #expect(finding?.severity == .error)
        #expect(finding?.location.line == 27)
        // The class is where it is fixed.
        #expect(finding?.related.first?.location.line == 10)
        #expect(finding?.related.first?.message.contains("LegacyFetch replaces start()") == true)
    }

    @Test("Finishing is read from the whole class chain, and in doubt an operation finishes")
    func finishingEvidence() {
        func finishes(_ body: String, superclass: String = "Operation", extra: String = "") -> Bool? {
            let c = RealCodeCase("Job.swift", """
            \(extra)
            final class Job: \(superclass) {
                override func start() {
            \(body)
                }
            }
            func run(_ queue: OperationQueue) { queue.addOperation(Job()) }
            """)
            return c.graph.operations.first?.finishes
        }
        #expect(finishes("        print(1)") == false)
        #expect(finishes("        super.start()") == true)
        #expect(finishes("        state = .finished") == true)
        #expect(finishes("        finish()") == true)
        #expect(finishes("        completeOperation()") == true)
        #expect(finishes("        willChangeValue(forKey: state.keyPath)") == true)
        #expect(finishes("        willChangeValue(for: \\.isFinished)") == true)
        #expect(finishes("        willChangeValue(forKey: \"isExecuting\")") == false)
        // A superclass the scanner cannot see may finish it.
        #expect(finishes("        print(1)", superclass: "VendorOperation") == true)
        // A base class with a finish method counts for its subclasses.
        #expect(finishes("        print(1)", superclass: "Base", extra: "class Base: Operation { func finish() { } }") == true)
    }

    @Test("A property read in an if condition hands nothing on; a trailing closure call still does (pretixscan-ios, reduced)")
    func propertyReadInAConditionIsNotAHandOver() {
        let c = RealCodeCase("Sync.swift", """
        class Uploader: Operation {
            var shouldRepeat = false
            func perform(_ body: () -> Void) {}
        }
        func check() {
            let idle = Uploader()
            if idle.shouldRepeat { print("again") }
            while idle.isCancelled { break }
        }
        func handOver() {
            let busy = Uploader()
            busy.perform { print("elsewhere") }
        }
        """)
        // `idle` is built and read, never enqueued; `busy` goes to a method that may enqueue it.
        #expect(c.alarms == ["OPL105@Sync.swift:6"], "\(c.alarms)")
    }

    @Test("A subclass made with generic arguments or a trailing closure is an operation of the graph (nova-wallet-ios, woocommerce-ios, reduced)")
    func genericAndTrailingClosureCreations() {
        let c = RealCodeCase("Wallet.swift", """
        class ClosureOperation<T>: Operation {
            init(result: @escaping () -> T) { super.init() }
        }
        class SyncOperation: Operation {
            init(work: @escaping () -> Void) { super.init() }
        }
        func refresh() {
            let queue = OperationQueue()
            let balance = ClosureOperation<[String: Int]>(result: { [:] })
            let sync = SyncOperation { print("sync") }
            let show = BlockOperation { }
            show.addDependency(balance)
            show.addDependency(sync)
            queue.addOperations([show, sync], waitUntilFinished: false)
        }
        """)
        // `balance` is never enqueued and `show` waits for it; `sync` is.
        #expect(c.alarms.sorted() == ["OPL105@Wallet.swift:9", "OPL106@Wallet.swift:11"], "\(c.alarms)")
        #expect(Set(c.edges) == ["show → balance", "show → sync"], "\(c.edges)")
    }
}
