import Testing
import OpLintCore
@testable import OpLintSource

/// What a round of small hand-written cases showed the tool wrong about: settings made in
/// another file of a type, main-thread life cycles beyond UIKit's view controllers, classes
/// nested in other types, `cancelAllOperations()` where the operations are added, and a
/// cancelled dependency that is never started.
@Suite("Hand-written cases")
struct HandWrittenCaseTests {
    @Test("A queue suspended in one file and resumed in an extension in another is not suspended for ever")
    func resumedInAnotherFile() {
        let player = ("Player.swift", """
        final class Player {
            let loadQueue = OperationQueue()
            func prepare() {
                loadQueue.isSuspended = true
                loadQueue.addOperation { print("buffer") }
            }
        }
        """)
        let resume = ("Player+Playback.swift", """
        extension Player {
            func play() {
                loadQueue.isSuspended = false
            }
        }
        """)
        let both = RealCodeCase([player, resume])
        #expect(both.alarms.isEmpty, "\(both.alarms)")
        #expect(both.graph.sourceFacts.coverage?.filesUsingOperations == 2)
        // Without the file that resumes it, the queue holds its operation back for ever.
        let alone = RealCodeCase([player])
        #expect(alone.findings("OPL205").count == 1)
    }

    @Test("The same with an Objective-C category that sends setSuspended:NO or sets .suspended")
    func resumedInACategory() {
        let header = ("Loader.h", """
        @interface Loader : NSObject
        @property (nonatomic, strong) NSOperationQueue *queue;
        @end
        """)
        let loader = ("Loader.m", """
        @implementation Loader
        - (instancetype)init {
            if ((self = [super init])) {
                _queue = [[NSOperationQueue alloc] init];
                [_queue setSuspended:YES];
                [_queue addOperationWithBlock:^{ NSLog(@"load"); }];
            }
            return self;
        }
        @end
        """)
        #expect(RealCodeCase([header, loader]).findings("OPL205").count == 1)
        for resume in ["[self.queue setSuspended:NO];", "self.queue.suspended = NO;"] {
            let category = ("Loader+Resume.m", """
            @implementation Loader (Resume)
            - (void)resume {
                \(resume)
            }
            @end
            """)
            let c = RealCodeCase([header, loader, category])
            #expect(c.findings("OPL205").isEmpty, "\(resume): \(c.alarms)")
        }
    }

    @Test("A queue's quality of service set in another file of its type counts")
    func qualityOfServiceInAnotherFile() {
        let c = RealCodeCase([("Gallery.swift", """
        final class Gallery {
            let screenQueue = OperationQueue()
            let prefetchQueue = OperationQueue()
            func show() {
                let thumbnails = BlockOperation { }
                let render = BlockOperation { }
                render.qualityOfService = .userInteractive
                render.addDependency(thumbnails)
                prefetchQueue.addOperation(thumbnails)
                screenQueue.addOperation(render)
            }
        }
        """), ("Gallery+Setup.swift", """
        extension Gallery {
            func setUp() {
                prefetchQueue.qualityOfService = .background
            }
        }
        """)])
        let inversions = c.findings("OPL209")
        #expect(inversions.count == 1)
        #expect(inversions.first?.message.contains("effective QoS background") == true, "\(inversions.map(\.message))")
    }

    @Test("AppKit's, the application delegate's and the scene delegate's life-cycle methods run on the main thread",
          arguments: [
              "override func viewWillAppear()", "override func viewDidAppear()", "override func windowDidLoad()",
              "func applicationDidFinishLaunching(_ notification: Notification)", "func applicationWillTerminate(_ application: UIApplication)",
              "func applicationDidEnterBackground(_ application: UIApplication)", "func sceneDidEnterBackground(_ scene: UIScene)",
              "func sceneWillEnterForeground(_ scene: UIScene)",
          ])
    func lifeCycleMethods(signature: String) {
        let c = RealCodeCase("Controller.swift", """
        final class Controller: NSObject {
            let saveQueue = OperationQueue()
            \(signature) {
                saveQueue.addOperation { print("save") }
                saveQueue.waitUntilAllOperationsAreFinished()
                DispatchQueue.main.sync { print("refresh") }
            }
        }
        """)
        #expect(c.findings("OPL203").map(\.location.line) == [5], "\(signature): \(c.alarms)")
        #expect(c.findings("OPL208").map(\.location.line) == [6], "\(signature): \(c.alarms)")
        // Any other method name says nothing about its thread.
        let other = RealCodeCase("Controller.swift", """
        final class Controller: NSObject {
            let saveQueue = OperationQueue()
            func flush() {
                saveQueue.addOperation { print("save") }
                saveQueue.waitUntilAllOperationsAreFinished()
            }
        }
        """)
        #expect(other.findings("OPL203").isEmpty)
    }

    @Test("The same for Objective-C: applicationWillTerminate:, viewWillAppear and sceneDidEnterBackground:")
    func objectiveCLifeCycleMethods() {
        for selector in ["- (void)applicationWillTerminate:(NSNotification *)note", "- (void)viewWillAppear", "- (void)sceneDidEnterBackground:(UIScene *)scene"] {
            let c = RealCodeCase("AppDelegate.m", """
            @implementation AppDelegate
            - (void)setUp {
                self.saveQueue = [[NSOperationQueue alloc] init];
            }
            \(selector) {
                [self.saveQueue addOperationWithBlock:^{ NSLog(@"save"); }];
                [self.saveQueue waitUntilAllOperationsAreFinished];
            }
            @end
            """)
            #expect(c.findings("OPL203").map(\.location.line) == [7], "\(selector): \(c.alarms)")
        }
    }

    @Test("An operation class nested in another type, created through that type's name, is an operation")
    func nestedOperationClass() {
        let c = RealCodeCase("API.swift", """
        enum API {
            final class RefreshOperation: Operation {
                override func main() {}
            }
        }
        final class Sync {
            let queue = OperationQueue()
            func run() {
                let refresh = API.RefreshOperation()
                let apply = BlockOperation { }
                apply.addDependency(refresh)
                queue.addOperation(apply)
            }
        }
        """)
        #expect(c.operation("refresh") != nil, "\(c.graph.operations.map(\.name))")
        #expect(c.edges == ["apply → refresh"])
        #expect(c.findings("OPL105").map(\.operations) == [["refresh", "apply"]], "\(c.alarms)")
        #expect(c.findings("OPL106").count == 1)
        // Named with its module, too; a qualifier that is itself an operation class stays one.
        let module = RealCodeCase("Module.swift", """
        final class Fetch: Operation {}
        func launch(on queue: OperationQueue) {
            let fetch = Networking.Fetch()
            queue.addOperation(fetch)
            let options = OperationQueue.SchedulerOptions(priority: .high)
            print(options)
        }
        """)
        #expect(module.graph.operations.map(\.name) == ["fetch"])
        #expect(module.alarms.isEmpty, "\(module.alarms)")
    }

    @Test("cancelAllOperations() in the code that adds the operations cancels them where they are added")
    func cancelAllWhereAdded() {
        func teardown(_ body: String) -> RealCodeCase {
            RealCodeCase("Teardown.swift", """
            final class Teardown {
                let queue = OperationQueue()
                func run() {
                    let a = BlockOperation { }
                    let b = BlockOperation { }
                    a.addDependency(b)
                    b.addDependency(a)
            \(body)
                }
                func stop() {
                    queue.cancelAllOperations()
                }
            }
            """)
        }
        // Cancelled before the queue can start them, they finish without their dependencies (S6).
        let after = teardown("""
                queue.addOperations([a, b], waitUntilFinished: false)
                queue.cancelAllOperations()
        """)
        #expect(after.findings("OPL101").map(\.severity) == [.note], "\(after.alarms)")
        #expect(after.graph.events.count == 2)
        // Cancelled before they are added, or at a time the scanner cannot tell (`stop()`), nothing changes.
        let before = teardown("""
                queue.cancelAllOperations()
                queue.addOperations([a, b], waitUntilFinished: false)
        """)
        #expect(before.findings("OPL101").map(\.severity) == [.error])
        #expect(before.graph.events.isEmpty)
        // Another queue's cancellation cancels nothing of this one.
        let other = teardown("""
                queue.addOperations([a, b], waitUntilFinished: false)
                OperationQueue().cancelAllOperations()
        """)
        #expect(other.findings("OPL101").map(\.severity) == [.error])
    }

    @Test("A cancelled dependency that is never started holds its dependents back; OPL304 does not say they run")
    func cancelledDependencyNeverStarted() {
        let idle = RealCodeCase("Idle.swift", """
        final class Idle {
            let queue = OperationQueue()
            func run() {
                let warmup = BlockOperation { }
                let work = BlockOperation { }
                work.addDependency(warmup)
                warmup.cancel()
                queue.addOperation(work)
            }
        }
        """)
        #expect(idle.findings("OPL304").isEmpty, "\(idle.findings("OPL304").map(\.message))")
        #expect(idle.findings("OPL105").count == 1)
        #expect(idle.findings("OPL106").count == 1)
        // Enqueued, the cancelled operation finishes and its dependent runs: OPL304 says so.
        let queued = RealCodeCase("Queued.swift", """
        final class Queued {
            let queue = OperationQueue()
            func run() {
                let warmup = BlockOperation { }
                let work = BlockOperation { }
                work.addDependency(warmup)
                queue.addOperations([warmup, work], waitUntilFinished: false)
                warmup.cancel()
            }
        }
        """)
        #expect(queued.findings("OPL304").map(\.operations) == [["warmup", "work"]])
    }

    @Test("A queue class whose initializer makes it serial makes serial queues, and so do its subclasses")
    func serialQueueClass() {
        func pipeline(_ queueClass: String, after: String = "") -> RealCodeCase {
            RealCodeCase([("SerialQueue.swift", queueClass), ("Pipeline.swift", """
            final class Pipeline {
                let queue = LoggingQueue()
                func run() {
                    \(after)
                    var decode: Operation?
                    let fetch = BlockOperation { print("fetch") }
                    decode = BlockOperation { fetch.waitUntilFinished() }
                    queue.addOperation(decode!)
                    queue.addOperation(fetch)
                }
            }
            """)])
        }
        let serial = """
        class SerialQueue: OperationQueue {
            override init() {
                super.init()
                maxConcurrentOperationCount = 1
            }
        }
        final class LoggingQueue: SerialQueue {}
        """
        // `decode` waits for `fetch`, added after it to the same serial queue (S19).
        let c = pipeline(serial)
        #expect(c.graph.queues.map(\.maxConcurrentOperationCount) == [1])
        #expect(c.findings("OPL201").count == 1, "\(c.alarms)")
        // A width set on the queue after it is made wins, as it does at run time.
        #expect(pipeline(serial, after: "queue.maxConcurrentOperationCount = 4").findings("OPL201").isEmpty)
        // Without the setting, or with one only in a branch, the queue is as wide as the default.
        let wide = pipeline("""
        class SerialQueue: OperationQueue {
            init(serial: Bool) {
                super.init()
                if serial { maxConcurrentOperationCount = 1 }
            }
        }
        final class LoggingQueue: SerialQueue {}
        """)
        #expect(wide.findings("OPL201").isEmpty)
        #expect(wide.graph.queues.allSatisfy { $0.maxConcurrentOperationCount != 1 }, "\(wide.graph.queues.map(\.maxConcurrentOperationCount))")
        // A width the scanner cannot read is a note, and the default is assumed.
        let unknown = pipeline("""
        class SerialQueue: OperationQueue {
            init(width: Int) {
                super.init()
                maxConcurrentOperationCount = width
            }
        }
        final class LoggingQueue: SerialQueue {}
        """)
        #expect(unknown.findings("OPL201").isEmpty)
        let notes = unknown.graph.sourceFacts.unresolved.map(\.message)
        #expect(notes.contains { $0.contains("initializer of LoggingQueue sets (SerialQueue.swift:4)") }, "\(notes)")
    }

    @Test("The same in Objective-C, in the usual `if ((self = [super init]))` body")
    func objectiveCSerialQueueClass() {
        let c = RealCodeCase([("SerialQueue.h", """
        @interface SerialQueue : NSOperationQueue
        @end
        """), ("SerialQueue.m", """
        @implementation SerialQueue
        - (instancetype)init {
            if ((self = [super init])) {
                [self setMaxConcurrentOperationCount:1];
            }
            return self;
        }
        @end
        """), ("Importer.m", """
        @implementation Importer
        - (void)run {
            NSOperationQueue *queue = [[SerialQueue alloc] init];
            NSBlockOperation *parse = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"parse"); }];
            NSBlockOperation *save = [NSBlockOperation blockOperationWithBlock:^{ [parse waitUntilFinished]; }];
            [queue addOperation:save];
            [queue addOperation:parse];
        }
        @end
        """)])
        // The class's own `self` is a queue of its own in the scan; both are serial.
        #expect(c.graph.queues.allSatisfy { $0.maxConcurrentOperationCount == 1 }, "\(c.graph.queues.map(\.maxConcurrentOperationCount))")
        #expect(c.findings("OPL201").count == 1, "\(c.alarms)")
    }

    @Test("Every word of the operation API makes a file worth the second pass")
    func everyAPIWordIsNoted() {
        for word in OperationAPIWords.all {
            let bytes = Array(word.utf8)
            let matched = bytes.withUnsafeBufferPointer { OperationAPIWords.matches($0) }
            #expect(matched, "\(word)")
            #expect(NotedWords.mayBeOne(length: bytes.count, first: bytes[0], in: NotedWords.table), "\(word)")
        }
        let near = Array("isSuspend".utf8)
        #expect(!near.withUnsafeBufferPointer { OperationAPIWords.matches($0) })
    }
}
