import Foundation
import Testing
import OpLintCore
@testable import OpLintSource

/// The first pass's short cuts against the long way round: the words the tokenizer notes
/// against a walk over every token, the brackets it pairs as it goes against pairing them
/// afterwards, the finishing-words prefilter against searching every class body, and the
/// fold in path order against any order of delivery — on the corpus, on files shaped to
/// defeat each short cut, and on thousands of seeded mutations of them.
@Suite("First pass short cuts")
struct FirstPassTests {
    // MARK: References: the first pass as it was, token by token

    /// The operation API's words, as the declaration pass listed them before the tokenizer noted them.
    static let apiWords: Set<String> = [
        "addDependency", "removeDependency", "addOperation", "addOperations", "addOperationWithBlock",
        "addBarrierBlock", "maxConcurrentOperationCount", "setMaxConcurrentOperationCount",
        "waitUntilFinished", "waitUntilAllOperationsAreFinished", "cancelAllOperations", "queuePriority",
        "setQueuePriority", "OperationQueue", "NSOperationQueue", "BlockOperation", "NSBlockOperation",
        "NSInvocationOperation", "Operation", "NSOperation", "sync", "dispatch_sync", "start", "cancel",
    ]

    /// The keyword tokens the declaration pass acts on and whether the file is relevant,
    /// found by walking every token.
    static func referenceWords(_ file: SourceFile) -> (keywords: [Int32], relevant: Bool) {
        var keywords: [Int32] = []
        var relevant = false
        for i in file.tokens.indices {
            let token = file.tokens[i]
            if token.kind == .annotation { relevant = true }
            guard token.kind == .identifier else { continue }
            let text = file.text(i)
            if apiWords.contains(text) { relevant = true }
            let first = file.bytes[Int(token.start)]
            guard token.length >= 5, token.length <= 14, Array("aceipst".utf8).contains(first) else { continue }
            if ["class", "extension", "struct", "enum", "protocol", "typealias", "actor", "interface", "implementation"].contains(text) {
                keywords.append(Int32(i))
            }
        }
        return (keywords, relevant)
    }

    /// Brackets paired after tokenizing: the nearest opener of the same kind, at most 64 deep.
    static func referencePartners(_ file: SourceFile) -> [Int32] {
        var partner = [Int32](repeating: -1, count: file.tokens.count)
        var stack: [Int] = []
        for i in file.tokens.indices where file.tokens[i].kind == .punctuation {
            let b = file.bytes[Int(file.tokens[i].start)]
            switch b {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(i)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let open: UInt8 = b == UInt8(ascii: ")") ? UInt8(ascii: "(") : b == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                var k = stack.count - 1
                while k >= 0 && k >= stack.count - 64 && file.bytes[Int(file.tokens[stack[k]].start)] != open { k -= 1 }
                if k >= 0 && k >= stack.count - 64 {
                    partner[stack[k]] = Int32(i)
                    partner[i] = Int32(stack[k])
                    stack.removeSubrange(k...)
                }
            default:
                break
            }
        }
        return partner
    }

    /// Whether `bytes` contains a finishing word, lowercasing ASCII letters and comparing everywhere.
    static func referenceFinishingWords(_ bytes: [UInt8]) -> Bool {
        let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return ["finish", "done", "complete", "state", "changevalue"].contains { word in
            let w = Array(word.utf8)
            guard lower.count >= w.count else { return false }
            return (0...(lower.count - w.count)).contains { start in Array(lower[start..<start + w.count]) == w }
        }
    }

    /// Checks every short cut on one file.
    static func checkShortCuts(_ name: String, _ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for language in [SourceLanguage.swift, .objectiveC] {
            let file = SourceFile(path: name, language: language, bytes: bytes)
            let reference = referenceWords(file)
            #expect(file.declarationKeywords == reference.keywords, "\(name) (\(language)): declaration keywords", sourceLocation: sourceLocation)
            #expect(file.mentionsOperationAPI == reference.relevant, "\(name) (\(language)): relevance", sourceLocation: sourceLocation)
            #expect(Array(file.partner) == referencePartners(file), "\(name) (\(language)): bracket partners", sourceLocation: sourceLocation)
            let fast = DeclarationScanner(file: file, prefilter: true).scan()
            let full = DeclarationScanner(file: file, prefilter: false).scan()
            #expect(fast.declared == full.declared, "\(name) (\(language)): declared types with and without the prefilter", sourceLocation: sourceLocation)
            #expect(fast.isRelevant == full.isRelevant, sourceLocation: sourceLocation)
        }
        #expect(FinishingWords.mayAppear(in: bytes) == referenceFinishingWords(bytes), "\(name): finishing words", sourceLocation: sourceLocation)
    }

    /// The graph and warnings of `files`, written out, with and without the prefilter.
    static func bothWays(_ files: [(String, String)]) -> (fast: String, full: String) {
        let input = files.map { (path: $0.0, bytes: Array($0.1.utf8)) }
        let fast = SourceExtractor.extract(files: input, prefilter: true)
        let full = SourceExtractor.extract(files: input, prefilter: false)
        return (GraphWriter().write(fast.graph) + fast.warnings.joined(separator: "\n"),
                GraphWriter().write(full.graph) + full.warnings.joined(separator: "\n"))
    }

    // MARK: Inputs

    static func corpusFiles() throws -> [(String, [UInt8])] {
        try Corpus.cases().map { name in (name, try [UInt8](Data(contentsOf: Corpus.directory.appendingPathComponent(name)))) }
    }

    /// Fragments that open and close comments, strings, interpolations, brackets and
    /// declarations, and spell the words the short cuts look for.
    static let fragments: [[UInt8]] = [
        "{", "}", "(", ")", "[", "]", "\"", "'", "`", "/*", "*/", "//", "#", "#\"", "\"#", "\"\"\"", "\\(", "\\", "\n", " ", "@",
        "class ", "extension ", "struct ", "enum ", "protocol ", "typealias ", "actor ", "@interface ", "@implementation ", "@end",
        "finish", "Finished", "DONE", "complete", "state", "willChangeValueForKey:", "isAsynchronous", "start", "addDependency",
        "Operation", "oplint:", " : NSObject", ": Base", "let x = Thing()", "+ (instancetype)make", "static func make() -> Self",
        "é", "\u{1F600}",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0x80, 0x80], [0xED, 0xA0, 0x80]]

    /// `count` seeded mutations of `base`: fragments inserted, bytes removed, spans repeated.
    static func mutations(of base: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix(seed)
        return (0..<count).map { _ in
            var bytes = base
            for _ in 0..<(1 + random.below(6)) {
                let at = random.below(bytes.count + 1)
                switch random.below(3) {
                case 0: bytes.insert(contentsOf: fragments[random.below(fragments.count)], at: at)
                case 1 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(8)))
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + random.below(40))], at: at)
                }
            }
            return bytes
        }
    }

    struct SplitMix {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    }

    // MARK: Tests

    @Test("The corpus: noted words, partners and declared types as the long way gives them")
    func corpus() throws {
        let files = try Self.corpusFiles()
        #expect(files.count >= 40)
        for (name, bytes) in files { Self.checkShortCuts(name, bytes) }
    }

    @Test("Seeded mutations of the corpus and of the edge cases below")
    func mutated() throws {
        var seed: UInt64 = 1
        let bases = try Self.corpusFiles() + Self.edgeCases.map { ($0.0, Array($0.1.utf8)) }
        for (name, base) in bases {
            for (k, bytes) in Self.mutations(of: base, count: 30, seed: seed).enumerated() {
                Self.checkShortCuts("mutation \(seed).\(k)", bytes)
                // The whole extraction, second pass included, each file with the one before it.
                if k % 3 == 0 {
                    let files = [(path: name, bytes: bytes), (path: "Other.swift", bytes: base)]
                    let fast = SourceExtractor.extract(files: files, prefilter: true)
                    let full = SourceExtractor.extract(files: files, prefilter: false)
                    #expect(GraphWriter().write(fast.graph) == GraphWriter().write(full.graph), "mutation \(seed).\(k) of \(name)")
                    #expect(fast.warnings == full.warnings)
                }
            }
            seed += 1
        }
    }

    @Test("Finishing words in any case, at any offset, across block boundaries, among multi-byte text")
    func finishingWords() {
        var random = SplitMix(7)
        let filler = Array("abc XYZ_09 ()é\u{1F600}{}\n".utf8)
        for _ in 0..<3000 {
            var bytes = (0..<random.below(80)).map { _ in filler[random.below(filler.count)] }
            if random.below(2) == 0 {
                var word = Array(["finish", "done", "complete", "state", "changevalue"][random.below(5)].utf8)
                // Cut the word short now and then, so that near misses are tried too.
                if random.below(4) == 0 { word.removeLast() }
                for i in word.indices where random.below(2) == 0 { word[i] &= ~0x20 }
                bytes.insert(contentsOf: word, at: random.below(bytes.count + 1))
            }
            #expect(FinishingWords.mayAppear(in: bytes) == Self.referenceFinishingWords(bytes), "\(bytes)")
        }
    }

    /// Files shaped against the short cuts; the API only in comments and strings, a subclass
    /// declaration or a KVO finishing call as the only thing that matters, multi-byte and
    /// invalid UTF-8, an empty file.
    static let edgeCases: [(String, String)] = [
        ("Mentions.swift", """
         // queue.addOperation(op); a.addDependency(b) — only in a comment
         let text = "OperationQueue().addOperation(BlockOperation { })"
         /* start() cancel() sync */ class Holder: NSObject { let note = "waitUntilFinished" }
         """),
        ("Base.swift", """
         class AsyncBase: Operation {
             override var isAsynchronous: Bool { true }
             override func start() { work() }
             func work() {}
         }
         """),
        ("Download.swift", "class Download: AsyncBase {\n    let url = URL(string: \"x\")\n}\n"),
        ("Upload.swift", """
         class Upload: AsyncBase {
             override func work() {
                 willChangeValue(forKey: "isFinished")
                 didChangeValue(forKey: "isFinished")
             }
         }
         """),
        ("Use.swift", "let queue = OperationQueue()\nqueue.addOperation(Download())\nqueue.addOperation(Upload())\n"),
        ("Unicode.swift", "// caf\u{E9} \u{2615}\u{FE0F}\nclass \u{C7}af\u{E9}: AsyncBase { let na\u{EF}ve = Thing() }\nstruct \u{1F600}Face {}\n"),
        ("Empty.swift", ""),
    ]

    @Test("Edge cases: the same graph and warnings with and without the prefilter")
    func edgeCasesBothWays() {
        for (name, text) in Self.edgeCases { Self.checkShortCuts(name, Array(text.utf8)) }
        let (fast, full) = Self.bothWays(Self.edgeCases)
        #expect(fast == full)
    }

    @Test("A file that mentions the API only in comments and strings is not read again")
    func mentionsOnlyInCommentsAndStrings() throws {
        let (name, text) = try #require(Self.edgeCases.first { $0.0 == "Mentions.swift" })
        let file = SourceFile(path: name, language: .swift, bytes: Array(text.utf8))
        #expect(!file.mentionsOperationAPI)
        let graph = SourceExtractor.extract(files: [(name, Array(text.utf8))]).graph
        #expect(graph.operations.isEmpty && graph.queues.isEmpty)
        #expect(graph.sourceFacts.coverage?.filesUsingOperations == 0)
    }

    @Test("A subclass declared in a file without operation code, and its KVO finishing call, still count")
    func subclassAndFinishingInFilesWithoutAPI() throws {
        let files = Self.edgeCases.filter { ["Base.swift", "Download.swift", "Upload.swift", "Use.swift"].contains($0.0) }
        for name in ["Download.swift", "Upload.swift"] {
            let text = try #require(files.first { $0.0 == name }?.1)
            #expect(!SourceFile(path: name, language: .swift, bytes: Array(text.utf8)).mentionsOperationAPI, "\(name) takes the short way")
        }
        let graph = SourceExtractor.extract(files: files.map { ($0.0, Array($0.1.utf8)) }).graph
        let kinds = Dictionary(graph.operations.map { ($0.name, ($0.isAsynchronous, $0.finishes)) }, uniquingKeysWith: { a, _ in a })
        #expect(graph.operations.count == 2)
        // The base class replaces start and never finishes; Upload's KVO calls finish it.
        #expect(graph.operations.contains { $0.isAsynchronous && !$0.finishes })
        #expect(graph.operations.contains { $0.isAsynchronous && $0.finishes }, "\(kinds)")
        // Without the KVO calls, both never finish: the finishing call is what the pass found.
        var withoutCalls = files
        withoutCalls[2].1 = "class Upload: AsyncBase {\n    override func work() {}\n}\n"
        let never = SourceExtractor.extract(files: withoutCalls.map { ($0.0, Array($0.1.utf8)) }).graph
        #expect(never.operations.filter { !$0.finishes }.count == 2)
        let (fast, full) = Self.bothWays(files)
        #expect(fast == full)
    }

    @Test("A nested type's overrides are its own, not the enclosing class's; members and factories still count")
    func nestedTypeOverridesStayWithTheNestedType() {
        let text = """
        class Group: Operation {
            let queue = OperationQueue()
            static func make() -> Group { Group() }
            func helper() { let inner = 1; _ = inner }
            final class Finisher: Operation {
                override var isAsynchronous: Bool { true }
                override func start() { }
            }
        }
        """
        let file = SourceFile(path: "Group.swift", language: .swift, bytes: Array(text.utf8))
        for prefilter in [true, false] {
            let declared = DeclarationScanner(file: file, prefilter: prefilter).scan().declared.classes
            let group = declared.first { $0.name == "Group" }
            let finisher = declared.first { $0.name == "Finisher" }
            #expect(group?.overridesStart == false && group?.overridesAsynchronous == false)
            #expect(group?.members == ["queue": "OperationQueue"] && group?.factories == ["make": "Group"])
            #expect(finisher?.overridesStart == true && finisher?.overridesAsynchronous == true)
        }
    }

    @Test("Invalid UTF-8, a binary file with a .swift name, NUL bytes after the first 8 KB, an empty file")
    func badBytes() throws {
        let invalid: [UInt8] = Array("class A: Base {\n  let x = Thing() // ".utf8) + [0xFF, 0xFE, 0xC3] + Array(" finish\n}\n".utf8)
        Self.checkShortCuts("Invalid.swift", invalid)
        let lateNul = Array(String(repeating: "// padding\n", count: 800).utf8) + [0] + Array("class Late: Base { func done() {} }\n".utf8)
        Self.checkShortCuts("LateNul.swift", lateNul)
        Self.checkShortCuts("Empty.swift", [])
        let root = try BadInputTests.tree([
            ("Binary.swift", [0x00, 0x01, 0xFF] + Array("class Hidden: Operation {}".utf8)),
            ("Invalid.swift", invalid),
            ("LateNul.swift", lateNul),
            ("Empty.swift", []),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (graph, warnings) = SourceExtractor.extract(paths: [root])
        #expect(warnings.contains { $0.hasSuffix("Binary.swift: a binary file (it contains NUL bytes); skipped") })
        #expect(warnings.contains { $0.hasSuffix("Invalid.swift: not valid UTF-8; read as bytes, columns may be off") })
        #expect(graph.sourceFacts.coverage?.files == 3)
        #expect(graph.source?.files.count == 4)
    }

    @Test("An unmatched ] before an Objective-C selector is no receiver")
    func unmatchedBracketBeforeSelector() {
        // The first pass looked up the partner of the missing `[` and stopped the process.
        let text = "void f() { x] addDependency:b]; [queue addOperation:op]; }\n"
        let (graph, _) = SourceExtractor.extract(files: [("C.m", Array(text.utf8))])
        #expect(graph.sourceFacts.coverage?.filesUsingOperations == 1)
        Self.checkShortCuts("C.m", Array(text.utf8))
    }

    @Test("Usage evidence looks at each dependency pair a few times, however long the chain", arguments: [250, 1000, 4000])
    func usageEvidenceIsLinear(operations n: Int) {
        // n operations of one class, chained in reverse order: every name is new once, and only
        // the pairs of a new name are looked at again (each new name once brought every pair of
        // the class back, n² visits).
        var text = "func build() {\n"
        for i in 0..<n { text += "    let op\(i) = BlockOperation { }\n" }
        for i in stride(from: n - 1, to: 0, by: -1) { text += "    op\(i).addDependency(op\(i - 1))\n" }
        text += "}\n"
        let file = SourceFile(path: "Chain.swift", language: .swift, bytes: Array(text.utf8))
        let evidence = UsageEvidence(file: file)
        #expect(evidence.operationNames.count == n)
        #expect(evidence.pairVisits <= 3 * (n - 1), "\(evidence.pairVisits) visits for \(n - 1) pairs")
    }

    @Test("Classes the calls show: compared as bytes when all are ASCII, by canonical equivalence otherwise")
    func usageEvidenceClasses() {
        func evidence(_ text: String) -> UsageEvidence {
            UsageEvidence(file: SourceFile(path: "Uses.swift", language: .swift, bytes: Array(text.utf8)))
        }
        let ascii = evidence("""
            func go(queue: OperationQueue, tasks: TaskQueue) {
                let fetch: FetchJob = make()
                let parse = ParseJob()
                let shown: NSString = label
                queue.addOperation(fetch)
                parse.addDependency(fetch)
                tasks.addOperation(shown)
                let both = Both()
                both.addOperation(fetch)
                queue.addOperation(both)
            }
            """)
        // Foundation's classes and value types are never noted; a class used as both is a queue's.
        #expect(ascii.operationClasses == ["FetchJob", "ParseJob"])
        #expect(ascii.queueClasses == ["TaskQueue", "Both"])
        #expect(ascii.operationNames.contains(ScanName("parse")))
        // `Caf\u{E9}Job` (precomposed) and `Cafe\u{301}Job` (combining) are one class as `String`s:
        // the second, declared with the other spelling, is an operation through the first.
        let combining = evidence("""
            func go(queue: OperationQueue) {
                let a: Caf\u{E9}Job = make()
                let b: Cafe\u{301}Job = make()
                let c: Other = make()
                queue.addOperation(a)
                c.addDependency(b)
            }
            """)
        #expect(combining.operationClasses.contains("Caf\u{E9}Job"))
        #expect(combining.operationClasses.contains("Other"))
        #expect(combining.operationNames.contains(ScanName("c")))
    }

    @Test("Results folded in path order whatever order the workers deliver them in")
    func foldOrder() throws {
        let files = try Self.corpusFiles() + Self.edgeCases.map { ($0.0, Array($0.1.utf8)) }
        let passes: [FirstPass?] = files.enumerated().map { index, entry in
            // One file gives nothing to fold, as a file whose language is unknown would.
            if index == 3 { return nil }
            let file = SourceFile(path: entry.0, language: SourceLanguage(path: entry.0) ?? .swift, bytes: entry.1)
            let result = DeclarationScanner(file: file).scan()
            return FirstPass(file: result.isRelevant ? file : nil, isRead: true, declared: result.declared, warnings: ["w\(index)"], uses: result.uses)
        }
        let inOrder = FirstPassFold(isKept: { _ in true })
        for (index, pass) in passes.enumerated() { inOrder.deliver(index, pass) }
        let expected = inOrder.finish()
        var random = SplitMix(11)
        for _ in 0..<20 {
            var shuffled = Array(passes.indices)
            for i in shuffled.indices.reversed() { shuffled.swapAt(i, random.below(i + 1)) }
            let order = shuffled
            let fold = FirstPassFold(isKept: { _ in true })
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                for (position, index) in order.enumerated() where position % 2 == half { fold.deliver(index, passes[index]) }
            }
            let got = fold.finish()
            #expect(got.classes.classes == expected.classes.classes)
            #expect(got.classes.shadowedNames == expected.classes.shadowedNames)
            #expect(got.classes.usedAsOperations == expected.classes.usedAsOperations)
            #expect(got.classes.usedAsQueues == expected.classes.usedAsQueues)
            #expect(got.relevant.map(\.0.path) == expected.relevant.map(\.0.path))
            #expect(got.warnings == expected.warnings)
            #expect(got.filesRead == expected.filesRead)
        }
    }

    /// Whether each file is read, as a walk still going on says it: known at once before the
    /// first file that may repeat one, known for the rest only once the walk has ended.
    final class LateDecisions: @unchecked Sendable {
        let firstRepeat: Int
        let kept: [Bool]
        private let lock = NSLock()
        private var ended = false

        init(firstRepeat: Int, kept: [Bool]) {
            self.firstRepeat = firstRepeat
            self.kept = kept
        }

        func end() {
            lock.lock()
            ended = true
            lock.unlock()
        }

        func isKept(_ index: Int) -> Bool? {
            lock.lock()
            defer { lock.unlock() }
            if index < firstRepeat { return true }
            return ended ? kept[index] : nil
        }
    }

    @Test("Files found again through a link are dropped, whenever the walk says so and in whatever order they come")
    func foldDropsFilesFoundAgain() throws {
        let files = try Self.corpusFiles() + Self.edgeCases.map { ($0.0, Array($0.1.utf8)) }
        let passes: [FirstPass?] = files.enumerated().map { index, entry in
            let file = SourceFile(path: entry.0, language: SourceLanguage(path: entry.0) ?? .swift, bytes: entry.1)
            let result = DeclarationScanner(file: file).scan()
            return FirstPass(file: result.isRelevant ? file : nil, isRead: true, declared: result.declared, warnings: ["w\(index)"], uses: result.uses)
        }
        var random = SplitMix(23)
        for round in 0..<20 {
            let firstRepeat = random.below(passes.count)
            let kept = passes.indices.map { $0 < firstRepeat || random.below(3) != 0 }
            // The fold of the files read, in order, with every decision known.
            let reference = FirstPassFold(isKept: { _ in true })
            var position = 0
            for index in passes.indices where kept[index] {
                reference.deliver(position, passes[index])
                position += 1
            }
            let expected = reference.finish()
            let decisions = LateDecisions(firstRepeat: firstRepeat, kept: kept)
            let fold = FirstPassFold(isKept: { decisions.isKept($0) })
            var order = Array(passes.indices)
            for i in order.indices.reversed() { order.swapAt(i, random.below(i + 1)) }
            let shuffled = order
            DispatchQueue.concurrentPerform(iterations: 2) { half in
                for (position, index) in shuffled.enumerated() where position % 2 == half { fold.deliver(index, passes[index]) }
            }
            decisions.end()
            let got = fold.finish()
            #expect(got.classes.classes == expected.classes.classes, "round \(round)")
            #expect(got.relevant.map(\.0.path) == expected.relevant.map(\.0.path), "round \(round)")
            #expect(got.warnings == expected.warnings, "round \(round)")
            #expect(got.filesRead == kept.filter { $0 }.count, "round \(round)")
        }
    }
}
