import Testing
import OpLintCore
@testable import OpLintSource

/// The false alarms of the eighth pass over public repositories (MixinNetwork, tripup-ios,
/// PeakOperation, AOperation, Loop), in our own words.
extension RealCodeFalseAlarmTests {
    @Test("A loop variable over a list of operations handed to a function hands each of them on (MixinNetwork)")
    func loopVariableHandedToAFunction() {
        let c = RealCodeCase("Chores.swift", """
        final class Sweep: Operation {}
        final class Mop: Operation {}
        func schedule(_ task: Operation) {}
        func tidyUp() {
            let tasks = [Sweep(), Mop()]
            for task in tasks {
                schedule(task)
            }
        }
        """)
        #expect(c.findings("OPL105").isEmpty, "\(c.findings("OPL105").map(\.message))")
        // Only handed on: a loop that hands nothing on still leaves them unstarted.
        let idle = RealCodeCase("Idle.swift", """
        final class Sweep: Operation {}
        func tidyUp() {
            let tasks = [Sweep(), Sweep()]
            for task in tasks {
                print(task.isReady)
            }
        }
        """)
        #expect(idle.findings("OPL105").count == 2)
        // Printing or asserting on them hands nothing on either.
        let printed = RealCodeCase("Printed.swift", """
        final class Sweep: Operation {}
        func tidyUp() {
            let tasks = [Sweep(), Sweep()]
            for task in tasks {
                print("prepared", task)
            }
            let gate = Sweep()
            XCTAssertNotNil(gate)
            _ = tasks.contains(gate)
        }
        """)
        #expect(printed.findings("OPL105").count == 3, "\(printed.findings("OPL105").map(\.message))")
    }

    @Test("The same in Objective-C: `for (NSOperation *op in ops) { [runner run:op]; }`")
    func objectiveCLoopVariableHandedOn() {
        let c = RealCodeCase("Runner.m", """
        @implementation Runner
        - (void)runAll {
            NSOperation *first = [[NSOperation alloc] init];
            NSOperation *second = [[NSOperation alloc] init];
            NSArray *ops = @[first, second];
            for (NSOperation *op in ops) {
                [self.scheduler run:op];
            }
        }
        @end
        """)
        #expect(c.findings("OPL105").isEmpty, "\(c.findings("OPL105").map(\.message))")
    }

    @Test("A list of operations sent a method the scanner cannot read hands them on; a query does not (PeakOperation)")
    func listReceiverOfAnUnknownMethod() {
        let c = RealCodeCase("Chain.swift", """
        final class Stage: Operation {}
        func runStages(into sink: Stage) {
            let stages = [Stage(), Stage()]
            stages.feed(into: sink)
        }
        func countStages(of sink: Stage) -> Bool {
            let stages = [Stage(), Stage()]
            return stages.contains(sink)
        }
        func orderStages(after sink: Stage) {
            let stages = [Stage(), Stage()]
            stages.addDependencies(sink)
        }
        """)
        let unstarted = c.findings("OPL105")
        #expect(unstarted.count == 4, "\(unstarted.map(\.message))")
        #expect(unstarted.map(\.location.line) == [7, 7, 11, 11])
    }

    @Test("A method of the code's own named like a property of Foundation's (`dependencies(_:)`) is a call like any other (AOperation)")
    func ownMethodNamedLikeAProperty() {
        let c = RealCodeCase("Steps.swift", """
        final class Step: Operation {
            @discardableResult
            func dependencies(_ others: [Operation]) -> Self {
                others.forEach { addDependency($0) }
                return self
            }
        }
        func chain(on lane: OperationQueue) {
            let first = Step()
            let second = Step()
            lane.addOperation(first)
            second.dependencies([first]).enqueue(on: lane)
        }
        """)
        #expect(c.findings("OPL105").isEmpty, "\(c.findings("OPL105").map(\.message))")
        // Reading the property hands nothing on.
        let read = RealCodeCase("Read.swift", """
        func inspect() {
            let step = BlockOperation { }
            print(step.dependencies.count)
        }
        """)
        #expect(read.findings("OPL105").count == 1)
    }

    @Test("An unwrapped value appended to a list the scanner cannot follow is handed on as the value itself is (tripup-ios)")
    func forceUnwrappedAppend() {
        let c = RealCodeCase("Pipeline.swift", """
        final class Shrink: Operation {}
        final class Seal: Operation {}
        class Station: Operation {
            let lane = OperationQueue()
            var steps = [Operation]()
        }
        final class Packer: Station {
            override func main() {
                var shrink: Shrink?
                shrink = Shrink()
                steps.append(shrink!)
                let seal = Seal()
                seal.addDependency(shrink!)
                steps.append(seal)
                lane.addOperations(steps, waitUntilFinished: false)
            }
        }
        """)
        #expect(c.findings("OPL105").isEmpty, "\(c.findings("OPL105").map(\.message))")
        #expect(c.findings("OPL106").isEmpty, "\(c.findings("OPL106").map(\.message))")
    }

    @Test("A generic type whose `where` clause goes on the next line is still the type its properties belong to (AOperation)")
    func whereClauseOnTheNextLine() {
        let c = RealCodeCase("Gatekeeper.swift", """
        protocol Listener {}
        final class Gatekeeper<L>: Listener where
            L: Listener {
            let turnstile = OperationQueue()
            func open() {
                self.turnstile.isSuspended = false
            }
            func hold(_ later: Operation) {
                turnstile.isSuspended = true
                let latch = BlockOperation {}
                later.addDependency(latch)
                turnstile.addOperation(latch)
            }
        }
        """)
        #expect(c.findings("OPL205").isEmpty, "\(c.findings("OPL205").map(\.message))")
        #expect(c.findings("OPL106").isEmpty, "\(c.findings("OPL106").map(\.message))")
    }

    @Test("An operation property that meets a requirement of a protocol its type adopts is read by the code of the protocol (AOperation)")
    func protocolRequirementProperty() {
        let c = RealCodeCase([("Gate.swift", """
        protocol Gate {
            var prerequisite: Operation? { get }
        }
        extension Gate {
            func prepare(_ work: Operation, on lane: OperationQueue) {
                if let first = prerequisite {
                    work.addDependency(first)
                    lane.addOperation(first)
                }
                lane.addOperation(work)
            }
        }
        """), ("WarmGate.swift", """
        final class Warmup: Operation {}
        struct WarmGate: Gate {
            var prerequisite: Operation? = Warmup()
        }
        struct Unrelated {
            var prerequisite: Operation? = Warmup()
            private let spare = Warmup()
        }
        """)])
        // The type that does not adopt the protocol keeps both of its never-started operations.
        let unstarted = c.findings("OPL105")
        #expect(unstarted.map(\.location.line) == [6, 7], "\(unstarted.map(\.message))")
        // Adopted in an extension, or through a protocol that refines it, in another file.
        let indirect = RealCodeCase([("Gate.swift", """
        protocol Gate {
            var prerequisite: Operation? { get }
        }
        protocol Stage: Gate {}
        """), ("Types.swift", """
        final class Warmup: Operation {}
        struct ExtendedGate {
            var prerequisite: Operation? = Warmup()
        }
        extension ExtendedGate: Gate {}
        struct StageGate: Stage {
            var prerequisite: Operation? = Warmup()
        }
        """)])
        #expect(indirect.findings("OPL105").isEmpty, "\(indirect.findings("OPL105").map(\.message))")
    }

    @Test("A class of the code's own named `Operation` that derives from Foundation's is an operation class, and so are its subclasses (Halo5Stats, Bullabessa)")
    func ownOperationBaseClass() {
        let c = RealCodeCase("Shadow.swift", """
        open class Operation: Foundation.Operation {}
        final class FetchStep: Operation { override func main() {} }
        final class StoreStep: Operation { override func main() {} }
        func runSteps() {
            let queue = Foundation.OperationQueue()
            let fetch = FetchStep()
            let store = StoreStep()
            store.addDependency(fetch)
            queue.addOperations([fetch, store], waitUntilFinished: false)
        }
        """)
        #expect(c.graph.operations.map(\.name).sorted() == ["fetch", "store"], "\(c.graph.operations.map(\.name))")
        #expect(c.graph.operations.first { $0.name == "store" }?.dependencies.map(\.name) == ["fetch"])
        #expect(c.graph.sourceFacts.coverage?.callsNotFollowed == 0)
        // Swift 2 code spelled Foundation's class `NSOperation`.
        let older = RealCodeCase("Older.swift", """
        class Operation: NSOperation {}
        final class LoadStep: Operation {}
        func load(queue: NSOperationQueue) {
            let first = LoadStep()
            let second = LoadStep()
            second.addDependency(first)
        }
        """)
        #expect(older.graph.operations.first { $0.name == "second" }?.dependencies.map(\.name) == ["first"], "\(older.graph.operations)")
    }

    @Test("`dispatchPrecondition(condition: .notOnQueue(.main))` says the rest of the scope runs off the main thread (Loop)")
    func offMainPrecondition() {
        let c = RealCodeCase("Meter.swift", """
        @MainActor
        final class MeterModel {
            var reading = 0
            private func snapshotFromWorker() -> Int {
                dispatchPrecondition(condition: .notOnQueue(.main))
                return DispatchQueue.main.sync { self.reading }
            }
            private func snapshotFromAnywhere() -> Int {
                dispatchPrecondition(condition: .notOnQueue(worker))
                return DispatchQueue.main.sync { self.reading }
            }
        }
        """)
        let deadlocks = c.findings("OPL208")
        #expect(deadlocks.map(\.location.line) == [10], "\(deadlocks.map(\.message))")
        let spelledOut = RealCodeCase("Gauge.swift", """
        @MainActor
        final class GaugeModel {
            var level = 0
            func levelFromWorker() -> Int {
                dispatchPrecondition(condition: .notOnQueue(DispatchQueue.main))
                return DispatchQueue.main.sync { self.level }
            }
        }
        """)
        #expect(spelledOut.findings("OPL208").isEmpty, "\(spelledOut.findings("OPL208").map(\.message))")
        // A check only debug builds make, or one in a branch, says nothing about the code after it.
        let debugOnly = RealCodeCase("Debug.swift", """
        @MainActor
        final class DebugModel {
            var level = 0
            var verbose = false
            func debugOnly() -> Int {
                #if DEBUG
                dispatchPrecondition(condition: .notOnQueue(.main))
                #endif
                return DispatchQueue.main.sync { self.level }
            }
            func sometimes() -> Int {
                verbose ? dispatchPrecondition(condition: .notOnQueue(.main)) : ()
                return DispatchQueue.main.sync { self.level }
            }
        }
        """)
        #expect(debugOnly.findings("OPL208").count == 2, "\(debugOnly.findings("OPL208").map(\.message))")
    }
}
