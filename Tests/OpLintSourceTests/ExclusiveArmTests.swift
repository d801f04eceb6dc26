import Testing
import OpLintCore
@testable import OpLintSource

/// The arms of an `if` … `else` chain and the cases of a Swift `switch`: one run takes one, so
/// dependencies in opposite order in two arms are no cycle when each run makes its own
/// operations (docs/source.md, "Arms of an if and cases of a switch").
@Suite("Exclusive arms")
struct ExclusiveArmTests {
    /// The notes that say a dependency was left out for reversing another arm's.
    private func reversals(_ c: RealCodeCase) -> [Int] {
        c.graph.sourceFacts.unresolved.filter { $0.message.contains("reverses") }.map(\.location.line)
    }

    @Test("Opposite dependencies in the two arms of an if: no cycle, the first arm's order, a note naming the if")
    func ifAndElse() {
        let c = RealCodeCase("Importer.swift", """
        final class Importer {
            let queue = OperationQueue()
            func run(reversed: Bool) {
                let fetch = BlockOperation { }
                let parse = BlockOperation { }
                if reversed {
                    fetch.addDependency(parse)
                } else {
                    parse.addDependency(fetch)
                }
                queue.addOperations([fetch, parse], waitUntilFinished: false)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(c.edges == ["Importer.fetch → Importer.parse"] || c.edges == ["fetch → parse"], "\(c.edges)")
        #expect(reversals(c) == [9])
        let note = c.graph.sourceFacts.unresolved.first { $0.message.contains("reverses") }?.message ?? ""
        #expect(note.contains("Importer.swift:7:"), "\(note)")
        #expect(note.contains("the same `if`; no run has both"), "\(note)")
    }

    @Test("else if chains, nested chains and Objective-C: arms of one chain exclude each other")
    func chains() {
        let swift = RealCodeCase("Nested.swift", """
        func nested(flag: Bool, other: Bool, queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            if flag {
                if other {
                    a.addDependency(b)
                } else {
                    b.addDependency(a)
                }
            } else if other {
                b.addDependency(a)
            } else {
                a.addDependency(b)
            }
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        """)
        #expect(swift.alarms.isEmpty, "\(swift.alarms)")
        #expect(reversals(swift) == [8, 11])
        let objectiveC = RealCodeCase("Loader.m", """
        @implementation Loader
        - (void)loadReversed:(BOOL)reversed {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{}];
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{}];
            if (reversed) {
                [a addDependency:b];
            } else {
                [b addDependency:a];
            }
            [queue addOperation:a];
            [queue addOperation:b];
        }
        @end
        """)
        #expect(objectiveC.alarms.isEmpty, "\(objectiveC.alarms)")
        #expect(reversals(objectiveC) == [9])
    }

    @Test("Cases of a Swift switch exclude each other, unless one falls through")
    func switchCases() {
        let c = RealCodeCase("Mode.swift", """
        func mode(_ m: Int, queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            switch m {
            case 0:
                a.addDependency(b)
            case 1:
                b.addDependency(a)
            default:
                break
            }
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        func fallingThrough(_ m: Int, queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            switch m {
            case 0:
                a.addDependency(b)
                fallthrough
            case 1:
                b.addDependency(a)
            default:
                break
            }
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        """)
        #expect(reversals(c) == [8])
        let cycles = c.findings("OPL101")
        #expect(cycles.count == 1, "\(cycles.map(\.message))")
        #expect(cycles.first.map { $0.location.line >= 19 } == true, "\(cycles.map(\.location))")
    }

    @Test("Both orders can happen: separate ifs, an arm and code after it, a C switch, a guard")
    func notExclusive() {
        let c = RealCodeCase("Both.swift", """
        func separate(flag: Bool, other: Bool, queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            if flag { a.addDependency(b) }
            if other { b.addDependency(a) }
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        func after(flag: Bool, queue: OperationQueue) {
            let c = BlockOperation { }
            let d = BlockOperation { }
            if flag { c.addDependency(d) } else { }
            d.addDependency(c)
            queue.addOperations([c, d], waitUntilFinished: false)
        }
        """)
        #expect(c.findings("OPL101").count == 2, "\(c.findings("OPL101").map(\.message))")
        #expect(reversals(c).isEmpty)
        let objectiveC = RealCodeCase("Switch.m", """
        void run(int m) {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{}];
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{}];
            switch (m) {
            case 0:
                [a addDependency:b];
            case 1:
                [b addDependency:a];
                break;
            }
            [queue addOperation:a];
            [queue addOperation:b];
        }
        """)
        // Without a `break`, case 0 runs on into case 1: both orders in one run.
        #expect(objectiveC.findings("OPL101").count == 1)
    }

    @Test("A run through the second arm that closes a cycle all the same keeps its dependency: the same order again before, after or beside the chain, a third operation, a defer")
    func cyclesTheOtherArmStillCloses() {
        let c = RealCodeCase("Runs.swift", """
        func after(flag: Bool, queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            if flag { a.addDependency(b) } else { b.addDependency(a) }
            a.addDependency(b)
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        func before(flag: Bool, queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            a.addDependency(b)
            if flag { a.addDependency(b) } else { b.addDependency(a) }
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        func sameArm(flag: Bool, retry: Bool, queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            if flag {
                a.addDependency(b)
            } else {
                b.addDependency(a)
                if retry { a.addDependency(b) }
            }
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        func third(flag: Bool, queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            let c = BlockOperation { }
            if flag { b.addDependency(a) } else { a.addDependency(b) }
            b.addDependency(c)
            c.addDependency(a)
            queue.addOperations([a, b, c], waitUntilFinished: false)
        }
        func deferred(flag: Bool, queue: OperationQueue) {
            let a = BlockOperation { }
            let b = BlockOperation { }
            defer { a.addDependency(b) }
            if flag { a.addDependency(b) } else { b.addDependency(a) }
            queue.addOperations([a, b], waitUntilFinished: false)
        }
        """)
        let cycles = c.findings("OPL101").map(\.location.line)
        #expect(cycles.count == 5, "\(c.findings("OPL101").map(\.message))")
        #expect(reversals(c).isEmpty, "\(reversals(c))")
        let objectiveC = RealCodeCase("Jump.m", """
        void run(BOOL flag) {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{}];
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{}];
            if (flag) {
                [a addDependency:b];
                goto linked;
            } else {
            linked:
                [b addDependency:a];
            }
            [queue addOperations:@[a, b] waitUntilFinished:NO];
        }
        """)
        // A `goto` may run one arm after another.
        #expect(objectiveC.findings("OPL101").count == 1)
        #expect(reversals(objectiveC).isEmpty)
    }

    @Test("A fallthrough of a nested switch leaves the outer switch's cases exclusive")
    func nestedFallthrough() {
        let c = RealCodeCase("Nested.swift", """
        func route(kind: Int, sub: Int, queue: OperationQueue) {
            let fetch = BlockOperation { }
            let parse = BlockOperation { }
            switch kind {
            case 0:
                fetch.addDependency(parse)
                switch sub {
                case 0: fallthrough
                default: print("x")
                }
            case 1:
                parse.addDependency(fetch)
            default:
                break
            }
            queue.addOperations([fetch, parse], waitUntilFinished: false)
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
        #expect(reversals(c) == [12])
    }

    @Test("The note names the operations of the dependency it leaves out")
    func noteNamesThePair() {
        let c = RealCodeCase("Pair.swift", """
        func run(flag: Bool, queue: OperationQueue) {
            let download = BlockOperation { }
            let decode = BlockOperation { }
            if flag {
                decode.addDependency(download)
            } else {
                download.addDependency(decode)
            }
            queue.addOperations([download, decode], waitUntilFinished: false)
        }
        """)
        let note = c.graph.sourceFacts.unresolved.first { $0.message.contains("reverses") }?.message ?? ""
        #expect(note.hasPrefix("this dependency (`run(flag:queue:).download` waits for `run(flag:queue:).decode`) reverses the one at Pair.swift:5:9") || note.hasPrefix("this dependency (`download` waits for `decode`) reverses the one at Pair.swift:5:9"), "\(note)")
    }

    @Test("Operations made outside the code that runs the chain may meet both arms, one run each")
    func madeElsewhere() {
        let c = RealCodeCase("Sync.swift", """
        final class Sync {
            let queue = OperationQueue()
            let upload = BlockOperation { }
            let download = BlockOperation { }
            func configure(uploadFirst: Bool) {
                if uploadFirst {
                    download.addDependency(upload)
                } else {
                    upload.addDependency(download)
                }
                queue.addOperations([upload, download], waitUntilFinished: false)
            }
            func perItem(_ items: [Int]) {
                let shared = BlockOperation { }
                let other = BlockOperation { }
                for item in items {
                    if item > 0 { shared.addDependency(other) } else { other.addDependency(shared) }
                }
                queue.addOperations([shared, other], waitUntilFinished: false)
            }
        }
        """)
        // Properties: `configure(uploadFirst: true)` then `(false)` adds both. Made before the
        // loop: one iteration may take each arm.
        #expect(c.findings("OPL101").count == 2, "\(c.findings("OPL101").map(\.message))")
        #expect(reversals(c).isEmpty)
    }
}
