import Testing
import OpLintCore
@testable import OpLintSource

/// An operation made before a loop and added to a queue (or started) inside it is added again
/// by the second iteration (OPL302; docs/rules.md).
@Suite("Enqueued in a loop")
struct LoopEnqueueTests {
    @Test("A literal count of two or more is an error; a count that is not a literal a warning")
    func literalAndUnknownCounts() {
        let c = RealCodeCase("Batch.swift", """
        final class Batch {
            let queue = OperationQueue()
            func run(items: [String]) {
                let report = BlockOperation { print("report") }
                for _ in 0..<3 {
                    queue.addOperation(report)
                }
                let summary = BlockOperation { print("summary") }
                for _ in items {
                    queue.addOperation(summary)
                }
                let ping = BlockOperation { }
                (0..<2).forEach { _ in ping.start() }
            }
        }
        """)
        let findings = c.findings("OPL302")
        #expect(findings.map(\.location.line) == [6, 10, 13], "\(findings.map(\.message))")
        #expect(findings.map(\.severity) == [.error, .warning, .error])
        #expect(findings[0].message.contains("each of the 3 iterations of the loop at Batch.swift:5:9"), "\(findings[0].message)")
        #expect(findings[1].message.contains("if it runs more than once"))
    }

    @Test("A loop variable, an operation made in the loop, and a loop that stops after adding are no repeat")
    func notRepeats() {
        let c = RealCodeCase("Fine.swift", """
        final class Fine {
            let queue = OperationQueue()
            func run(items: [String], queues: [OperationQueue]) {
                let a = BlockOperation { }
                let b = BlockOperation { }
                for op in [a, b] { queue.addOperation(op) }
                let c = BlockOperation { }
                let d = BlockOperation { }
                [c, d].forEach { queue.addOperation($0) }
                for item in items {
                    let each = BlockOperation { print(item) }
                    queue.addOperation(each)
                }
                let first = BlockOperation { }
                for candidate in queues where candidate.operationCount == 0 {
                    candidate.addOperation(first)
                    break
                }
                let once = BlockOperation { }
                for _ in 0..<1 { queue.addOperation(once) }
            }
        }
        """)
        #expect(c.findings("OPL302").isEmpty, "\(c.findings("OPL302").map(\.message))")
    }

    @Test("Objective-C: a C for loop with a literal bound")
    func objectiveCForLoop() {
        let c = RealCodeCase("Repeat.m", """
        @implementation Repeat
        - (void)run {
            NSOperationQueue *queue = [[NSOperationQueue alloc] init];
            NSBlockOperation *ping = [NSBlockOperation blockOperationWithBlock:^{ NSLog(@"ping"); }];
            for (int i = 0; i < 3; i++) {
                [queue addOperation:ping];
            }
        }
        @end
        """)
        #expect(c.alarms == ["OPL302@Repeat.m:6"])
        #expect(c.findings("OPL302").first?.related.map(\.location.line) == [5])
    }

    @Test("A variable the loop binds or assigns, an enqueue under a condition, a where clause and a while loop are no repeat")
    func variablesTheLoopChanges() {
        let c = RealCodeCase("Drain.swift", """
        final class Drain {
            let queue = OperationQueue()
            var pending: [Operation] = []
            func drain(events: [Int]) {
                var iterator = pending.makeIterator()
                var op = BlockOperation { }
                while let next = iterator.next() { queue.addOperation(next) }
                for _ in 0..<3 {
                    queue.addOperation(op)
                    op = BlockOperation { }
                }
                let notify = BlockOperation { }
                var scheduled = false
                for _ in events {
                    if !scheduled {
                        queue.addOperation(notify)
                        scheduled = true
                    }
                }
                let filtered = BlockOperation { }
                for event in events where event > 0 {
                    queue.addOperation(filtered)
                }
                let once = BlockOperation { }
                var go = true
                while go {
                    queue.addOperation(once)
                    go = false
                }
            }
        }
        """)
        #expect(c.findings("OPL302").isEmpty, "\(c.findings("OPL302").map(\.message))")
        let objectiveC = RealCodeCase("Drain.m", """
        void drain(NSOperationQueue *queue, NSArray *ops) {
            NSEnumerator *e = [ops objectEnumerator];
            NSOperation *op = nil;
            op = [NSBlockOperation blockOperationWithBlock:^{}];
            [queue addOperation:op];
            while ((op = [e nextObject])) {
                [queue addOperation:op];
            }
        }
        """)
        #expect(objectiveC.findings("OPL302").isEmpty, "\(objectiveC.findings("OPL302").map(\.message))")
    }

    @Test("A loop that adds many operations made before it is walked once, whatever the number of calls")
    func manyCallsInOneLoop() {
        let n = 300
        var text = "func run(queue: OperationQueue) {\n"
        for i in 0..<n { text += "    let op\(i) = BlockOperation { }\n" }
        text += "    for _ in 0..<3 {\n"
        for i in 0..<n { text += "        queue.addOperation(op\(i))\n" }
        text += "    }\n}\n"
        let file = SourceFile(path: "Many.swift", language: .swift, bytes: Array(text.utf8))
        let scanner = FileScanner(file: file, classes: ClassTable())
        let scan = scanner.run()
        #expect(scan.facts.enqueues.filter { $0.iterations == 3 }.count == n)
        // One walk of the loop serves all its calls: the repeat check stays linear.
        #expect(scanner.loopFacts.count == 1)
    }

    @Test("Names a for pattern binds are the loop's: a tuple, `case let … as`, `.some(let …)` (no repeat of an outer operation of that name)")
    func patternsBindTheLoopVariable() {
        let c = RealCodeCase("Patterns.swift", """
        func schedule(_ ops: [Operation], items: [Any], queue: OperationQueue) {
            let op = BlockOperation { }
            queue.addOperation(op)
            for (index, op) in ops.enumerated() {
                op.queuePriority = index == 0 ? .high : .normal
                queue.addOperation(op)
            }
            for case let op as Operation in items {
                queue.addOperation(op)
            }
            for (i, op) in zip(0..., ops) {
                op.name = "op\\(i)"
                queue.addOperation(op)
            }
        }
        """)
        #expect(c.alarms.isEmpty, "\(c.alarms)")
    }

    @Test("Objective-C: `i <= N` runs N − start + 1 times")
    func objectiveCInclusiveBound() {
        let c = RealCodeCase("Bounds.m", """
        void run(NSOperationQueue *queue) {
            NSBlockOperation *once = [NSBlockOperation blockOperationWithBlock:^{}];
            for (int i = 0; i <= 0; i++) {
                [queue addOperation:once];
            }
            NSBlockOperation *twice = [NSBlockOperation blockOperationWithBlock:^{}];
            for (int i = 0; i <= 1; i++) {
                [queue addOperation:twice];
            }
        }
        """)
        #expect(c.alarms == ["OPL302@Bounds.m:8"], "\(c.alarms)")
        #expect(c.findings("OPL302").first?.severity == .error)
    }

    @Test("A break of an inner loop or a switch, a return in a closure and a throw caught in the iteration do not leave the loop; a break under an if, a labeled break and an uncaught throw do")
    func whatLeavesTheLoop() {
        let c = RealCodeCase("Leaves.swift", """
        enum Mode { case fast, slow }
        struct Oops: Error {}
        func run(queue: OperationQueue, mode: Mode, items: [Int]) throws {
            let a = BlockOperation { }
            for _ in 0..<3 {
                for v in items { if v == 2 { break } }
                queue.addOperation(a)
            }
            let b = BlockOperation { }
            for _ in 0..<3 {
                switch mode { case .fast: break; case .slow: print("slow") }
                queue.addOperation(b)
            }
            let c = BlockOperation { }
            for _ in 0..<3 {
                items.forEach { item in if item < 0 { return } }
                queue.addOperation(c)
            }
            let d = BlockOperation { }
            for _ in 0..<3 {
                do { throw Oops() } catch { print(error) }
                queue.addOperation(d)
            }
            let e = BlockOperation { }
            for i in 0..<3 {
                if i == 1 { break }
                queue.addOperation(e)
            }
            let f = BlockOperation { }
            outer: for _ in 0..<3 {
                for v in items { if v == 2 { break outer } }
                queue.addOperation(f)
            }
            let g = BlockOperation { }
            for i in 0..<3 {
                if i == 1 { throw Oops() }
                queue.addOperation(g)
            }
        }
        """)
        #expect(c.findings("OPL302").map(\.location.line) == [7, 12, 17, 22], "\(c.findings("OPL302").map(\.message))")
        let objectiveC = RealCodeCase("Leaves.m", """
        void run(NSOperationQueue *queue, int mode, NSArray *items) {
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{}];
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 10; c++) { if (c == 4) break; }
                switch (mode) { case 0: break; default: break; }
                [items enumerateObjectsUsingBlock:^(id obj, NSUInteger idx, BOOL *stop) { if (!obj) { return; } }];
                [queue addOperation:a];
            }
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{}];
            for (int r = 0; r < 3; r++) {
                if (r == 1) { break; }
                [queue addOperation:b];
            }
        }
        """)
        #expect(objectiveC.findings("OPL302").map(\.location.line) == [7], "\(objectiveC.findings("OPL302").map(\.message))")
    }

    @Test("A block that always runs (`do { }`, `@autoreleasepool { }`) is part of the loop's body; an operation made in it each iteration is no repeat")
    func alwaysRunBlocks() {
        let swift = RealCodeCase("Do.swift", """
        func run(queue: OperationQueue) {
            let op = BlockOperation { }
            for _ in 0..<3 {
                do {
                    queue.addOperation(op)
                }
            }
        }
        """)
        #expect(swift.alarms == ["OPL302@Do.swift:5"], "\(swift.alarms)")
        let objectiveC = RealCodeCase("Pool.m", """
        void drain(NSOperationQueue *queue, NSArray *items) {
            NSBlockOperation *flush = [NSBlockOperation blockOperationWithBlock:^{}];
            for (int i = 0; i < 3; i++) {
                @autoreleasepool {
                    [queue addOperation:flush];
                }
            }
            for (id item in items) {
                @autoreleasepool {
                    NSBlockOperation *each = [NSBlockOperation blockOperationWithBlock:^{}];
                    [queue addOperation:each];
                }
            }
        }
        """)
        #expect(objectiveC.alarms == ["OPL302@Pool.m:5"], "\(objectiveC.alarms)")
    }

    @Test("A start in every iteration is told to start once after the loop, an add to add once")
    func fixSaysStartOrAdd() {
        let c = RealCodeCase("Start.swift", """
        func run(queue: OperationQueue) {
            let op = BlockOperation { }
            for _ in 0..<2 {
                op.start()
            }
            let other = BlockOperation { }
            for _ in 0..<2 {
                queue.addOperation(other)
            }
        }
        """)
        #expect(c.findings("OPL302").map { $0.fix?.message ?? "" } == [
            "make a new operation in each iteration, or start op once, after the loop",
            "make a new operation in each iteration, or add other once, after the loop",
        ] || c.findings("OPL302").map { $0.fix?.message ?? "" } == [
            "make a new operation in each iteration, or start run(queue:).op once, after the loop",
            "make a new operation in each iteration, or add run(queue:).other once, after the loop",
        ], "\(c.findings("OPL302").map { $0.fix?.message ?? "" })")
    }

    @Test("A list written out of local names (`[cleanup]`, `@[flush]`) repeats each of them in every iteration; a list made in the loop does not")
    func listsWrittenOut() {
        let swift = RealCodeCase("List.swift", """
        func run(queue: OperationQueue) {
            let cleanup = BlockOperation { }
            for _ in 0..<2 {
                queue.addOperations([cleanup], waitUntilFinished: false)
            }
            for _ in 0..<2 {
                let fresh = BlockOperation { }
                queue.addOperations([fresh], waitUntilFinished: false)
            }
        }
        """)
        #expect(swift.alarms == ["OPL302@List.swift:4"], "\(swift.alarms)")
        let objectiveC = RealCodeCase("List.m", """
        void run(NSOperationQueue *queue) {
            NSBlockOperation *flush = [NSBlockOperation blockOperationWithBlock:^{}];
            for (int i = 0; i < 3; i++) {
                [queue addOperations:@[flush] waitUntilFinished:NO];
            }
        }
        """)
        #expect(objectiveC.alarms == ["OPL302@List.m:4"], "\(objectiveC.alarms)")
    }

    @Test("The same operation twice in one call's list is said so, without a first place that is the same call")
    func twiceInOneList() {
        let c = RealCodeCase("Twice.swift", """
        func run(queue: OperationQueue) {
            let op = BlockOperation { }
            queue.addOperations([op, op], waitUntilFinished: false)
        }
        """)
        let finding = c.findings("OPL302").first
        #expect(c.findings("OPL302").count == 1)
        #expect(finding?.message.contains("in this call's list twice") == true, "\(finding?.message ?? "")")
        #expect(finding?.related.isEmpty == true)
        #expect(finding?.fix?.message.hasPrefix("list ") == true)
    }
}
