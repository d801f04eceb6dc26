import Testing
import OpLintCore
@testable import OpLintSource

/// `#if` … `#elseif` … `#else` … `#endif`: a build compiles one branch, so each is read as a
/// path of its own (docs/source.md, "Conditional compilation").
@Suite("Conditional compilation")
struct ConditionalCompilationTests {
    @Test("An operation enqueued once in each branch is not enqueued twice (Swift and Objective-C)")
    func enqueuedOnceInEachBranch() {
        let swift = RealCodeCase("Sync.swift", """
        final class Sync {
            let queue = OperationQueue()
            func start() {
                let op = BlockOperation { }
                #if DEBUG
                op.name = "debug"
                queue.addOperation(op)
                #elseif STAGING
                queue.addOperation(op)
                #else
                queue.addOperation(op)
                #endif
            }
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
        #expect(swift.graph.operations.count == 1)
        let objectiveC = RealCodeCase("Sync.m", """
        void run(void) {
            NSOperationQueue *q = [[NSOperationQueue alloc] init];
            NSBlockOperation *op = [NSBlockOperation blockOperationWithBlock:^{}];
        #ifdef DEBUG
            [q addOperation:op];
        #  else
            [q addOperation:op];
        #endif // DEBUG
        }
        """)
        #expect(objectiveC.alarms.isEmpty, "\(objectiveC.alarms)")
    }

    @Test("An enqueue before the group and again inside a branch is still a repeat")
    func repeatBeforeTheGroupIsKept() {
        let c = RealCodeCase("Sync.swift", """
        func run(queue: OperationQueue) {
            let op = BlockOperation { }
            queue.addOperation(op)
            #if DEBUG
            queue.addOperation(op)
            #endif
        }
        """)
        #expect(c.alarms == ["OPL302@Sync.swift:5"])
    }

    @Test("An operation declared under one name in each branch is that name's after #endif")
    func declaredInEachBranch() {
        let swift = RealCodeCase("Env.swift", """
        final class Env {
            let queue = OperationQueue()
            func go() {
                #if targetEnvironment(simulator)
                let op = BlockOperation { print("simulator") }
                #elseif os(iOS)
                let op = BlockOperation { print("device") }
                #else
                let op = BlockOperation { print("mac") }
                #endif
                queue.addOperation(op)
            }
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
        #expect(swift.graph.operations.count == 3)
        #expect(swift.graph.operations.allSatisfy { $0.queue == "queue" }, "\(swift.graph.operations.map(\.queue))")
        let objectiveC = RealCodeCase("Go.m", """
        void go(void) {
            NSOperationQueue *q = [NSOperationQueue new];
        #if TARGET_OS_IPHONE
            NSBlockOperation *op = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"ios"); }];
        #else
            NSBlockOperation *op = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"mac"); }];
        #endif
            [q addOperation:op];
        }
        """)
        #expect(objectiveC.alarms.isEmpty, "\(objectiveC.alarms)")
        #expect(objectiveC.graph.operations.count == 2)
    }

    @Test("Without #else the value before the group is one of the values after it")
    func withoutElseTheValueBeforeStays() {
        let c = RealCodeCase("Load.swift", """
        func load() {
            let queue = OperationQueue()
            var op: Operation = BlockOperation { print("release") }
            #if DEBUG
            op = BlockOperation { print("debug") }
            #endif
            queue.addOperation(op)
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2)
        #expect(c.graph.operations.allSatisfy { $0.queue != nil })
    }

    @Test("A branch starts from the variables as they were before the group")
    func eachBranchStartsFromBefore() {
        let c = RealCodeCase("Pick.swift", """
        func pick() {
            let queue = OperationQueue()
            var op = BlockOperation { print("first") }
            #if LEGACY
            op = BlockOperation { print("legacy") }
            #else
            op.addDependency(BlockOperation { print("never started") })
            #endif
            queue.addOperation(op)
        }
        """)
        // In the #else branch `op` is still the first operation: the dependency is the first's.
        #expect(c.edges == ["pick().op@Pick.swift:3 → block1"])
        #expect(c.graph.operations.filter { $0.queue != nil }.count == 2)
    }

    @Test("Nested groups, directives that open no group, and braces that do not pair across branches")
    func nestedAndUnbalanced() {
        let nested = RealCodeCase("Nested.swift", """
        func run(queue: OperationQueue) {
            let op = BlockOperation { }
            #if os(iOS)
              #if DEBUG
              queue.addOperation(op)
              #else
              queue.addOperation(op)
              #endif
            #else
            queue.addOperation(op)
            #endif
        }
        """)
        #expect(nested.alarms.isEmpty, "\(nested.alarms)")
        let pragmas = RealCodeCase("Pragmas.m", """
        #import <Foundation/Foundation.h>
        void run(NSOperationQueue *q) {
            NSBlockOperation *op = [NSBlockOperation blockOperationWithBlock:^{}];
            [q addOperation:op];
        #pragma mark - again
        #define AGAIN 1
            [q addOperation:op];
        }
        """)
        #expect(pragmas.alarms == ["OPL302@Pragmas.m:7"])
        // Each branch opens a block; the braces pair across the branches. Read without a crash,
        // and the operation is still found and enqueued.
        let unbalanced = RealCodeCase("Odd.swift", """
        func run(a: Bool, b: Bool) {
            let queue = OperationQueue()
            let op = BlockOperation { }
            #if LEGACY
            if a {
            #else
            if b {
            #endif
                queue.addOperation(op)
            }
            #endif
            #else
        }
        """)
        #expect(unbalanced.graph.operations.count == 1)
        #expect(unbalanced.graph.operations.first?.queue != nil)
    }

    @Test("A branch no build compiles (#if 0, #if false) is not read; its #else is")
    func neverCompiledBranches() {
        let objectiveC = RealCodeCase("Old.m", """
        void run(void) {
            NSOperationQueue *q = [[NSOperationQueue alloc] init];
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{}];
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{}];
            [a addDependency:b];
        #if 0
            [b addDependency:a];
            [q addOperation:a];
        #else
            [q addOperations:@[a, b] waitUntilFinished:NO];
        #endif
        }
        """)
        #expect(objectiveC.alarms.isEmpty, "\(objectiveC.alarms)")
        #expect(objectiveC.edges == ["a → b"])
        let swift = RealCodeCase("Old.swift", """
        func run(queue: OperationQueue) {
            let op = BlockOperation { }
            queue.addOperation(op)
            #if false
            queue.addOperation(op)
            #endif
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
    }

    @Test("Opposite dependencies in two branches of one #if are no cycle: the first branch's order stands, with a note")
    func oppositeDependenciesInTwoBranches() {
        let c = RealCodeCase("Migrate.swift", """
        func schedule(queue: OperationQueue) {
            let migrate = BlockOperation { }
            let load = BlockOperation { }
            #if LEGACY_STORE
            migrate.addDependency(load)
            #else
            load.addDependency(migrate)
            #endif
            queue.addOperations([migrate, load], waitUntilFinished: false)
        }
        func sequential(queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            #if DEBUG
            a.addDependency(b)
            #endif
            #if DEBUG
            b.addDependency(a)
            #endif
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        """)
        // Two groups with the same condition can both be compiled: that cycle stays.
        #expect(c.findings("OPL101").count == 1)
        #expect(c.findings("OPL101").first?.location.line == 15, "\(c.findings("OPL101").map(\.message))")
        #expect(c.edges.contains("schedule(queue:).migrate → schedule(queue:).load") || c.edges.contains("migrate → load"), "\(c.edges)")
        #expect(!c.edges.contains { $0.hasPrefix("load") || $0.hasPrefix("schedule(queue:).load") }, "\(c.edges)")
        // Said where the second order is written (OPL306, listed by `--unfollowed`).
        let notes = c.graph.sourceFacts.unresolved.filter { $0.message.contains("reverses") }
        #expect(notes.map(\.location.line) == [7], "\(notes.map(\.message))")
    }

    @Test("A branch that adds both orders itself is a cycle in the builds that compile it, whatever another branch adds")
    func bothOrdersInOneBranch() {
        let c = RealCodeCase("Wire.swift", """
        func wire(queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            #if os(iOS)
            a.addDependency(b)
            #else
            a.addDependency(b)
            b.addDependency(a)
            #endif
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        """)
        #expect(c.findings("OPL101").count == 1, "\(c.findings("OPL101").map(\.message))")
        #expect(c.graph.sourceFacts.unresolved.filter { $0.message.contains("reverses") }.isEmpty)
    }
}
