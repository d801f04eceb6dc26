import CSimdJSON
import Testing
@_spi(Fuzzing) import OpLintCore
import OpLintSource
@testable import OpLintFuzzing

/// The problems fuzzing found, each checked for the behaviour that replaced it (the inputs
/// themselves are in Regressions/ and replay through their targets too).
@Suite struct FoundProblemTests {
    /// A configuration or baseline file that ends inside a string, just after a backslash,
    /// made the reader loop forever; now it is an unterminated string where the string starts.
    @Test(arguments: [#"{"exclude": ["a\"#, #"{"v\"#, #"""#, #"["\"#])
    func backslashAtTheEndOfTheFileEndsTheString(text: String) throws {
        #expect(throws: PositionedJSON.SyntaxError.self) { try PositionedJSON.parse(Array(text.utf8)) }
        do {
            _ = try Configuration.parse(Array(text.utf8), path: "/p/.oplint.json")
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.message == "unterminated string")
            #expect(error.location.line == 1 && error.location.column == text.lastIndex(of: "\"").map { text.distance(from: text.startIndex, to: $0) + 1 })
        }
    }

    /// Source text with a U+0001 followed by digits, quoted in a note, was taken for the mark
    /// of an entity's name and read past the file's entities (a crash); it is shown with U+FFFD.
    @Test func controlCharacterInQuotedSourceIsNoNameMark() {
        let text = "let queue = OperationQueue()\nqueue.addOperation(job\u{1}7)\n"
        let (graph, _) = SourceExtractor.extract(files: [(path: "A.swift", bytes: Array(text.utf8))])
        let notes = graph.sourceFacts.unresolved.map(\.message)
        #expect(notes.contains { $0.contains("job\u{FFFD}7") }, "\(notes)")
    }

    /// simdjson 3.0's On-Demand `number.get_double()` gives 0 for numbers with many significant
    /// digits; the reference engine now reads them from the text, as the scanner does.
    @Test(arguments: ["123456789012345678901234.67890", "1000000000.000000001", "-0.00000000000000000000000000012345678901234567890e3"])
    func bothEnginesReadLongNumbersAlike(number: String) throws {
        let bytes = Array("[\(number)]".utf8)
        let scanner = try JSONTokens.read(bytes, engine: Int32(CSJ_ENGINE_SCANNER))
        let onDemand = try JSONTokens.read(bytes, engine: Int32(CSJ_ENGINE_ONDEMAND))
        guard case .tokens(let a) = scanner, case .tokens(let b) = onDemand else {
            Issue.record("an engine refused \(number)")
            return
        }
        #expect(a == b)
        #expect(a.count == 3 && a[1].number == Double(number))
    }

    /// A number below the smallest double written without an exponent (`0.` and hundreds of
    /// zeros) was refused by the scanner as out of range, where On-Demand reads 0: only an
    /// explicit negative exponent counted as an underflow. Both read 0 now; an overflow is
    /// still refused by both.
    @Test(arguments: [
        ("0." + String(repeating: "0", count: 360) + "3947991362", true),
        ("-0." + String(repeating: "0", count: 400) + "1", true),
        ("0." + String(repeating: "0", count: 360) + "1e30", true),
        ("1" + String(repeating: "0", count: 400) + "e-800", true),
        ("1" + String(repeating: "0", count: 400) + ".5", false),
        ("0." + String(repeating: "0", count: 10) + "1e400", false),
    ])
    func bothEnginesReadTinyNumbersAsZero(number: String, isUnderflow: Bool) throws {
        let bytes = Array("[\(number)]".utf8)
        for engine in [Int32(CSJ_ENGINE_SCANNER), Int32(CSJ_ENGINE_ONDEMAND)] {
            switch try JSONTokens.read(bytes, engine: engine) {
            case .tokens(let tokens):
                #expect(isUnderflow, "engine \(engine) accepts \(number.prefix(20))…")
                #expect(tokens.count == 3 && tokens[1].number == 0, "engine \(engine)")
            case .error:
                #expect(!isUnderflow, "engine \(engine) refuses \(number.prefix(20))…")
            }
        }
    }

    /// simdjson 3.0's On-Demand refuses a number that is the whole document when it is longer
    /// than 1,082 characters (it copies root numbers into a buffer of that size), and reads the
    /// same number inside an array; the reference engine now reads such a root number as the
    /// only element of an array. Both engines read the same, and what On-Demand reads in an array.
    @Test(arguments: [
        ("0." + String(repeating: "0", count: 1268) + "3947991361", true),
        ("1" + String(repeating: "0", count: 1200) + "e-1000  \n", true),
        ("0." + String(repeating: "0", count: 1268) + "1 2", false),
        ("0." + String(repeating: "0", count: 1268) + "1x", false),
        ("1" + String(repeating: "0", count: 1200), false),
    ])
    func aLongRootNumberIsReadAsInsideAnArray(number: String, valid: Bool) throws {
        let root = Array(number.utf8)
        var read: [JSONTokens.Token] = []
        for engine in [Int32(CSJ_ENGINE_SCANNER), Int32(CSJ_ENGINE_ONDEMAND)] {
            switch try JSONTokens.read(root, engine: engine) {
            case .tokens(let tokens):
                #expect(valid && tokens.count == 1, "engine \(engine) accepts \(number.prefix(20))…")
                read.append(contentsOf: tokens)
            case .error:
                #expect(!valid, "engine \(engine) refuses \(number.prefix(20))…")
            }
        }
        guard valid else { return }
        let trimmed = String(number.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
        guard read.count == 2, case .tokens(let wrapped) = try JSONTokens.read(Array("[\(trimmed)]".utf8), engine: Int32(CSJ_ENGINE_ONDEMAND)) else {
            Issue.record("an engine refused \(number.prefix(20))…, or On-Demand refuses it inside an array")
            return
        }
        #expect(read[0] == read[1])
        #expect(wrapped.count == 3 && wrapped[1].number == read[0].number && wrapped[1].kind == read[0].kind)
        try JSONEngineFuzzing.target.run(root)
    }

    /// simdjson 3.0 refuses a root literal followed by two or more spaces and accepts one followed
    /// by letters; the reference engine now reads root literals from their text, as the scanner does.
    @Test(arguments: [("true\t\t\t", true), ("  false  \n", true), ("null\r\n", true), ("falseb", false), ("nullx", false), ("true ]", false)])
    func bothEnginesReadRootLiteralsAlike(text: String, valid: Bool) throws {
        let bytes = Array(text.utf8)
        for engine in [Int32(CSJ_ENGINE_SCANNER), Int32(CSJ_ENGINE_ONDEMAND)] {
            switch try JSONTokens.read(bytes, engine: engine) {
            case .tokens(let tokens): #expect(valid && tokens.count == 1, "engine \(engine) accepts \(text.debugDescription)")
            case .error: #expect(!valid, "engine \(engine) refuses \(text.debugDescription)")
            }
        }
    }

    /// An Objective-C string continued on the next line by a backslash was given the line it ends on.
    @Test func aContinuedStringIsOnTheLineItStartsOn() {
        let source = Array("@implementation A\nNSString *s = @\"one \\\ntwo\";\nint x;\n".utf8)
        let (tokens, _) = Tokenizer(language: .objectiveC).tokenize(source)
        let string = tokens.first { $0.kind == .string }
        #expect(string?.line == 2)
        #expect(tokens.last?.line == 4)
    }

    /// A setting assigned as the last tokens of a file, with no value, read past the tokens.
    @Test(arguments: ["q = OperationQueue()\nq.maxConcurrentOperationCount =", "q = OperationQueue()\nq.isSuspended =", "q = OperationQueue()\nq.qualityOfService ="])
    func aSettingWithoutAValueAtTheEndOfTheFile(source: String) {
        let (graph, _) = SourceExtractor.extract(files: [(path: "Sources/Q.swift", bytes: Array(source.utf8))])
        #expect(graph.queues.count <= 1)
    }

    /// A name with a quote followed by a combining mark (one Character) was written into the
    /// schedule CSV without its quote doubled, which ended the field early.
    @Test func csvDoublesAQuoteThatACombiningMarkFollows() throws {
        let name = "say \"\u{301}hi\""
        let graph = OperationGraph(queues: [.init(name: "q")], operations: [.init(name: name, queue: "q")])
        let csv = try Simulator.simulate(graph).csv()
        let row = csv.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        #expect(row.unicodeScalars.starts(with: "\"say \"\"\u{301}hi\"\"\",".unicodeScalars))
    }

    /// `PositionedJSON` read `\u+000` as a `\u` escape, because `UInt32(_:radix:)` takes a
    /// sign; the graph loader's parser refuses it, as RFC 8259 does. Now the configuration and
    /// baseline readers refuse it too, at the backslash, on one line.
    @Test(arguments: [#"\u+000"#, #"\u-000"#, #"\u+00c"#, #"\u00g0"#, #"\u 123"#, #"\u12"#, #"\uD800\u+C00"#])
    func aUnicodeEscapeNeedsFourHexDigits(escape: String) throws {
        let text = #"{"rules": {""# + escape + #"": "error"}}"#
        #expect(throws: PositionedJSON.SyntaxError.self) { try PositionedJSON.parse(Array(text.utf8)) }
        #expect(throws: LoadError.self) { try GraphLoader.load(bytes: Array(text.utf8), path: "g.json") }
        let column = escape.hasPrefix(#"\uD800"#) ? 19 : 13
        for parse in [{ _ = try Configuration.parse($0, path: "/p/.oplint.json") }, { _ = try Baseline.parse($0, path: "/p/b.json") }] as [([UInt8]) throws -> Void] {
            do {
                try parse(Array(text.utf8))
                Issue.record("\(text) parsed")
            } catch let error as ConfigurationError {
                #expect(error.location.line == 1 && error.location.column == column)
                #expect(error.message.hasPrefix("invalid \\u escape"))
                #expect(!error.description.contains("\n") && error.description.hasPrefix("/p/"))
            }
        }
    }

    /// Four hex digits of either case still read as the character they name.
    @Test func aUnicodeEscapeOfEitherCaseReads() throws {
        let text = #"{"exclude": ["\u00e9\u00C9\ud83d\uDE00"]}"#
        let configuration = try Configuration.parse(Array(text.utf8), path: "/p/.oplint.json")
        #expect(configuration.exclude == ["\u{E9}\u{C9}\u{1F600}"])
    }

    /// The split reader's test entry skipped the whole-file checks, so a file of whitespace
    /// read as "no JSON value" instead of "the file is empty"; both entries now share them.
    @Test(arguments: [0, 1, 2])
    func aSplitFileOfWhitespaceIsEmpty(offset: Int) {
        let bytes = Array(" \n\t".utf8)
        #expect(throws: LoadError(file: "g.json", "the file is empty; expected a JSON graph (format version 1)")) {
            try GraphLoader.load(bytes: bytes, path: "g.json", splittingAt: offset)
        }
    }
}
