import Testing
import OpLintCore
@testable import OpLintSource

/// A queue reached through a class method's value (`[Outbox sharedOutbox].queue`,
/// `Mailbox.shared().queue`) is the queue the class keeps in that property.
extension RealCodeFalseAlarmTests {
    static let outboxHeader = ("Outbox.h", """
    @interface Outbox : NSObject
    + (instancetype)sharedOutbox;
    @property (nonatomic, strong) NSOperationQueue *queue;
    @end
    """)

    static let outbox = ("Outbox.m", """
    #import "Outbox.h"
    @implementation Outbox
    + (instancetype)sharedOutbox {
        static Outbox *shared;
        static dispatch_once_t once;
        dispatch_once(&once, ^{ shared = [[Outbox alloc] init]; });
        return shared;
    }
    - (instancetype)init {
        self = [super init];
        _queue = [[NSOperationQueue alloc] init];
        _queue.suspended = YES;
        return self;
    }
    - (void)send {
        NSBlockOperation *pack = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"pack"); }];
        NSBlockOperation *post = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"post"); }];
        [post addDependency:pack];
        [self.queue addOperation:pack];
        [self.queue addOperation:post];
    }
    @end
    """)

    @Test("A queue resumed through a shared instance's class method is resumed (OPL205, OPL106)", arguments: [
        "[Outbox sharedOutbox].queue.suspended = NO;",
        "[[Outbox sharedOutbox].queue setSuspended:NO];",
    ])
    func resumedThroughASharedInstance(resume: String) {
        let c = RealCodeCase([Self.outboxHeader, Self.outbox, ("AppDelegate.m", """
        #import "Outbox.h"
        @implementation AppDelegate
        - (void)applicationDidBecomeActive:(UIApplication *)application {
            \(resume)
        }
        @end
        """)])
        #expect(c.alarms.isEmpty, "\(c.alarms)")
    }

    @Test("Without the resume, the shared instance's queue stays suspended (OPL205, OPL106)")
    func neverResumedSharedInstance() {
        let c = RealCodeCase([Self.outboxHeader, Self.outbox, ("AppDelegate.m", """
        #import "Outbox.h"
        @implementation AppDelegate
        - (void)applicationDidBecomeActive:(UIApplication *)application {
            [[Outbox sharedOutbox] send];
        }
        @end
        """)])
        #expect(c.alarms == ["OPL205@Outbox.m:12", "OPL106@Outbox.m:16"], "\(c.alarms)")
    }

    @Test("A Swift queue resumed through a type's class method's value is resumed (OPL205)")
    func swiftResumedThroughAClassMethod() {
        let mailbox = ("Mailbox.swift", """
        final class Mailbox {
            static func shared() -> Mailbox { Mailbox() }
            let queue: OperationQueue
            init() {
                queue = OperationQueue()
                queue.isSuspended = true
            }
            func send() {
                let pack = BlockOperation { print("pack") }
                let post = BlockOperation { print("post") }
                post.addDependency(pack)
                queue.addOperations([pack, post], waitUntilFinished: false)
            }
        }
        """)
        let resumed = RealCodeCase([mailbox, ("Scene.swift", """
        final class Scene {
            func sceneDidBecomeActive() {
                Mailbox.shared().queue.isSuspended = false
            }
        }
        """)])
        #expect(resumed.alarms.isEmpty, "\(resumed.alarms)")
        #expect(RealCodeCase([mailbox]).alarms == ["OPL205@Mailbox.swift:6", "OPL106@Mailbox.swift:9"])
    }

    @Test("A class method's value the scanned code does not declare is named as the file writes it (OPL306)")
    func unknownSharedInstanceIsNamedInObjectiveC() {
        let c = RealCodeCase("Launch.m", """
        @implementation LaunchController
        - (void)stop {
            [[ImageManager sharedManager].queue cancelAllOperations];
        }
        @end
        """)
        let notes = c.graph.sourceFacts.unresolved.map(\.message)
        #expect(notes.count == 1 && notes[0].contains("`[ImageManager sharedManager].queue`"), "\(notes)")
    }
}
