import Testing
import OpLintCore
@testable import OpLintSource

/// A second round of hand-written cases: names that capture lists and `case` patterns bind,
/// regular expressions after `?`, raw strings that hold a quote, concurrent dispatch queues made
/// in several ways, queues obtained from other code, operations that enqueue themselves in their
/// initializer, starts in a `defer`, and finishing code that another object's method or a macro
/// seems to hold.
@Suite("Hand-written cases, second round")
struct PatternAndQueueCaseTests {
    @Test("A capture list's `[queue = ui]` renames the queue inside the closure only")
    func captureListRenamesInsideTheClosure() {
        let code = """
        final class Sync {
            let queue = OperationQueue()
            let ui = OperationQueue.main
            func go() {
                let refresh = BlockOperation { [queue = ui] in
                    queue.addOperation { print("UI") }
                }
                let later = BlockOperation { }
                let check = BlockOperation { later.waitUntilFinished() }
                queue.addOperation(refresh)
                queue.addOperation(check)
                queue.addOperation(later)
            }
        }
        """
        let renamed = RealCodeCase("Sync.swift", code)
        #expect(renamed.alarms.isEmpty, "\(renamed.alarms)")
        #expect(renamed.operation("check")?.queue == "queue")
        // Without the capture list the inner enqueue is on the default-width queue too, and still nothing is wrong.
        let plain = RealCodeCase("Sync.swift", code.replacingOccurrences(of: "[queue = ui] in", with: ""))
        #expect(plain.alarms.isEmpty, "\(plain.alarms)")
    }

    @Test("`[weak token = fetch]` does not make fetch wait for itself")
    func weakCaptureRename() {
        let found = RealCodeCase("Token.swift", """
        func load(queue: OperationQueue) {
            let token = BlockOperation { }
            let fetch = BlockOperation { }
            fetch.completionBlock = { [weak token = fetch] in print(token as Any) }
            fetch.addDependency(token)
            queue.addOperation(fetch)
        }
        """)
        #expect(found.findings("OPL102").isEmpty)
        #expect(found.edges == ["fetch → token"])
        #expect(found.findings("OPL105").count == 1)
    }

    @Test("Names bound by `if case`, `guard case` and `switch` patterns hide the outer name")
    func casePatternsBindNewNames() {
        let patterns = [
            "if case let .some(op) = maybe { queue.addOperation(op) }",
            "if case .some(let op) = maybe { queue.addOperation(op) }",
            "if case let op? = maybe { queue.addOperation(op) }",
            "switch maybe {\n    case let op?: queue.addOperation(op)\n    case nil: break\n    }",
        ]
        for pattern in patterns {
            let found = RealCodeCase("Case.swift", """
            func run(queue: OperationQueue, maybe: Operation?) {
                let op = BlockOperation { }
                queue.addOperation(op)
                \(pattern)
            }
            """)
            #expect(found.findings("OPL302").isEmpty, "\(pattern): \(found.alarms)")
        }
        // The same enqueue of the outer name is a repeat.
        let repeated = RealCodeCase("Case.swift", """
        func run(queue: OperationQueue, maybe: Operation?) {
            let op = BlockOperation { }
            queue.addOperation(op)
            if maybe != nil { queue.addOperation(op) }
        }
        """)
        #expect(repeated.findings("OPL302").count == 1)
    }

    @Test("A case's bindings end at the next case, and an if case's at the end of its body")
    func patternBindingsEndWithTheirCode() {
        let switchCases = RealCodeCase("Mode.swift", """
        enum Mode { case custom(Operation), plain }
        func run(queue: OperationQueue, mode: Mode) {
            let op = BlockOperation { }
            switch mode {
            case let .custom(op): print(op)
            case .plain: queue.addOperation(op)
            }
        }
        """)
        #expect(switchCases.findings("OPL105").isEmpty, "\(switchCases.alarms)")
        let ifCase = RealCodeCase("State.swift", """
        enum State { case loaded(Operation), idle }
        func run(q: OperationQueue, state: State) {
            let op = BlockOperation { }
            let parse = BlockOperation { }
            if case .loaded(let op) = state { print(op) }
            parse.addDependency(op)
            q.addOperations([op, parse], waitUntilFinished: false)
        }
        """)
        #expect(ifCase.alarms.isEmpty, "\(ifCase.alarms)")
        #expect(ifCase.edges == ["parse → op"])
        let cast = RealCodeCase("Cast.swift", """
        func run(queue: OperationQueue) {
            let op: Operation = BlockOperation { }
            switch op {
            case let op as BlockOperation: queue.addOperation(op)
            default: queue.addOperation(op)
            }
        }
        """)
        #expect(cast.findings("OPL105").isEmpty, "\(cast.alarms)")
    }

    @Test("A regular expression after `?` or `??` keeps its braces out of the code")
    func regexAfterQuestionMark() {
        for expression in [#"strict ? /\{/ : /x/"#, #"custom ?? /\{/"#] {
            let found = RealCodeCase("Screen.swift", """
            @MainActor final class Screen {
                var custom: Regex<Substring>?
                func pattern(strict: Bool) -> Regex<Substring> { \(expression) }
            }
            func background() {
                let q = OperationQueue()
                q.addOperations([BlockOperation { }], waitUntilFinished: true)
            }
            """)
            #expect(found.findings("OPL203").isEmpty, "\(expression): \(found.alarms)")
        }
        let tokens = SourceFile(path: "a.swift", language: .swift, bytes: Array(#"let r = flag ? /a}b/ : nil"#.utf8))
        #expect((0..<tokens.tokens.count).contains { tokens.tokens[$0].kind == .string && tokens.text($0) == "/a}b/" })
    }

    @Test("`#\"\"\"#` is a raw string holding one quote, and `#\"\"\"` on its own line starts a multi-line one")
    func rawStringHoldingAQuote() {
        let one = SourceFile(path: "a.swift", language: .swift, bytes: Array("let quote = #\"\"\"#\nlet q = OperationQueue()\n".utf8))
        #expect(one.warnings.isEmpty)
        #expect((0..<one.tokens.count).contains { one.isWord($0, "OperationQueue") })
        let multi = SourceFile(path: "a.swift", language: .swift, bytes: Array("let text = #\"\"\"\n  OperationQueue\n  \"\"\"#\nlet x = 1\n".utf8))
        #expect(multi.warnings.isEmpty)
        #expect(!(0..<multi.tokens.count).contains { multi.isWord($0, "OperationQueue") })
    }

    @Test("A file whose lines end in a carriage return alone is read line by line")
    func classicMacLineEndings() {
        let lines = ["func run() {", "    let queue = OperationQueue()", "    let a = BlockOperation { }", "    let b = BlockOperation { }",
                     "    a.addDependency(b) // a comment", "    b.addDependency(a)", "    queue.addOperations([a, b], waitUntilFinished: false)", "}", ""]
        let found = RealCodeCase("Old.swift", lines.joined(separator: "\r"))
        let cycles = found.findings("OPL101")
        #expect(cycles.count == 1)
        #expect(cycles.first?.location.line == 5)
        // The same bytes with Windows line endings, as a check that only a lone carriage return changes.
        #expect(RealCodeCase("New.swift", lines.joined(separator: "\r\n")).findings("OPL101").first?.location.line == 5)
    }

    @Test("A for-in loop over a list literal binds its variable to each operation of the list")
    func loopsOverListLiterals() {
        let objectiveC = RealCodeCase("Loader.m", """
        @implementation Loader
        - (void)load {
            NSOperationQueue *q = [[NSOperationQueue alloc] init];
            NSBlockOperation *a = [NSBlockOperation blockOperationWithBlock:^{ }];
            NSBlockOperation *b = [NSBlockOperation blockOperationWithBlock:^{ }];
            NSBlockOperation *c = [NSBlockOperation blockOperationWithBlock:^{ }];
            for (NSOperation *dep in @[a, b]) {
                [c addDependency:dep];
            }
            [a addDependency:c];
            [q addOperations:@[a, b, c] waitUntilFinished:NO];
        }
        @end
        """)
        #expect(Set(objectiveC.edges) == ["c → a", "c → b", "a → c"])
        #expect(objectiveC.findings("OPL101").count == 1)
        let swift = RealCodeCase("Loader.swift", """
        func load(queue: OperationQueue) {
            let fetch = BlockOperation { }
            let parse = BlockOperation { }
            let show = BlockOperation { }
            for dependency in [fetch, parse] {
                show.addDependency(dependency)
            }
            queue.addOperation(show)
        }
        """)
        #expect(Set(swift.edges) == ["show → fetch", "show → parse"])
        #expect(swift.findings("OPL105").count == 2)
    }
}
