import CTextScan
import Foundation
import Testing
import OpLintCore
@testable import OpLintSource

/// The skim that lets the first pass pass over a file, and the files the class table needs
/// after all: what the skim passes over against the tokenizer and the declaration pass, and
/// the extraction with passed-over files against the extraction that tokenizes every file.
@Suite("Files passed over by the first pass")
struct PassedOverFileTests {
    static func names(_ text: String, _ language: SourceLanguage = .swift) -> [UInt64]? {
        PassedOverFiles.names(ifPassedOver: Array(text.utf8), language: language, scratch: NameScratch())
    }

    static func hash(_ name: String) -> UInt64 {
        var name = name
        return name.withUTF8 { oplint_name_hash($0.baseAddress, $0.count) }
    }

    /// The graph and warnings of `files`, written out, with and without passing files over.
    static func bothWays(_ files: [(path: String, bytes: [UInt8])]) -> (skimmed: String, tokenized: String) {
        let skimmed = SourceExtractor.extract(files: files, prefilter: true, skim: true)
        let tokenized = SourceExtractor.extract(files: files, prefilter: true, skim: false)
        return (GraphWriter().write(skimmed.graph) + skimmed.warnings.joined(separator: "\n"),
                GraphWriter().write(tokenized.graph) + tokenized.warnings.joined(separator: "\n"))
    }

    /// The hash reads a name's last bytes in loads that may overlap the ones before (and, below
    /// four bytes, its first, middle and last byte): every byte of a name of any length still
    /// counts, and a name differs from itself with a byte added.
    @Test("Every byte of a name counts in its hash, at every length")
    func nameHashReadsEveryByte() {
        for length in 1...24 {
            let name = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let hash = name.withUnsafeBufferPointer { oplint_name_hash($0.baseAddress, $0.count) }
            for position in 0..<length {
                var changed = name
                changed[position] = UInt8(ascii: "Z")
                let other = changed.withUnsafeBufferPointer { oplint_name_hash($0.baseAddress, $0.count) }
                #expect(other != hash, "byte \(position) of \(length)")
            }
            let longer = (name + [UInt8(ascii: "a")]).withUnsafeBufferPointer { oplint_name_hash($0.baseAddress, $0.count) }
            #expect(longer != hash, "\(length) and one more")
        }
    }

    @Test("Plain code is passed over, with the names after its declaration keywords")
    func plainCode() throws {
        let swift = try #require(Self.names("""
            struct Invoice: Codable { var number: String }
            extension Invoice {
                func line() -> String { "Invoice \\(number) — \\(#"raw \\(no)"#)" /* a /* nested */ note */ }
            }
            typealias Bill = Invoice
            protocol Payable { var amount: Int { get } }
            """))
        for name in ["Invoice", "Bill", "Payable"] { #expect(swift.contains(Self.hash(name)), "\(name)") }
        let objectiveC = try #require(Self.names("""
            #import <Foundation/Foundation.h>
            #define TEXT @"a // b"
            @interface Greeter : NSObject
            @end
            @implementation Greeter
            - (char)quote { return '\\''; }
            @end
            """, .objectiveC))
        #expect(objectiveC.contains(Self.hash("Greeter")))
        #expect(objectiveC.contains(Self.hash("NSObject")) == false)
    }

    @Test("Every API word in the code makes the file read; in a comment or a string it does not, as for the tokenizer")
    func apiWords() {
        for word in OperationAPIWords.all {
            for language in [SourceLanguage.swift, .objectiveC] {
                #expect(Self.names("let x = \(word)\n", language) == nil, "\(word) (\(language))")
                #expect(Self.names("f(a, \(word));", language) == nil, "\(word) (\(language))")
                for text in ["// see \(word) below\n", "let s = \"\(word)\";\n", "/* \(word) */", "let x = my\(word)s\n"] {
                    #expect(Self.names(text, language) != nil, "\(text) (\(language))")
                }
            }
            // Inside an interpolation, in backticks: code.
            #expect(Self.names("let s = \"a \\(\(word)) b\"\n") == nil, "\(word) in an interpolation")
            #expect(Self.names("let `\(word)` = 1\n") == nil, "`\(word)`")
            // An Objective-C preprocessor line is one token: its words are not identifiers.
            #expect(Self.names("#define CALL(x) [x \(word)]\n", .objectiveC) != nil, "#define … \(word)")
        }
        for annotation in ["// oplint: name fetch\n", "/*  oplint:disable OPL201 */", "#import <A.h> // oplint: queue q\n"] {
            #expect(Self.names(annotation, .objectiveC) == nil, "\(annotation)")
        }
        #expect(Self.names("// about oplint: nothing\n") != nil)
    }

    @Test("Every declaration keyword notes the name after it, over blanks and line breaks")
    func declarationKeywords() throws {
        for keyword in DeclarationKeywords.all {
            let names = try #require(Self.names("\(keyword) \t\n  Shelf_9$ {}\n"), "\(keyword)")
            #expect(names == [Self.hash("Shelf_9$")], "\(keyword)")
        }
        // A comment or a backtick between a keyword and its name: the file is read.
        #expect(Self.names("class /* note */ Shelf {}") == nil)
        #expect(Self.names("struct `Shelf` {}") == nil)
        #expect(Self.names("let a = 1 // class") != nil)
    }

    @Test("What the tokenizer would warn about, or cannot be told without it, makes the file read")
    func warningsAndDoubts() {
        let swift = [
            "let s = \"open\n", "/* never closed", "let s = \"\\(a\"", "let c = 'x\n", "let s = #\"open\"\n",
            "let s = \"\"\"\nno end", "let r = /a+b/", "let r = #/a/#", "let s = \"\\(\"inner\n\")\"",
        ]
        for text in swift {
            #expect(Self.names(text) == nil, "\(text)")
        }
        let objectiveC = ["char *s = \"open\n", "/* never closed", "char c = 'x\n", "#define X /* open\n", "int n = 10'000;", "auto s = R\"(x)\";"]
        for text in objectiveC {
            #expect(Self.names(text, .objectiveC) == nil, "\(text)")
        }
        // Division, a `#` that is no directive, a string continued by a backslash: passed over.
        #expect(Self.names("let half = total / 2\nlet k = #line\n") != nil)
        #expect(Self.names("char *s = \"a\\\nb\";\n#define A(x) #x\n", .objectiveC) != nil)
    }

    @Test("A name the skim notes has the hash the extractor gives the same identifier in a file it tokenizes")
    func hashes() throws {
        var random = FirstPassTests.SplitMix(11)
        let alphabet = Array("abcXYZ_09$".utf8)
        for length in 1..<80 {
            for _ in 0..<5 {
                var bytes = (0..<length).map { _ in alphabet[random.below(alphabet.count)] }
                if bytes[0] >= UInt8(ascii: "0") && bytes[0] <= UInt8(ascii: "9") { bytes[0] = UInt8(ascii: "N") }
                let name = String(decoding: bytes, as: UTF8.self)
                let noted = try #require(Self.names("struct \(name) {}\n"), "\(name)")
                let file = SourceFile(path: "Use.swift", language: .swift, bytes: Array("let x = \(name)()\n".utf8))
                let identifiers = PassedOverFiles.identifiers(of: file, scratch: NameScratch())
                #expect(noted == [Self.hash(name)], "\(name)")
                #expect(identifiers.contains(Self.hash(name)), "\(name)")
            }
        }
    }

    /// Calls `body` with every corpus file and edge case, and 40 seeded mutations of each, in both
    /// languages.
    static func forEachCorpusVariant(seed: UInt64, _ body: (_ name: String, _ bytes: [UInt8], _ language: SourceLanguage) -> Void) throws {
        var seed = seed
        let bases = try FirstPassTests.corpusFiles() + FirstPassTests.edgeCases.map { ($0.0, Array($0.1.utf8)) }
        for (name, base) in bases {
            for bytes in [base] + FirstPassTests.mutations(of: base, count: 40, seed: seed) {
                for language in [SourceLanguage.swift, .objectiveC] { body(name, bytes, language) }
            }
            seed += 1
        }
    }

    @Test("A string continued over lines in a directive hides no code from the skim")
    func continuedStringInADirective() {
        let text = """
        #define GLOB @"cache\\
        /tmp/cache/*.bin\\
        "
        @implementation Cleaner
        - (void)run {
            NSBlockOperation *scan = [NSBlockOperation blockOperationWithBlock:^{ }];
            [self.queue addOperation:scan];
        }
        @end
        /* end */
        """
        let bytes = Array(text.utf8)
        #expect(SkimPromise.brokenBy(bytes, language: .objectiveC) == nil)
        #expect(!PassedOverFiles.skim(bytes, language: .objectiveC, wide: true).passedOver)
        #expect(!PassedOverFiles.skim(bytes, language: .objectiveC, wide: false).passedOver)
        let (skimmed, tokenized) = Self.bothWays([("Cleaner.m", bytes)])
        #expect(skimmed == tokenized)
        // Enqueued on a queue the scanner cannot follow (`self.queue` is declared nowhere here).
        #expect(skimmed.contains("\"name\": \"scan\",\n      \"start\": \"queue\""), "\(skimmed)")
    }

    @Test("The skim keeps its promise on the corpus, the edge cases and seeded mutations of them")
    func promise() throws {
        var passedOver = 0
        try Self.forEachCorpusVariant(seed: 100) { name, bytes, language in
            #expect(SkimPromise.brokenBy(bytes, language: language) == nil, "\(name) (\(language))")
            if PassedOverFiles.names(ifPassedOver: bytes, language: language, scratch: NameScratch()) != nil { passedOver += 1 }
        }
        // The promise is checked on files the skim does pass over, not only on ones it reads.
        #expect(passedOver > 100)
    }

    /// The byte classes the tokenizer reads identifiers by (`[A-Za-z0-9_$]` and every byte above 0x7F).
    static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24 || b >= 0x80
    }

    @Test("The skim's two builds read every byte value alike, at every place in the sixty-four it reads at once")
    func buildsByteByByte() {
        // Each byte next to an API word and a keyword, at the ends and across the middle of a
        // window: a byte the wide build classed apart from the portable one would split or join
        // a word differently.
        var checked = 0
        for b in UInt8.min...UInt8.max {
            for offset in [0, 1, 29, 30, 31, 32, 33, 60, 61, 62, 63, 64, 65, 127] {
                let pad = [UInt8](repeating: 0x20, count: offset)
                let texts: [[UInt8]] = [
                    pad + [0x61, b] + Array("sync".utf8), pad + [b] + Array("sync ".utf8), pad + Array("sync".utf8) + [b, 0x20],
                    pad + Array("x".utf8) + [b] + Array("start\n".utf8), pad + Array("class".utf8) + [b] + Array(" Foo\n".utf8),
                    pad + Array("struct Foo".utf8) + [b] + Array("Bar\n".utf8), pad + Array("cancel".utf8) + [b] + Array("ed\n".utf8),
                ]
                for text in texts {
                    for language in [SourceLanguage.swift, .objectiveC] {
                        #expect(SkimPromise.buildsPartOn(text, language: language) == nil, "byte \(b) at \(offset) in \(text) (\(language))")
                        checked += 1
                    }
                }
            }
            // And the classes themselves: an identifier byte joins `a` and `sync` into one word
            // that is no API word; any other byte that ends no comment or string splits them.
            if b < 0x80, !Array("\"#'/`\\@".utf8).contains(b) {
                let joined = PassedOverFiles.skim([0x61, b] + Array("sync;\n".utf8), language: .objectiveC, wide: true).passedOver
                #expect(joined == Self.isIdentifierByte(b), "byte \(b)")
            }
        }
        #expect(checked == 256 * 14 * 7 * 2)
    }

    @Test("Every word gets past the wide build's filter of word beginnings, at every place in a window and at the file's end")
    func wordBeginnings() {
        // The wide build reads the three bytes from each place where a run starts, two of them
        // past the window's end at its last places, and past the file's end in a file's last
        // window. A word its filter of beginnings dropped would be missed by that build only.
        for offset in 0..<70 {
            let pad = String(repeating: " ", count: offset)
            for language in [SourceLanguage.swift, .objectiveC] {
                for word in OperationAPIWords.all {
                    for text in [pad + word, pad + word + "\n", pad + "x." + word + "()"] {
                        let skim = PassedOverFiles.skim(Array(text.utf8), language: language, wide: true)
                        #expect(!skim.passedOver, "\(word) at \(offset) (\(language))")
                    }
                }
                for keyword in DeclarationKeywords.all {
                    for name in ["Shelf", "Qa"] {
                        let skim = PassedOverFiles.skim(Array((pad + keyword + " " + name).utf8), language: language, wide: true)
                        #expect(skim.passedOver && skim.names == [Self.hash(name)], "\(keyword) at \(offset) (\(language))")
                    }
                }
            }
        }
        // Words that share their first bytes with a word, and are none.
        for text in ["let self = sel; let setup = start_1", "cancels(addDep, NSOperationQueues)", "interfaces, classes, structs"] {
            #expect(PassedOverFiles.skim(Array(text.utf8), language: .swift, wide: true).passedOver, "\(text)")
        }
    }

    @Test("The skim's two builds agree on the corpus, the edge cases and seeded mutations of them")
    func buildsAgree() throws {
        var passedOver = 0
        try Self.forEachCorpusVariant(seed: 300) { name, bytes, language in
            #expect(SkimPromise.buildsPartOn(bytes, language: language) == nil, "\(name) (\(language))")
            if PassedOverFiles.skim(bytes, language: language, wide: true).passedOver { passedOver += 1 }
        }
        // The builds are compared on files they pass over, not only on ones they read.
        #expect(passedOver > 100)
    }

    /// A chain the class table follows through files that never mention the API: the class
    /// used in the operation code derives, through two plain files, from an asynchronous
    /// operation that never finishes.
    static let chain: [(path: String, bytes: [UInt8])] = [
        ("A/Feed.swift", """
         final class Feed {
             let queue = OperationQueue()
             func load() {
                 let fetch = Fetch()
                 let parse = Holder.makeParser()
                 parse.addDependency(fetch)
                 queue.addOperations([fetch, parse], waitUntilFinished: false)
             }
         }
         """),
        ("B/Fetch.swift", "class Fetch: Middle {\n    let retries = 3\n}\n"),
        ("C/Middle.swift", "/// The middle of the chain.\nclass Middle: Stuck {}\n"),
        ("D/Stuck.swift", """
         class Stuck: Operation {
             override var isAsynchronous: Bool { true }
             override func start() { }
         }
         """),
        ("E/Holder.swift", "class Holder {\n    static func makeParser() -> Parser { Parser() }\n}\n"),
        ("F/Parser.swift", "class Parser: Middle {}\n"),
        ("G/Unrelated.swift", "struct Weather { var degrees = 3 }\nclass Umbrella {}\n"),
    ].map { (path: $0.0, bytes: Array($0.1.utf8)) }

    @Test("Passed-over files the class table needs are read, over several rounds, and the graph is the same")
    func neededFiles() throws {
        let (skimmed, tokenized) = Self.bothWays(Self.chain)
        #expect(skimmed == tokenized)
        // The chain was followed: `fetch` is an operation of the asynchronous class that never finishes.
        let graph = SourceExtractor.extract(files: Self.chain).graph
        let fetch = try #require(graph.operations.first { $0.name.hasSuffix("fetch") })
        #expect(fetch.isAsynchronous == true)
        #expect(fetch.finishes == false)
        // Which files were passed over and which needed: Middle only through Fetch (a second round).
        var folded: [Int: Bool] = [:]
        for (index, file) in Self.chain.enumerated() {
            folded[index] = PassedOverFiles.names(ifPassedOver: file.bytes, language: .swift, scratch: NameScratch()) != nil
        }
        #expect(folded == [0: false, 1: true, 2: true, 3: false, 4: true, 5: true, 6: true])
    }

    @Test("The names the fold gathers hold every word of every name the class table ends up with")
    func foldGathersTheTablesNames() throws {
        let sources: [(String, SourceLanguage)] = [
            ("class Fetch: BaseOperation { var queue: OperationQueue; let box: Box<Payload> }\nfunc go(q: OperationQueue, op: Job) { q.addOperation(op) }", .swift),
            ("class Middle: Root, Codable {}\nextension Middle: Runnable {}\nprotocol Runnable { var queue: WorkQueue { get } }", .swift),
            ("@interface Sync : NSOperation\n@property (nonatomic) NSArray<Job *> *jobs;\n+ (instancetype)syncWithFeed:(Feed *)feed;\n@end", .objectiveC),
            ("typealias Work = Fetch\nstruct Shadow {}\nlet q2 = SlowQueue()\nq2.addOperation(Loader())", .swift),
        ]
        let fold = FirstPassFold(isKept: { _ in true })
        for (index, (text, language)) in sources.enumerated() {
            let file = SourceFile(path: "F\(index)", language: language, bytes: Array(text.utf8))
            let result = DeclarationScanner(file: file).scan()
            fold.deliver(index, FirstPass(file: result.isRelevant ? file : nil, isRead: true, declared: result.declared,
                                          uses: result.uses, identifiers: PassedOverFiles.identifiers(of: file, scratch: NameScratch())))
        }
        let folded = fold.finish()
        var tableWords = NameSet(capacity: 16)
        var count = 0
        folded.classes.forEachName { name in
            tableWords.insert(wordsOf: name)
            count += 1
        }
        #expect(count > 10)
        for hash in tableWords.elements { #expect(folded.asked.contains(hash)) }
        // The classes the code uses as operations and queues are among them.
        #expect(folded.asked.contains(Self.hash("Loader")) && folded.asked.contains(Self.hash("SlowQueue")))
    }

    @Test("A class declared in a needed file and in another is folded in path order, the first superclass winning")
    func sameClassInTwoFiles() throws {
        let user = """
            final class Runner {
                let queue = OperationQueue()
                func go() { queue.addOperation(Job()) }
            }
            """
        let stuck = "class Stuck: Operation {\n    override var isAsynchronous: Bool { true }\n    override func start() { }\n}\n"
        for (plainPath, operationPath) in [("A/Job.swift", "B/Job+Operation.swift"), ("B/Job.swift", "A/Job+Operation.swift")] {
            let files: [(path: String, bytes: [UInt8])] = [
                ("C/Runner.swift", Array(user.utf8)), ("D/Stuck.swift", Array(stuck.utf8)),
                (plainPath, Array("class Job: Stuck {}\n".utf8)),
                (operationPath, Array("class Job: Operation {\n    override func cancel() { super.cancel() }\n}\n".utf8)),
            ].sorted { $0.0 < $1.0 }.map { (path: $0.0, bytes: $0.1) }
            let (skimmed, tokenized) = Self.bothWays(files)
            #expect(skimmed == tokenized, "\(plainPath) and \(operationPath)")
            let job = try #require(SourceExtractor.extract(files: files).graph.operations.first)
            // The superclass of the file first in path order wins.
            #expect(job.finishes == (operationPath < plainPath), "\(plainPath) and \(operationPath)")
        }
    }

    @Test("Seeded mutations of several files together: the same graph and warnings with and without the skim")
    func mutatedTogether() throws {
        var seed: UInt64 = 500
        let corpus = try FirstPassTests.corpusFiles()
        let bases = Self.chain.map { ($0.path, $0.bytes) } + corpus.prefix(12)
        for (k, (name, base)) in bases.enumerated() {
            for bytes in FirstPassTests.mutations(of: base, count: 8, seed: seed) {
                var files = Self.chain
                files.append((path: "Z/\(name)", bytes: bytes))
                if k < Self.chain.count { files[k].bytes = bytes }
                let (skimmed, tokenized) = Self.bothWays(files)
                #expect(skimmed == tokenized, "mutation \(seed) of \(name)")
            }
            seed += 1
        }
        let everything = corpus.map { (path: $0.0, bytes: $0.1) }
        let (skimmed, tokenized) = Self.bothWays(everything)
        #expect(skimmed == tokenized, "the whole corpus")
    }
}
