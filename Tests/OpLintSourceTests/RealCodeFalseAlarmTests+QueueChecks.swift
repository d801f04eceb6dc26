import Testing
import OpLintCore
@testable import OpLintSource

/// Re-entrancy guards: code that tests which queue it runs on before it waits for that queue
/// (`dispatch_get_specific`, `DispatchQueue.getSpecific`, `OperationQueue.current`, a label
/// comparison). Each arm of such a test is written for one case, so neither is a deadlock.
extension RealCodeFalseAlarmTests {
    @Test("A sync behind a test of the current queue is a re-entrancy guard, in every form Objective-C writes it (OPL208)")
    func objectiveCQueueGuards() {
        let c = RealCodeCase("Journal.m", """
        static void *kJournalKey = &kJournalKey;
        @implementation Journal {
            dispatch_queue_t _queue;
        }
        - (instancetype)init {
            self = [super init];
            _queue = dispatch_queue_create("journal", DISPATCH_QUEUE_SERIAL);
            dispatch_queue_set_specific(_queue, kJournalKey, kJournalKey, NULL);
            return self;
        }
        - (void)save {
            dispatch_async(_queue, ^{
                if (dispatch_get_specific(kJournalKey)) {
                    [self flush];
                } else {
                    dispatch_sync(_queue, ^{ [self flush]; });
                }
            });
        }
        - (void)append {
            dispatch_async(_queue, ^{
                if (dispatch_get_specific(kJournalKey)) [self flush]; else dispatch_sync(_queue, ^{ [self flush]; });
            });
        }
        - (void)trim {
            dispatch_async(_queue, ^{
                if (dispatch_get_specific(kJournalKey)) {
                    [self flush];
                    return;
                }
                dispatch_sync(_queue, ^{ [self flush]; });
            });
        }
        - (void)close {
            dispatch_async(_queue, ^{
                dispatch_get_specific(kJournalKey) ? [self flush] : dispatch_sync(_queue, ^{ [self flush]; });
            });
        }
        - (void)load {
            dispatch_async(_queue, ^{
                if (dispatch_get_current_queue() == _queue) {
                    [self flush];
                } else {
                    dispatch_sync(_queue, ^{ [self flush]; });
                }
            });
        }
        - (void)threadTested {
            dispatch_async(_queue, ^{
                if ([NSThread isMainThread]) {
                    [self flush];
                } else {
                    dispatch_sync(_queue, ^{ [self flush]; });
                }
            });
        }
        - (void)flagTested {
            dispatch_async(_queue, ^{
                if (self.flag) {
                    dispatch_sync(_queue, ^{ [self flush]; });
                }
            });
        }
        - (void)flush {}
        @end
        """)
        // A test of the main thread, or of anything else, guards nothing on `_queue`.
        #expect(c.alarms == ["OPL208@Journal.m:53", "OPL208@Journal.m:60"], "\(c.alarms)")
    }

    @Test("A sync or a wait behind a test of the current queue is a re-entrancy guard in Swift (OPL208, OPL201)")
    func swiftQueueGuards() {
        let c = RealCodeCase("Ledger.swift", """
        private let ledgerKey = DispatchSpecificKey<Int>()
        final class Ledger {
            private let queue = DispatchQueue(label: "ledger")
            init() { queue.setSpecific(key: ledgerKey, value: 1) }
            func put() {
                queue.async {
                    if DispatchQueue.getSpecific(key: ledgerKey) != nil {
                        self.flush()
                    } else {
                        self.queue.sync { self.flush() }
                    }
                }
            }
            func take() {
                queue.async {
                    guard DispatchQueue.getSpecific(key: ledgerKey) == nil else { self.flush(); return }
                    self.queue.sync { self.flush() }
                }
            }
            func write() {
                queue.async {
                    DispatchQueue.getSpecific(key: ledgerKey) != nil ? self.flush() : self.queue.sync { self.flush() }
                }
            }
            func drain() {
                let work = OperationQueue()
                work.maxConcurrentOperationCount = 1
                work.addOperation {
                    if OperationQueue.current == work {
                        self.flush()
                    } else {
                        work.addOperations([BlockOperation { self.flush() }], waitUntilFinished: true)
                    }
                }
            }
            func readAhead() {
                queue.async {
                    let marker = DispatchQueue.getSpecific(key: ledgerKey)
                    print(marker as Any)
                    self.queue.sync { self.flush() }
                }
            }
            func flush() {}
        }
        """)
        // Reading the queue's marker into a variable tests nothing.
        #expect(c.alarms == ["OPL208@Ledger.swift:40"], "\(c.alarms)")
    }

    @Test("A test of the current queue against the main queue is a main-thread check (OPL208, OPL203)")
    func mainQueueTests() {
        let c = RealCodeCase("Gallery.m", """
        @interface GalleryViewController : UIViewController
        @property (nonatomic, strong) NSOperationQueue *thumbnails;
        @end
        @implementation GalleryViewController
        - (void)viewDidLoad {
            [super viewDidLoad];
            if (strcmp(dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL), dispatch_queue_get_label(dispatch_get_main_queue())) == 0) {
                [self reload];
            } else {
                dispatch_sync(dispatch_get_main_queue(), ^{ [self reload]; });
            }
            if ([NSOperationQueue currentQueue] != [NSOperationQueue mainQueue]) {
                [self.thumbnails waitUntilAllOperationsAreFinished];
            }
            dispatch_sync(dispatch_get_main_queue(), ^{ [self reload]; });
        }
        - (void)reload {}
        @end
        """)
        #expect(c.alarms == ["OPL208@Gallery.m:15"], "\(c.alarms)")
    }
}

/// Which queue a name stands for, and main-thread tests held in a variable or written as `?:`.
extension RealCodeFalseAlarmTests {
    @Test("A local or parameter named like a queue property is another queue (OPL208)")
    func localsHideQueueProperties() {
        let c = RealCodeCase("Worker.m", """
        @implementation Worker {
            dispatch_queue_t _queue;
            dispatch_queue_t _ioQueue;
        }
        - (instancetype)init {
            self = [super init];
            _queue = dispatch_queue_create("worker", DISPATCH_QUEUE_SERIAL);
            _ioQueue = dispatch_queue_create("io", DISPATCH_QUEUE_SERIAL);
            return self;
        }
        - (void)local {
            dispatch_async(_queue, ^{
                dispatch_queue_t queue = self->_ioQueue;
                dispatch_sync(queue, ^{ NSLog(@"io"); });
            });
        }
        - (void)runOn:(dispatch_queue_t)queue {
            dispatch_async(_queue, ^{
                dispatch_sync(queue, ^{ NSLog(@"param"); });
            });
        }
        - (void)sameLocal {
            dispatch_queue_t lane = dispatch_queue_create("lane", DISPATCH_QUEUE_SERIAL);
            dispatch_async(lane, ^{
                dispatch_sync(lane, ^{ NSLog(@"lane"); });
            });
        }
        @end
        """)
        // One local on both sides is one queue.
        #expect(c.alarms == ["OPL208@Worker.m:25"], "\(c.alarms)")
    }

    @Test("A main-thread test held in a variable, or the condition of ?:, is a thread check (OPL208)")
    func threadTestsInVariablesAndTernaries() {
        let c = RealCodeCase("Panel.m", """
        @implementation PanelViewController
        - (void)viewDidAppear:(BOOL)animated {
            [super viewDidAppear:animated];
            dispatch_block_t refresh = ^{ NSLog(@"refresh"); };
            BOOL onMain = [NSThread isMainThread];
            if (!onMain) {
                dispatch_sync(dispatch_get_main_queue(), refresh);
            } else {
                refresh();
            }
            BOOL offMain = ![NSThread isMainThread];
            if (offMain) dispatch_sync(dispatch_get_main_queue(), refresh);
            [NSThread isMainThread] ? refresh() : dispatch_sync(dispatch_get_main_queue(), refresh);
            ![NSThread isMainThread] ? dispatch_sync(dispatch_get_main_queue(), refresh) : refresh();
            [NSThread isMainThread] ? dispatch_sync(dispatch_get_main_queue(), refresh) : refresh();
            if (onMain) {
                dispatch_sync(dispatch_get_main_queue(), refresh);
            }
        }
        - (void)viewDidLoad {
            [super viewDidLoad];
            if (!onMain) {
                dispatch_sync(dispatch_get_main_queue(), ^{ NSLog(@"load"); });
            }
        }
        @end
        """)
        // The arm that runs on the main thread deadlocks; a variable of another method tests nothing.
        #expect(c.alarms == ["OPL208@Panel.m:15", "OPL208@Panel.m:17", "OPL208@Panel.m:23"], "\(c.alarms)")
        let swift = RealCodeCase("Panel.swift", """
        final class PanelViewController: UIViewController {
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                let work = { print("refresh") }
                Thread.isMainThread ? work() : DispatchQueue.main.sync(execute: work)
                let onMain = Thread.isMainThread
                if !onMain { DispatchQueue.main.sync(execute: work) }
            }
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
    }
}
