import Testing
import OpLintCore
@testable import OpLintSource

/// A method the file calls only straight from a main-thread method runs on the main thread:
/// a wait in it blocks the main thread (OPL203), a `sync` onto the main queue deadlocks (OPL208).
@Suite("Methods called from main-thread methods")
struct MainThreadCallerTests {
    @Test("A helper called only from viewDidLoad waits on the main thread (Swift)")
    func swiftHelpers() {
        let c = RealCodeCase("Feed.swift", """
        final class FeedViewController: UIViewController {
            let work = OperationQueue()
            override func viewDidLoad() {
                super.viewDidLoad()
                loadFeed()
                self.refresh()
                DispatchQueue.global().async { self.reload() }
                reload()
                let later = { self.prefetch() }
                later()
            }
            func loadFeed() {
                let fetch = BlockOperation { print("fetch") }
                work.addOperations([fetch], waitUntilFinished: true)
            }
            func refresh() {
                DispatchQueue.main.sync { print("refresh") }
            }
            func reload() {
                work.waitUntilAllOperationsAreFinished()
            }
            func prefetch() {
                work.waitUntilAllOperationsAreFinished()
            }
        }
        """)
        // Called from a block too, or only from a closure: the thread is not known.
        #expect(c.alarms == ["OPL203@Feed.swift:14", "OPL208@Feed.swift:17"], "\(c.alarms)")
        let reason = c.findings("OPL203").first?.message ?? ""
        #expect(reason.contains("loadFeed is called from viewDidLoad, which runs on the main thread"), "\(reason)")
    }

    @Test("A helper called only from viewDidLoad waits on the main thread (Objective-C)")
    func objectiveCHelpers() {
        let c = RealCodeCase("List.m", """
        @interface ListViewController : UIViewController
        @property (nonatomic, strong) NSOperationQueue *work;
        @end
        @implementation ListViewController
        - (void)viewDidLoad {
            [super viewDidLoad];
            [self loadItems];
            [self syncItems];
            [self performSelector:@selector(trimItems) withObject:nil afterDelay:1];
            [self trimItems];
        }
        - (void)viewWillAppear:(BOOL)animated {
            [super viewWillAppear:animated];
            dispatch_async(dispatch_get_global_queue(0, 0), ^{ [self syncItems]; });
        }
        - (void)loadItems {
            [self.work waitUntilAllOperationsAreFinished];
        }
        - (void)syncItems {
            [self.work waitUntilAllOperationsAreFinished];
        }
        - (void)trimItems {
            [self.work waitUntilAllOperationsAreFinished];
        }
        @end
        """)
        // Named as a selector, a method may be performed anywhere.
        #expect(c.alarms == ["OPL203@List.m:17"], "\(c.alarms)")
    }

    @Test("A helper that checks the thread, or another class's method of the same name, is left alone")
    func checksAndOtherClasses() {
        let c = RealCodeCase("Panel.swift", """
        final class PanelViewController: UIViewController {
            let work = OperationQueue()
            override func viewDidLoad() {
                super.viewDidLoad()
                settle()
                refresh()
            }
            func settle() {
                if !Thread.isMainThread {
                    work.waitUntilAllOperationsAreFinished()
                }
            }
            func refresh() {}
        }
        final class Importer {
            let work = OperationQueue()
            func refresh() {
                work.waitUntilAllOperationsAreFinished()
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
    }
}
