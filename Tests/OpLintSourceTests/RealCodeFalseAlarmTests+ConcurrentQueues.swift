import Testing
import OpLintCore
@testable import OpLintSource

/// Dispatch queues made concurrent away from the statement that assigns them: a `sync` onto a
/// concurrent queue from its own block does not deadlock (OPL208).
extension RealCodeFalseAlarmTests {
    @Test("A queue made by a helper, or taken from a parameter's default, that says .concurrent is concurrent (Swift)")
    func swiftQueuesMadeConcurrentElsewhere() {
        let c = RealCodeCase("Stores.swift", """
        final class Inbox {
            private let queue: DispatchQueue
            init(queue: DispatchQueue = DispatchQueue(label: "inbox", attributes: .concurrent)) { self.queue = queue }
            func put() { queue.async { self.queue.sync { print("put") } } }
        }
        final class Outbox {
            private let queue = Outbox.makeQueue()
            static func makeQueue() -> DispatchQueue { DispatchQueue(label: "outbox", attributes: .concurrent) }
            func put() { queue.async { self.queue.sync { print("put") } } }
        }
        final class Drafts {
            private let queue = Drafts.makeSerialQueue()
            static func makeSerialQueue() -> DispatchQueue { DispatchQueue(label: "drafts") }
            func put() { queue.async { self.queue.sync { print("put") } } }
        }
        final class Trash {
            private let queue: DispatchQueue
            init(queue: DispatchQueue = DispatchQueue(label: "trash")) { self.queue = queue }
            func put() { queue.async { self.queue.sync { print("put") } } }
        }
        """)
        // A helper or a default that makes a serial queue is still serial.
        #expect(c.alarms == ["OPL208@Stores.swift:14", "OPL208@Stores.swift:19"], "\(c.alarms)")
    }

    @Test("A queue made by a helper method, or by a getter, that says DISPATCH_QUEUE_CONCURRENT is concurrent (Objective-C)")
    func objectiveCQueuesMadeConcurrentElsewhere() {
        let c = RealCodeCase("Caches.m", """
        @implementation ImageCache {
            dispatch_queue_t _queue;
        }
        - (instancetype)init {
            self = [super init];
            _queue = [self makeQueue];
            return self;
        }
        - (dispatch_queue_t)makeQueue {
            return dispatch_queue_create("images", DISPATCH_QUEUE_CONCURRENT);
        }
        - (void)put {
            dispatch_async(_queue, ^{ dispatch_sync(_queue, ^{ NSLog(@"put"); }); });
        }
        @end
        @implementation DataCache
        - (dispatch_queue_t)queue {
            static dispatch_queue_t queue;
            static dispatch_once_t once;
            dispatch_once(&once, ^{ queue = dispatch_queue_create("data", DISPATCH_QUEUE_CONCURRENT); });
            return queue;
        }
        - (void)put {
            dispatch_async(self.queue, ^{ dispatch_sync(self.queue, ^{ NSLog(@"put"); }); });
        }
        @end
        @implementation FontCache
        - (dispatch_queue_t)queue {
            static dispatch_queue_t queue;
            static dispatch_once_t once;
            dispatch_once(&once, ^{ queue = dispatch_queue_create("fonts", DISPATCH_QUEUE_SERIAL); });
            return queue;
        }
        - (void)put {
            dispatch_async(self.queue, ^{ dispatch_sync(self.queue, ^{ NSLog(@"put"); }); });
        }
        @end
        """)
        #expect(c.alarms == ["OPL208@Caches.m:35"], "\(c.alarms)")
    }
}

extension RealCodeFalseAlarmTests {
    @Test("A queue made by a C function of the file that says DISPATCH_QUEUE_CONCURRENT is concurrent")
    func queueMadeByACFunction() {
        let c = RealCodeCase("Reader.m", """
        static dispatch_queue_t MakeReaderQueue(const char *label) {
            return dispatch_queue_create(label, DISPATCH_QUEUE_CONCURRENT);
        }
        static dispatch_queue_t MakeWriterQueue(const char *label) {
            return dispatch_queue_create(label, DISPATCH_QUEUE_SERIAL);
        }
        @implementation Reader {
            dispatch_queue_t _readers;
            dispatch_queue_t _writers;
        }
        - (instancetype)init {
            self = [super init];
            _readers = MakeReaderQueue("readers");
            _writers = MakeWriterQueue("writers");
            return self;
        }
        - (void)read {
            dispatch_async(_readers, ^{ dispatch_sync(_readers, ^{ NSLog(@"read"); }); });
            dispatch_async(_writers, ^{ dispatch_sync(_writers, ^{ NSLog(@"write"); }); });
        }
        @end
        """)
        #expect(c.alarms == ["OPL208@Reader.m:19"], "\(c.alarms)")
    }
}

/// A queue made where the file does not show: in another file of the code, or by a caller.
extension RealCodeFalseAlarmTests {
    @Test("A queue member declared in another file is as concurrent or serial as its declaration says (OPL208)")
    func queueKindsFromOtherFiles() {
        let c = RealCodeCase([
            ("ImageCache.swift", """
            final class ImageCache {
                let queue = DispatchQueue(label: "image.cache", attributes: .concurrent)
                var images: [String: Int] = [:]
            }
            final class Ledger {
                let queue = DispatchQueue(label: "ledger")
                var total = 0
            }
            class Store {
                let lane = DispatchQueue(label: "store", attributes: .concurrent)
            }
            final class Storage {
                static let shared = Storage()
                let queue = DispatchQueue(label: "storage", attributes: Storage.attributes)
                static let attributes: DispatchQueue.Attributes = [.concurrent]
            }
            extension DispatchQueue {
                static let work = DispatchQueue(label: "work", attributes: .concurrent)
            }
            """),
            ("Uses.swift", """
            extension ImageCache {
                func logSize() { queue.async { let n = self.queue.sync { self.images.count }; print(n) } }
            }
            extension Ledger {
                func audit() { queue.async { let n = self.queue.sync { self.total }; print(n) } }
            }
            final class PhotoStore: Store {
                func read() { lane.async { self.lane.sync { print("read") } } }
            }
            final class Indexer {
                func rebuild() {
                    DispatchQueue.work.async { DispatchQueue.work.sync { print("index") } }
                    Storage.shared.queue.async { Storage.shared.queue.sync { print("store") } }
                }
            }
            """),
        ])
        // The serial queue another file declares deadlocks as surely as one declared here.
        #expect(c.alarms == ["OPL208@Uses.swift:5"], "\(c.alarms)")
        #expect(c.findings("OPL208").first?.severity == .error)
    }

    @Test("A queue a caller hands in may be serial or concurrent: a warning that says so (OPL208)")
    func injectedQueueIsAWarning() {
        let c = RealCodeCase([
            ("Worker.swift", """
            final class Worker {
                private let queue: DispatchQueue
                init(queue: DispatchQueue) { self.queue = queue }
                func run() { queue.async { self.queue.sync { print("run") } } }
            }
            """),
            ("Reader.m", """
            @implementation Reader {
                dispatch_queue_t _queue;
            }
            - (instancetype)initWithQueue:(dispatch_queue_t)queue {
                self = [super init];
                _queue = queue;
                return self;
            }
            - (void)read {
                dispatch_async(_queue, ^{ dispatch_sync(_queue, ^{ NSLog(@"read"); }); });
            }
            @end
            """),
        ])
        let findings = c.findings("OPL208")
        #expect(findings.map { "\($0.location.file):\($0.location.line)" } == ["Reader.m:10", "Worker.swift:4"], "\(findings)")
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings.allSatisfy { $0.message.contains("is serial") && $0.message.contains("does not show how") }, "\(findings.map(\.message))")
    }
}
