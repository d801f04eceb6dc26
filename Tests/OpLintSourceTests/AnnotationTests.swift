import Testing
import OpLintCore
@testable import OpLintSource

@Suite("Annotations and suppression comments")
struct AnnotationTests {
    @Test("Every key of an operation annotation is read")
    func operationKeys() throws {
        let parsed = try Annotation.parse(comment: "// oplint:operation combine queue=downloads after=a,b duration=500ms priority=veryHigh qos=utility async never-finishes exclusive=Alert barrier count=3 start=manual reads=cache writes=db,log").get()
        guard case .operation(let name, let s) = parsed else {
            Issue.record("not an operation: \(parsed)")
            return
        }
        #expect(name == "combine")
        #expect(s.queue == "downloads")
        #expect(s.after == ["a", "b"])
        #expect(s.duration == 0.5)
        #expect(s.priority == .veryHigh)
        #expect(s.qualityOfService == .utility)
        #expect(s.isAsynchronous == true)
        #expect(s.finishes == false)
        #expect(s.exclusive == ["Alert"])
        #expect(s.isBarrier == true)
        #expect(s.count == 3)
        #expect(s.start == .manual)
        #expect(s.reads == ["cache"])
        #expect(s.writes == ["db", "log"])
    }

    @Test("Queue annotations, depends, waits, suppressions")
    func otherDirectives() throws {
        guard case .queue("downloads", let q) = try Annotation.parse(comment: "// oplint:queue downloads max=2 qos=userInitiated suspended").get() else {
            Issue.record("not a queue")
            return
        }
        #expect(q.maxConcurrentOperationCount == 2)
        #expect(q.isSuspended == true)
        #expect(try Annotation.parse(comment: "// oplint:depends show on combine,decode").get() == .depends(waiter: "show", on: ["combine", "decode"]))
        #expect(try Annotation.parse(comment: "/* oplint:waits report for combine */").get() == .waits(waiter: "report", for: ["combine"]))
        #expect(try Annotation.parse(comment: "// oplint:disable-next-line OPL301 enqueued-twice").get() == .suppression(.disableNextLine, rules: ["OPL301", "enqueued-twice"]))
        #expect(try Annotation.parse(comment: "// oplint:disable-file").get() == .suppression(.disableFile, rules: []))
        #expect(Annotation.duration("2") == 2)
        #expect(Annotation.duration("2s") == 2)
        #expect(Annotation.duration("150ms") == 0.15)
    }

    @Test("Malformed annotations are errors with a message", arguments: [
        "// oplint:operation a priority=urgent",
        "// oplint:operation a colour=red",
        "// oplint:queue q max=two",
        "// oplint:queue q max=-2",
        "// oplint:operation a duration=fast",
        "// oplint:operation a count=0",
        "// oplint:depends a b",
        "// oplint:wait a for b",
        "// oplint:",
        "// oplint:operation a queue",
    ])
    func malformed(comment: String) {
        guard case .failure(let error) = Annotation.parse(comment: comment) else {
            Issue.record("accepted: \(comment)")
            return
        }
        #expect(!error.message.isEmpty)
    }

    static func lint(_ text: String, rules: [String: Severity?] = [:]) -> LintResult {
        let graph = SourceExtractor.extract(files: [("S.swift", Array(text.utf8))]).graph
        return Linter(severities: rules).lint(graph)
    }

    static let late = """
    let queue = OperationQueue()
    let a = BlockOperation { }
    let b = BlockOperation { }
    queue.addOperation(b)
    %@
    b.addDependency(a)
    queue.addOperation(a)
    """

    @Test("disable-next-line, disable … enable and disable-file suppress; unused ones are reported")
    func suppression() {
        func run(_ comment: String) -> LintResult { Self.lint(Self.late.replacingOccurrences(of: "%@", with: comment)) }
        let plain = run("")
        #expect(plain.reported.map(\.rule.code) == ["OPL301"])
        for comment in ["// oplint:disable-next-line OPL301", "// oplint:disable dependency-after-enqueue", "// oplint:disable-file OPL301", "// oplint:disable-next-line"] {
            let result = run(comment)
            #expect(result.reported.isEmpty, "\(comment): \(result.reported.map(\.message))")
            #expect(result.findings.contains { $0.rule.code == "OPL301" && $0.isSuppressed })
        }
        let wrongRule = run("// oplint:disable-next-line OPL302")
        #expect(wrongRule.reported.map(\.rule.code).sorted() == ["OPL301", "OPL307"])
        // An `enable` ends a `disable` before the finding.
        let ended = Self.lint(Self.late.replacingOccurrences(of: "%@", with: "// oplint:disable OPL301\n// oplint:enable OPL301"))
        #expect(ended.reported.map(\.rule.code).sorted() == ["OPL301", "OPL307"])
        // Turning OPL307 off silences unused-suppression.
        let off = Self.lint(Self.late.replacingOccurrences(of: "%@", with: "// oplint:disable-next-line OPL302"), rules: ["OPL307": Severity?.none])
        #expect(off.reported.map(\.rule.code) == ["OPL301"])
    }

    @Test("An annotation above a declaration names it; inferred facts still apply")
    func namesDeclaration() {
        let text = """
        final class Loader {
            // oplint:queue downloads max=2
            let queue = OperationQueue()
            func load() {
                // oplint:operation fetchIndex duration=2s
                let fetch = BlockOperation { }
                // oplint:operation
                let parse = BlockOperation { }
                parse.addDependency(fetch)
                queue.addOperation(fetch)
                queue.addOperation(parse)
            }
        }
        """
        let graph = SourceExtractor.extract(files: [("L.swift", Array(text.utf8))]).graph
        #expect(graph.queues.map(\.name) == ["downloads"])
        #expect(graph.queues.first?.maxConcurrentOperationCount == 2)
        #expect(graph.operations.map(\.name) == ["fetchIndex", "parse"])
        #expect(graph.operations.first?.duration == 2)
        #expect(graph.operations.last?.dependencies.map(\.name) == ["fetchIndex"])
        #expect(graph.operations.allSatisfy { $0.queue == "downloads" })
        #expect(graph.operations.first?.location?.line == 6)
    }
}
