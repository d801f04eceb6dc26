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
