import Foundation
import Testing
@testable import OpLintSource

/// `SourceFile.bytesContain` against a plain search, on every range of texts with the pattern
/// planted at every offset, near misses (the first and last bytes right, a byte between wrong)
/// and none at all.
@Suite("Byte search")
struct ByteSearchTests {
    static func plainSearch(_ bytes: [UInt8], _ pattern: [UInt8], from: Int, to: Int) -> Bool {
        let to = min(to, bytes.count)
        guard from >= 0, to - from >= pattern.count else { return false }
        for k in from...(to - pattern.count) where Array(bytes[k..<(k + pattern.count)]) == pattern { return true }
        return false
    }

    @Test("Found exactly where a plain search finds it, for every range of a text")
    func agreesWithPlainSearch() {
        let patterns: [(StaticString, [UInt8])] = [
            ("addOperation", Array("addOperation".utf8)), ("cancel", Array("cancel".utf8)),
            ("axConcurrentOperationCount", Array("axConcurrentOperationCount".utf8)),
        ]
        // Letters from a fixed sequence: the same texts every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func letter() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(ascii: "a") + UInt8((state >> 59) % 26)
        }
        for (pattern, bytes) in patterns {
            // Near misses: the first and the last byte in place, one byte between them changed.
            var nearMiss = bytes
            nearMiss[bytes.count / 2] = UInt8(ascii: "#")
            for length in [0, 1, bytes.count - 1, bytes.count, 17, 31, 47, 80] {
                for plant in [-1] + (length >= bytes.count ? Array(0...(length - bytes.count)) : []) {
                    var text = (0..<length).map { _ in letter() }
                    if length >= bytes.count, length > 0 {
                        for k in stride(from: 0, through: length - nearMiss.count, by: 7) { text.replaceSubrange(k..<(k + nearMiss.count), with: nearMiss) }
                    }
                    if plant >= 0 { text.replaceSubrange(plant..<(plant + bytes.count), with: bytes) }
                    let file = SourceFile(path: "T.swift", language: .swift, bytes: text)
                    for from in Set([0, 1, plant, plant + 1, length / 2].filter { $0 >= 0 && $0 <= length }) {
                        for to in Set([length, length - 1, plant + bytes.count, plant + bytes.count - 1, length + 5].filter { $0 >= 0 }) {
                            #expect(file.bytesContain(pattern, from: from, to: to) == Self.plainSearch(text, bytes, from: from, to: to),
                                    "\(pattern) in \(length) bytes, planted at \(plant), \(from)..<\(to)")
                        }
                    }
                }
            }
        }
    }

    /// Every offset where `pattern` starts in `bytes`, overlapping ones too.
    static func plainPlaces(_ bytes: [UInt8], _ pattern: [UInt8], from: Int, to: Int) -> [Int] {
        let to = min(to, bytes.count)
        guard from >= 0, to - from >= pattern.count else { return [] }
        return (from...(to - pattern.count)).filter { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
    }

    @Test("Every place of a pattern, overlapping ones too, in order, and none after a stop")
    func everyPlace() {
        let texts = ["", "e", "enum", "enumenum", "eenumm enum", String(repeating: "enu", count: 30) + "enum",
                     String(repeating: "x", count: 15) + "enum" + String(repeating: "y", count: 17) + "enum",
                     "aaaa", String(repeating: "a", count: 70)]
        for text in texts {
            let bytes = Array(text.utf8)
            let file = SourceFile(path: "T.swift", language: .swift, bytes: bytes)
            for (pattern, patternBytes) in [("enum", Array("enum".utf8)), ("aa", Array("aa".utf8))] as [(StaticString, [UInt8])] {
                for (from, to) in [(0, Int.max), (1, bytes.count - 1), (3, 40)] {
                    var places: [Int] = []
                    file.forEachOccurrence(of: pattern, from: from, to: to) { places.append($0); return true }
                    #expect(places == Self.plainPlaces(bytes, patternBytes, from: from, to: to), "\(pattern) in \(text.prefix(40)) \(from)..<\(to)")
                    var first: [Int] = []
                    file.forEachOccurrence(of: pattern, from: from, to: to) { first.append($0); return false }
                    #expect(first == Array(places.prefix(1)))
                }
            }
        }
    }

    /// The names after `enum` found by walking every token: what the byte search must find.
    static func enumNamesByWalking(_ file: SourceFile) -> Set<String> {
        guard file.language == .swift else { return [] }
        var names: Set<String> = []
        for k in file.tokens.indices where file.isWord(k, "enum") && file.isIdentifier(k + 1) { names.insert(file.text(k + 1)) }
        return names
    }

    @Test("The names a file declares with enum: found by their bytes as by walking the tokens")
    func enumNames() throws {
        var sources = [
            "enum Operation { case a }\nlet e = [1].enumerated() // enum Comment\nlet s = \"enum InString\"\nenum",
            "indirect enum Tree { case leaf }\n`enum` Odd\nx.enum Member\n\"\\(y) enum After\"\nenum Last",
            "/* enum Hidden */ enum Visible: Int {}\nenumerate enum\nenum\n",
            "let a = \"\"; enum Shared {}",
        ]
        for name in Corpus.cases() where name.hasSuffix(".swift") {
            sources.append(String(decoding: try Data(contentsOf: Corpus.directory.appendingPathComponent(name)), as: UTF8.self))
        }
        var found = 0
        for source in sources {
            let file = SourceFile(path: "T.swift", language: .swift, bytes: Array(source.utf8))
            let expected = Self.enumNamesByWalking(file)
            found += expected.count
            #expect(FileScanner.enumNames(in: file) == expected, "\(source.prefix(60))")
        }
        #expect(found >= 6)
    }

    @Test("Token starts never decrease, so a token is found by its start")
    func tokenStarts() throws {
        for name in Corpus.cases() {
            let bytes = try [UInt8](Data(contentsOf: Corpus.directory.appendingPathComponent(name)))
            let file = SourceFile(path: name, language: SourceLanguage(path: name) ?? .swift, bytes: bytes)
            for k in file.tokens.indices.dropFirst() {
                #expect(file.tokens[k - 1].start <= file.tokens[k].start, "\(name): token \(k)")
            }
            for k in file.tokens.indices {
                #expect(file.tokensStarting(at: Int(file.tokens[k].start)).contains(k), "\(name): token \(k)")
            }
        }
    }
}
