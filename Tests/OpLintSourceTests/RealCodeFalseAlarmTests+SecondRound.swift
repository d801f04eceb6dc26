import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarms of the second round of public repositories (3 December 2026), in our own words.
extension RealCodeFalseAlarmTests {
    @Test("An operation a call returns is noted where it comes from, not as passed on there (AltStore)")
    func obtainedOperationIsNotedWhereItComesFrom() {
        let c = RealCodeCase("Installer.swift", """
        final class Installer {
            func install(context: Context) {
                let prepare = context.makePreparation()
                let copy = BlockOperation { }
                copy.addDependency(prepare)
                self.run([prepare, copy], context: context)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        let notes = c.graph.sourceFacts.unresolved.map { "\($0.location.line): \($0.message)" }
        #expect(notes.contains { $0.hasPrefix("3: operation `prepare` comes from code the scanner does not follow") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("6: operation `copy` is passed on here") }, "\(notes)")
    }

    @Test("A group operation's own addOperation(op), called without self., enqueues op (science-journal-ios)")
    func implicitSelfAddOperation() {
        let c = RealCodeCase("Import.swift", """
        class CopyStep: Operation {}
        class ImportGroup: GroupOperation {
            override func execute() {
                var steps = [CopyStep]()
                steps.append(CopyStep())
                steps.append(CopyStep())
                for step in steps {
                    addOperation(step)
                }
            }
            func addOperation(label: String) {}
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2)
        #expect(c.graph.operations.allSatisfy { $0.start == .queue })
    }

    @Test("An operation looked up by a class method (getItemByKey:) is not a new one (pxp-live2bench)")
    func classMethodLookupIsNotAFactory() {
        let c = RealCodeCase("Downloads.m", """
        @implementation Downloads
        + (NSOperation *)getItemByKey:(NSString *)key {
            return [self.table objectForKey:key];
        }
        + (NSOperation *)downloadOperationForKey:(NSString *)key {
            return [NSBlockOperation blockOperationWithBlock:^{ }];
        }
        @end
        @implementation Player
        - (void)play {
            NSOperation *running = [Downloads getItemByKey:@"a"];
            NSOperation *fresh = [Downloads downloadOperationForKey:@"b"];
        }
        @end
        """)
        // The looked-up one was made and enqueued elsewhere; the one a factory made here is never started.
        #expect(c.alarms == ["OPL105@Downloads.m:12"], "\(c.alarms)")
        #expect(DeclarationScanner.isLookup("getItemByKey:") && DeclarationScanner.isLookup("currentOperation"))
        #expect(!DeclarationScanner.isLookup("getter") && !DeclarationScanner.isLookup("operationWithURL:"))
    }

    @Test("Operations in an array literal given to another object's property are handed on (wire-ios)")
    func arrayLiteralGivenToAnotherObject() {
        let c = RealCodeCase("PreprocessorTests.swift", """
        final class FakePreprocessor {
            var operations = [Operation]()
        }
        final class PreprocessorTests {
            var preprocessor: FakePreprocessor!
            func setUp() {
                preprocessor = FakePreprocessor()
                preprocessor.operations = [Operation(), BlockOperation { }]
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.graph.operations.count == 2)
    }

    @Test("A dependency added to an operation already waited for holds nothing back (OperationPlus)")
    func dependencyAfterTheWaiterFinished() {
        let c = RealCodeCase("LateTests.swift", """
        func testLateDependency() {
            let op = BlockOperation { }
            let queue = OperationQueue()
            queue.addOperations([op], waitUntilFinished: true)
            op.addDependency(Operation())
        }
        """)
        // No edge: `op` ran before the call. The late call is still reported, and the new
        // operation is still never started — a warning, since nothing waits for it.
        #expect(c.edges.isEmpty, "\(c.edges)")
        #expect(c.alarms.sorted() == ["OPL105@LateTests.swift:5", "OPL301@LateTests.swift:5"], "\(c.alarms)")
        #expect(c.findings("OPL105").first?.severity == .warning)
        #expect(c.findings("OPL106").isEmpty)
    }
}
