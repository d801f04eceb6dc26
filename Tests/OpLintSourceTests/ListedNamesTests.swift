import Testing
@testable import OpLintSource

/// `FileScanner.listedNames`, which splits the text of a list literal (`[a, b]`, `@[a, b]`)
/// into its elements: ASCII text by its bytes, against the split by characters any text gets.
@Suite("Listed names")
struct ListedNamesTests {
    @Test("Lists written out give their trimmed elements, empty ones left out")
    func writtenOutLists() {
        #expect(FileScanner.listedNames("[fetch, decode]") == ["fetch", "decode"])
        #expect(FileScanner.listedNames("@[pull,push]") == ["pull", "push"])
        #expect(FileScanner.listedNames("[ a ,\n\tb\r\n]") == ["a", "b"])
        #expect(FileScanner.listedNames("[a,,b,]") == ["a", "b"])
        #expect(FileScanner.listedNames("[ , ]") == ["", ""])
        #expect(FileScanner.listedNames("[]") == [])
        #expect(FileScanner.listedNames("fetch").isEmpty)
        #expect(FileScanner.listedNames("[fetch").isEmpty)
        #expect(FileScanner.listedNames("@[").isEmpty)
        #expect(FileScanner.listedNames("[é, b]") == ["é", "b"])
    }

    @Test("ASCII text splits by bytes exactly as by characters")
    func bytesAgreeWithCharacters() {
        // Every text of up to five bytes from the bytes that matter, and longer ones from a
        // fixed sequence: the same texts every run.
        let alphabet: [UInt8] = Array("@[], a\t\n\r".utf8) + [0x0B, 0x0C]
        var texts: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 0..<5 {
            frontier = frontier.flatMap { text in alphabet.map { text + [$0] } }
            texts += frontier
        }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<2_000 {
            var text: [UInt8] = [UInt8(ascii: "[")]
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int(state >> 58) % alphabet.count])
            }
            texts.append(text + [UInt8(ascii: "]")])
        }
        for bytes in texts {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(FileScanner.listedNames(text) == FileScanner.listedNames(text, bytewise: false), "\(Array(text.utf8))")
        }
    }
}
