import Testing
import OpLintCore
@testable import OpLintSource

/// A variable assigned on some paths only (in a branch, a `case`, a loop, a closure) holds,
/// after that code, what it held before or what was assigned: every operation it may hold is
/// followed, none is taken for abandoned (docs/source.md, "Variables").
@Suite("Variables assigned on some paths")
struct BranchAssignmentTests {
    @Test("One operation made in each branch of an if, then returned: both reach the caller (bugsnag-cocoa)")
    func eachBranchThenReturned() {
        let c = RealCodeCase("Uploader.m", """
        @interface UploadOperation : NSOperation
        @end
        @interface CrashUploadOperation : UploadOperation
        @end
        @implementation Uploader
        - (UploadOperation *)operationForPath:(NSString *)path {
            UploadOperation *operation = nil;
            if ([path hasPrefix:@"crash"]) {
                operation = [[CrashUploadOperation alloc] init];
            } else {
                operation = [[UploadOperation alloc] init];
            }
            return operation;
        }
        @end
        """)
        #expect(c.graph.operations.count == 2)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
    }

    @Test("An operation replaced in an if, or in one branch of an else, may still be the one used")
    func replacedInABranch() {
        let c = RealCodeCase("Factory.swift", """
        class UploadOperation: Operation {}
        final class Factory {
            let queue = OperationQueue()
            func make(_ path: String) -> UploadOperation {
                var operation = UploadOperation()
                if path.isEmpty {
                    operation = UploadOperation()
                }
                return operation
            }
            func enqueue(_ path: String) {
                let operation: UploadOperation
                if path.isEmpty {
                    operation = UploadOperation()
                } else {
                    operation = UploadOperation()
                }
                queue.addOperation(operation)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        let enqueued = c.graph.operations.filter { $0.queue == "queue" }
        #expect(enqueued.count == 2)
        #expect(enqueued.allSatisfy { $0.location?.file == "Factory.swift" && [14, 16].contains($0.location?.line) })
    }

    @Test("Each case of a switch may have made the operation that is enqueued after it")
    func eachCaseOfASwitch() {
        let c = RealCodeCase("Switch.swift", """
        final class Loader {
            let queue = OperationQueue()
            func load(_ kind: Int) {
                let op: Operation
                switch kind {
                case 0: op = BlockOperation { }
                case 1:
                    if kind > 0 { print("one") }
                    op = BlockOperation { }
                default: op = BlockOperation { }
                }
                queue.addOperation(op)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 3)
        #expect(c.graph.operations.allSatisfy { $0.queue == "queue" })
    }

    @Test("Replaced in straight-line code (or in a do block, which always runs), the first operation is abandoned")
    func replacedOnEveryPathIsAbandoned() {
        let c = RealCodeCase("Replace.swift", """
        final class Replacer {
            let queue = OperationQueue()
            func straight() {
                var op = BlockOperation { }
                op = BlockOperation { }
                queue.addOperation(op)
            }
            func inDo() {
                var op = BlockOperation { }
                do {
                    op = BlockOperation { }
                }
                queue.addOperation(op)
            }
        }
        """)
        #expect(c.alarms == ["OPL105@Replace.swift:4", "OPL105@Replace.swift:9"])
    }

    @Test("Inside the loop that reassigns it, the variable holds the loop's operation only (libs-base tests)")
    func loopHoldsItsOwnOperation() {
        let c = RealCodeCase("Concurrent.m", """
        @implementation Runner
        - (void)run {
            NSOperationQueue *q = [NSOperationQueue new];
            NSOperation *obj = [[NSOperation alloc] init];
            [q addOperation:obj];
            [q waitUntilAllOperationsAreFinished];
            for (int i = 0; i < 10; ++i) {
                obj = [[NSOperation alloc] init];
                [q addOperation:obj];
            }
            [q waitUntilAllOperationsAreFinished];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2)
        #expect(c.graph.operations.allSatisfy { $0.queue == "q" })
    }

    @Test("@try always runs, @catch may not: Objective-C exception blocks")
    func tryAndCatch() {
        let c = RealCodeCase("Try.m", """
        @implementation Runner
        - (void)run {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSOperation *op = [NSBlockOperation blockOperationWithBlock:^{ }];
            @try {
                op = [NSBlockOperation blockOperationWithBlock:^{ }];
            } @catch (NSException *e) {
                op = [NSBlockOperation blockOperationWithBlock:^{ }];
            }
            [queue addOperation:op];
        }
        @end
        """)
        #expect(c.alarms == ["OPL105@Try.m:4"])
        #expect(c.graph.operations.filter { $0.queue == "queue" }.count == 2)
    }

    @Test("Queues are not merged: the queue assigned last is the one used, as before")
    func queuesAreNotMerged() {
        let c = RealCodeCase("Queues.swift", """
        final class Router {
            let main = OperationQueue()
            func route(_ fast: Bool) {
                var target = OperationQueue()
                target.maxConcurrentOperationCount = 1
                if fast { target = main }
                target.addOperation(BlockOperation { })
            }
        }
        """)
        #expect(c.graph.operations.map(\.queue) == ["main"])
    }

    @Test("An operation made in one branch and obtained from a method in the other: both enqueued (firebase-ios-sdk)")
    func madeInOneBranchObtainedInTheOther() {
        let c = RealCodeCase("Tokens.m", """
        @interface TokenOperation : NSOperation
        - (void)addCompletionHandler:(void (^)(void))handler;
        @end
        @interface RegisterOperation : TokenOperation
        @end
        @implementation TokenManager
        - (TokenOperation *)fetchOperationForScope:(NSString *)scope {
            return [[TokenOperation alloc] init];
        }
        - (void)tokenForScope:(NSString *)scope {
            TokenOperation *operation;
            if (self.registers) {
                operation = [[RegisterOperation alloc] init];
            } else {
                operation = [self fetchOperationForScope:scope];
            }
            [operation addCompletionHandler:^{ }];
            [operation setQueuePriority:NSOperationQueuePriorityHigh];
            [self.queue addOperation:operation];
        }
        @end
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        let made = c.graph.operations.filter { $0.location?.line == 13 }
        #expect(made.count == 1)
        #expect(made.first?.start == .queue)
        // The value obtained from the method is an operation of the graph too, enqueued with it.
        #expect(c.graph.operations.contains { $0.location?.line == 15 && $0.start == .queue })
    }

    @Test("The obtained value made an operation by one call still stands for both in the next")
    func obtainedThenMadeAnOperationThenEnqueued() {
        let c = RealCodeCase("Chain.swift", """
        final class Sync {
            let queue = OperationQueue()
            func makeUpload() -> Operation { BlockOperation { } }
            func run(_ fresh: Bool) {
                let prepare = BlockOperation { }
                let upload: Operation
                if fresh {
                    upload = BlockOperation { }
                } else {
                    upload = makeUpload()
                }
                upload.addDependency(prepare)
                queue.addOperation(prepare)
                queue.addOperation(upload)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        let uploads = c.graph.operations.filter { $0.dependencies.map(\.name) == ["prepare"] }
        #expect(uploads.count == 2, "\(c.edges)")
        #expect(uploads.allSatisfy { $0.queue == "queue" })
    }

    @Test("An array of operations changed by addObject: and setArray: is still a list whose contents are unknown")
    func arrayMutationsAreStillMutations() {
        let c = RealCodeCase("Batch.m", """
        @implementation Batch
        - (void)run {
            NSOperation *first = [NSBlockOperation blockOperationWithBlock:^{ }];
            NSMutableArray *operations = [NSMutableArray array];
            [operations addObject:first];
            [operations setArray:@[]];
            [self.queue addOperations:operations waitUntilFinished:NO];
        }
        @end
        """)
        // `first` went into a list the scanner stopped following: it may be enqueued, no warning.
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(FileScanner.mutatesCollection("addObject") && FileScanner.mutatesCollection("addObjectsFromArray"))
        #expect(FileScanner.mutatesCollection("setArray") && FileScanner.mutatesCollection("removeLastObject"))
        #expect(!FileScanner.mutatesCollection("addCompletionHandler") && !FileScanner.mutatesCollection("setQueuePriority"))
    }
}
