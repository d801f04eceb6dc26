import Testing
@testable import OpLintCore

/// The scanner and simdjson's On-Demand parser agree on every input: the same tokens for
/// valid JSON, an error for invalid JSON.
@Suite struct LoadingEngineTests {
    /// One token as both engines must report it.
    struct Seen: Equatable, CustomStringConvertible {
        var kind: JSONTokenKind
        var offset: UInt32?
        var text: [UInt8]
        var integer: Int64
        var unsigned: UInt64
        var number: Double

        var description: String { "\(kind)@\(offset.map(String.init) ?? "-") \(String(decoding: text, as: UTF8.self)) \(number)" }
    }

    /// All tokens up to the end, or nil on an error.
    static func tokens(_ bytes: [UInt8], _ engine: JSONTokenizer.Engine) -> [Seen]? {
        let file = GraphFile(path: "t.json", paddedBytes: bytes)
        return file.bytes.withUnsafeBufferPointer { buffer -> [Seen]? in
            guard let base = buffer.baseAddress,
                  let tokenizer = JSONTokenizer(bytes: base, length: file.count, capacity: file.capacity, engine: engine)
            else { return nil }
            var seen: [Seen] = []
            while true {
                let token = tokenizer.next()
                switch token.kind {
                case .error: return nil
                case .end: return seen
                default:
                    // Closing brackets: simdjson reports where its iterator stopped, not the bracket.
                    let closing = token.kind == .objectEnd || token.kind == .arrayEnd
                    seen.append(Seen(
                        kind: token.kind, offset: closing ? nil : token.offset, text: Array(token.bytes),
                        integer: token.kind == .int64 ? token.raw.integer : 0,
                        unsigned: token.kind == .uint64 ? token.raw.unsigned_integer : 0,
                        number: token.isNumber ? token.raw.number : 0))
                }
            }
        }
    }

    /// A random JSON value of at most `depth` levels, with escapes, big numbers and spaces.
    static func randomJSON(_ random: inout TestRandom, depth: Int) -> String {
        let space = [" ", "", "\n", "\t", "  "]
        func s() -> String { space.randomElement(using: &random) ?? "" }
        let strings = ["a", "", "name", "é", "quote\\\"", "back\\\\slash", "\\n\\t\\r\\b\\f\\/", "\\u00e9\\u0000",
                       "\\ud83d\\ude00", "日本", "<&>", "op1234567890123456"]
        let numbers = ["0", "-0", "1", "-1", "42", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                       "18446744073709551615", "0.5", "-2.25e3", "1E5", "1e-5", "3.141592653589793", "1e308", "123456789012345678"]
        let roll = depth <= 0 ? Int.random(in: 2..<6, using: &random) : Int.random(in: 0..<6, using: &random)
        switch roll {
        case 0:
            let count = Int.random(in: 0..<4, using: &random)
            let members = (0..<count).map { index in
                "\(s())\"k\(index)\(strings.randomElement(using: &random) ?? "")\"\(s()):\(s())\(randomJSON(&random, depth: depth - 1))\(s())"
            }
            return "{" + members.joined(separator: ",") + s() + "}"
        case 1:
            let count = Int.random(in: 0..<4, using: &random)
            return "[" + (0..<count).map { _ in s() + randomJSON(&random, depth: depth - 1) + s() }.joined(separator: ",") + "]"
        case 2: return "\"" + (strings.randomElement(using: &random) ?? "") + "\""
        case 3: return numbers.randomElement(using: &random) ?? "0"
        case 4: return ["true", "false", "null"].randomElement(using: &random) ?? "null"
        default: return "\"" + (strings.randomElement(using: &random) ?? "") + (strings.randomElement(using: &random) ?? "") + "\""
        }
    }

    @Test func enginesAgreeOnRandomDocumentsAndTheirMutations() {
        var random = TestRandom(seed: 2024)
        let alphabet = Array("{}[]\":,\\0123456789.-eE+ tfn\u{1}uU".utf8) + [0xC3, 0xFF, 0x80, 0xE2, 0x82]
        var valid = 0
        var invalid = 0
        var disagreements: [String] = []
        for round in 0..<4_000 {
            var bytes = Array(Self.randomJSON(&random, depth: 5).utf8)
            if round % 2 == 1 && !bytes.isEmpty {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[index] = alphabet.randomElement(using: &random) ?? 0
                    case 1: bytes.remove(at: index)
                    default: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: index)
                    }
                    if bytes.isEmpty { bytes = [0x30] }
                }
            }
            let scanner = Self.tokens(bytes, .scanner)
            let reference = Self.tokens(bytes, .onDemand)
            if scanner == nil { invalid += 1 } else { valid += 1 }
            if scanner != reference && disagreements.count < 5 {
                disagreements.append("\(String(decoding: bytes, as: UTF8.self).debugDescription): scanner \(scanner.map { "\($0)" } ?? "error"), simdjson \(reference.map { "\($0)" } ?? "error")")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        #expect(valid > 1_000 && invalid > 500)
    }

    /// Decimal numbers of 1 to 20 significant digits, with leading and trailing zeros, signs
    /// and exponents from -40 to 40: the scanner converts the short ones with one exact
    /// multiplication or division and the others in full; every one must be the double
    /// simdjson reads, to the bit (the sign of zero too).
    @Test func enginesAgreeOnDecimalNumbersToTheBit() {
        var random = TestRandom(seed: 77)
        var numbers: [String] = []
        for _ in 0..<20_000 {
            let significant = Int.random(in: 1...20, using: &random)
            var digits = (0..<significant).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            if Bool.random(using: &random) { digits = String(repeating: "0", count: Int.random(in: 1...4, using: &random)) + digits }
            if Bool.random(using: &random) { digits += String(repeating: "0", count: Int.random(in: 1...6, using: &random)) }
            let point = Int.random(in: 1...digits.count, using: &random)
            var text = String(digits.prefix(point)).drop { $0 == "0" }
            if text.isEmpty { text = "0" }
            if point < digits.count { text += "." + digits.dropFirst(point) }
            if Int.random(in: 0..<3, using: &random) == 0 {
                text += ["e", "E"].randomElement(using: &random)! + ["", "+", "-"].randomElement(using: &random)!
                    + String(Int.random(in: 0...40, using: &random))
            }
            // An integer of more than 18 digits may not fit in 64 bits, which both refuse.
            if !text.contains(where: { ".eE".contains($0) }) && text.count > 18 { text += ".0" }
            numbers.append((Bool.random(using: &random) ? "-" : "") + text)
        }
        numbers += ["0.0", "-0.0", "0e-400", "-0.000e999", "1e22", "1e23", "9007199254740993", "999999999999999.9",
                    "123456789012345e-22", "123456789012345e22", "0.1", "0.3", "2.2250738585072014e-308", "5e-324"]
        let bytes = Array(("[" + numbers.joined(separator: ", ") + "]").utf8)
        guard let scanner = Self.tokens(bytes, .scanner), let reference = Self.tokens(bytes, .onDemand) else {
            Issue.record("a number was refused")
            return
        }
        #expect(scanner.count == numbers.count + 2 && scanner.count == reference.count)
        var differing: [String] = []
        for (k, (a, b)) in zip(scanner, reference).enumerated() where a.number.bitPattern != b.number.bitPattern || a.kind != b.kind {
            differing.append("\(numbers[k - 1]): scanner \(a.number) (\(a.kind)), simdjson \(b.number) (\(b.kind))")
        }
        #expect(differing.count == 0, "\(differing.prefix(5).joined(separator: "\n"))")
    }

    /// A document cut after any byte outside its strings, literals and numbers ends with the
    /// message that says an array or object is not closed, at the end, whatever the scanner
    /// was waiting for: a key, a colon, a value, a comma or a closing bracket.
    @Test func everyCutBetweenTokensIsAnUnclosedDocument() {
        let document = "{\"version\": 1,\n  \"queues\": [ {\"name\" : \"q\"} , [1, [ ]] ],\n  \"operations\": [{\"name\": \"a\", \"x\": {}}]\n}"
        let bytes = Array(document.utf8)
        var cuts = 0
        var inString = false
        for (k, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            guard !inString, !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")), k + 1 < bytes.count else { continue }
            let prefix = Array(bytes[...k])
            let file = GraphFile(path: "t.json", paddedBytes: prefix)
            let failure = file.bytes.withUnsafeBufferPointer { buffer -> (message: String, offset: Int)? in
                guard let base = buffer.baseAddress,
                      let tokenizer = JSONTokenizer(bytes: base, length: file.count, capacity: file.capacity) else { return nil }
                while true {
                    let token = tokenizer.next()
                    if token.kind == .end { return nil }
                    if token.kind == .error { return tokenizer.failure }
                }
            }
            #expect(failure?.message == "unexpected end of input: an array or object is not closed", "cut after byte \(k)")
            #expect(failure?.offset == prefix.count, "cut after byte \(k)")
            cuts += 1
        }
        #expect(cuts > 50)
    }

    @Test(arguments: LoadingErrorTests.cases.map(\.input) + [
        "{\"a\": \"\\ud800\"}", "{\"a\": \"\\udc00\"}", "{\"a\": \"\\u12\"}", "[1 2]", "{\"a\" 1}", "{1: 2}", "[-]", "[1.]",
        "[.5]", "[1e]", "[+1]", "[00]", "[-01]", "[1,,2]", "[,1]", "{,}", "{\"a\":1,}", "\"\\u00e9\" x", "nul", "truex",
    ])
    func enginesAgreeOnInvalidInput(_ input: String) {
        let bytes = Array(input.utf8)
        #expect((Self.tokens(bytes, .scanner) == nil) == (Self.tokens(bytes, .onDemand) == nil))
    }
}

@Suite struct JSONTokenKindTests {
    /// `JSONToken.kind` reads the C kind without a lookup; it must name the same case as the raw value.
    @Test func everyCKindMapsToTheCaseWithThatRawValue() {
        for raw in Int32(-2)...Int32(16) {
            #expect(JSONToken(cKind: raw).kind == (JSONTokenKind(rawValue: raw) ?? .error))
        }
    }
}

@Suite struct ManyKeysTests {
    /// Objects with many keys switch from a scan to a hash set; duplicates are found either way.
    @Test(arguments: [3, 14, 15, 16, 17, 40, 300])
    func duplicateKeysAreFoundInLargeObjects(_ count: Int) {
        let keys = (0..<count).map { "\"key\($0)\": \($0)" }
        let distinct = "{\"version\": 1, \"x\": {" + keys.joined(separator: ", ") + "}}"
        #expect(loadFailure(distinct) == nil)
        for duplicate in Set([0, count / 2, count - 1]) {
            let json = "{\"version\": 1, \"x\": {" + keys.joined(separator: ", ") + ", \"key\(duplicate)\": 0}}"
            #expect(loadFailure(json)?.contains("error: duplicate key \"key\(duplicate)\" in one object") == true)
        }
    }
}
