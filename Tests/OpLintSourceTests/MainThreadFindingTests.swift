import Testing
import OpLintCore
@testable import OpLintSource

/// Waits and `sync` calls on the main thread in extracted source: what blocks it (OPL203), what
/// never returns (OPL201, OPL208).
@Suite("Main thread in source")
struct MainThreadFindingTests {
    @Test("Code on the main thread that adds operations to the main queue and waits for them deadlocks (OPL201)")
    func mainThreadWaitsForTheMainQueue() {
        let c = RealCodeCase("Settings.swift", """
        final class SettingsViewController: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                let reload = BlockOperation { print("reload") }
                let refresh = BlockOperation { print("refresh") }
                OperationQueue.main.addOperations([reload, refresh], waitUntilFinished: true)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                OperationQueue.main.addOperation { print("x") }
                OperationQueue.main.waitUntilAllOperationsAreFinished()
            }
        }
        """)
        let deadlocks = c.findings("OPL201")
        #expect(deadlocks.map(\.location.line) == [6, 11], "\(deadlocks.map(\.message))")
        #expect(deadlocks.allSatisfy { $0.severity == .error })
        #expect(deadlocks.first?.operations == ["reload", "refresh"])
        #expect(deadlocks.first?.message.contains("adds “reload”, “refresh” to main queue") == true, "\(deadlocks.first?.message ?? "")")
        // Blocking the main thread is OPL203's, once per call.
        #expect(c.findings("OPL203").map(\.location.line) == [6, 11])
    }

    @Test("A wait on the main thread for an operation of another queue, or one added elsewhere, is no deadlock")
    func otherWaitsAreNoDeadlock() {
        let c = RealCodeCase("Feed.swift", """
        final class FeedViewController: UIViewController {
            let queue = OperationQueue()
            var pending: Operation?
            override func viewDidLoad() {
                super.viewDidLoad()
                let a = BlockOperation { print("a") }
                queue.addOperations([a], waitUntilFinished: true)
            }
            func prepare() {
                let op = BlockOperation { }
                OperationQueue.main.addOperation(op)
                pending = op
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                pending?.waitUntilFinished()
            }
        }
        """)
        #expect(c.findings("OPL201").isEmpty, "\(c.findings("OPL201").map(\.message))")
        #expect(c.findings("OPL203").map(\.location.line) == [7, 16])
    }

    @Test("DispatchQueue.main.sync in the block of an operation the main queue runs deadlocks (OPL208)")
    func mainSyncInAMainQueueOperation() {
        let swift = RealCodeCase("Reporter.swift", """
        final class Reporter {
            func report() {
                OperationQueue.main.addOperation {
                    DispatchQueue.main.sync { print("done") }
                }
                let background = OperationQueue()
                background.addOperation {
                    DispatchQueue.main.sync { print("fine") }
                }
            }
        }
        """)
        #expect(swift.findings("OPL208").map(\.location.line) == [4])
        let objectiveC = RealCodeCase("Banner.m", """
        @implementation Banner
        - (void)show {
            NSBlockOperation *op = [NSBlockOperation blockOperationWithBlock:^{
                dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"show"); });
            }];
            [[NSOperationQueue mainQueue] addOperation:op];
        }
        @end
        """)
        #expect(objectiveC.findings("OPL208").map(\.location.line) == [4])
    }

    @Test("A Task started on the main actor, and MainActor.run, are main-thread code; Task.detached and a Task from a dispatch block are not")
    func tasksAndMainActorRun() {
        let c = RealCodeCase("Model.swift", """
        @MainActor
        final class ViewModel {
            let queue = OperationQueue()
            func reload() {
                queue.addOperation { print("fetch") }
                Task {
                    queue.waitUntilAllOperationsAreFinished()
                }
                Task.detached {
                    self.queue.waitUntilAllOperationsAreFinished()
                }
            }
        }
        final class Store {
            let queue = OperationQueue()
            func save() async {
                queue.addOperation { print("save") }
                await MainActor.run {
                    queue.waitUntilAllOperationsAreFinished()
                }
                DispatchQueue.main.async {
                    Task { self.queue.waitUntilAllOperationsAreFinished() }
                }
            }
        }
        """)
        #expect(c.findings("OPL203").map(\.location.line) == [7, 19], "\(c.findings("OPL203").map(\.message))")
    }

    @Test("An enqueue onto the main queue in one branch and a wait in another are no deadlock")
    func mainQueueEnqueueInASiblingBranch() {
        let c = RealCodeCase("Photo.swift", """
        final class PhotoViewController: UIViewController {
            let background = OperationQueue()
            var isSmall = true
            override func viewDidLoad() {
                super.viewDidLoad()
                let decode = BlockOperation { print("decode") }
                if isSmall {
                    OperationQueue.main.addOperation(decode)
                } else {
                    background.addOperation(decode)
                    decode.waitUntilFinished()
                }
            }
        }
        """)
        #expect(c.findings("OPL201").isEmpty, "\(c.findings("OPL201").map(\.message))")
        #expect(c.findings("OPL203").map(\.location.line) == [11])
    }

    @Test("DispatchQueue.main.sync behind a check that the code is off the main thread is no deadlock (TaskExplorer)")
    func syncBehindAThreadCheck() {
        let swift = RealCodeCase("Pane.swift", """
        final class PaneController: UIViewController {
            @IBAction func a(_ sender: Any?) {
                if Thread.isMainThread {
                    DispatchQueue.main.sync { print("deadlock") }
                } else {
                    DispatchQueue.main.sync { print("fine") }
                }
            }
            @IBAction func b(_ sender: Any?) {
                guard Thread.isMainThread else {
                    DispatchQueue.main.sync { print("fine") }
                    return
                }
                DispatchQueue.main.sync { print("deadlock") }
            }
            @IBAction func c(_ sender: Any?) {
                if !Thread.isMainThread {
                    DispatchQueue.main.sync { print("fine") }
                }
            }
        }
        """)
        #expect(swift.findings("OPL208").map(\.location.line) == [4, 14])
        let objectiveC = RealCodeCase("Pane.m", """
        @implementation PaneController
        - (IBAction)refreshPane:(id)sender {
            if (![NSThread isMainThread]) {
                dispatch_sync(dispatch_get_main_queue(), ^{ [self.spinner startAnimation:nil]; });
            } else {
                [self.spinner startAnimation:nil];
            }
            if (YES != [NSThread isMainThread]) {
                dispatch_sync(dispatch_get_main_queue(), ^{ [self.spinner stopAnimation:nil]; });
            }
        }
        @end
        """)
        #expect(objectiveC.findings("OPL208").isEmpty, "\(objectiveC.findings("OPL208").map(\.message))")
    }

    @Test("After a branch that runs only on the main thread and leaves, the code runs off it: no deadlock; a branch that may not leave changes nothing")
    func syncAfterAnEarlyExit() {
        let c = RealCodeCase("Early.swift", """
        final class Screen: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                guard !Thread.isMainThread else { apply(); return }
                DispatchQueue.main.sync { self.apply() }
            }
            override func viewDidAppear(_ animated: Bool) {
                if Thread.isMainThread { apply(); return }
                DispatchQueue.main.sync { self.apply() }
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                guard Thread.isMainThread else { return }
                DispatchQueue.main.sync { self.apply() }
            }
            override func viewWillDisappear(_ animated: Bool) {
                if Thread.isMainThread { if Bool.random() { return } }
                DispatchQueue.main.sync { self.apply() }
            }
            override func viewDidDisappear(_ animated: Bool) {
                if Thread.isMainThread { apply() }
                DispatchQueue.main.sync { self.apply() }
            }
            func apply() {}
        }
        """)
        #expect(c.findings("OPL208").map(\.location.line) == [14, 18, 22], "\(c.findings("OPL208").map(\.message))")
        let objectiveC = RealCodeCase("Early.m", """
        @implementation Screen
        - (void)viewDidLoad {
            [super viewDidLoad];
            if ([NSThread isMainThread]) {
                [self apply];
                return;
            }
            dispatch_sync(dispatch_get_main_queue(), ^{ [self apply]; });
        }
        @end
        """)
        #expect(objectiveC.findings("OPL208").isEmpty, "\(objectiveC.findings("OPL208").map(\.message))")
    }

    @Test("A main-queue operation that waits for the main queue: the deadlock names no made-up place for the main queue")
    func mainQueueWaitsForItself() {
        let c = RealCodeCase("Flush.swift", """
        func flushUI() {
            OperationQueue.main.addOperation {
                OperationQueue.main.waitUntilAllOperationsAreFinished()
            }
        }
        """)
        let deadlock = c.findings("OPL201")
        #expect(deadlock.count == 1)
        #expect(deadlock.first?.related.map(\.location.file) == ["Flush.swift"], "\(deadlock.first?.related.map(\.location) ?? [])")
    }
}
