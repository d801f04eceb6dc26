import CTextScan
import Testing
@testable import OpLintCore

/// The vector scans give what a byte-by-byte reading gives, at every length around the
/// sixteen-byte blocks and with the byte that stops them at every place.
@Suite struct TextScanTests {
    /// A scan and the bytes it must stop at.
    struct Scan: Sendable, CustomStringConvertible {
        var description: String
        var scan: @Sendable (UnsafePointer<UInt8>?, Int) -> Int
        var others: Set<UInt8>

        func needsLook(_ byte: UInt8) -> Bool { byte < 0x20 || others.contains(byte) }

        func reference(_ bytes: [UInt8]) -> Int { bytes.firstIndex(where: needsLook) ?? bytes.count }

        func scanned(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { scan($0.baseAddress, $0.count) } }
    }

    static let scans = [
        Scan(description: "json", scan: { oplint_json_plain_prefix($0, $1) }, others: [0x22, 0x5C, 0x7F, 0xE2]),
        Scan(description: "xml", scan: { oplint_xml_plain_prefix($0, $1) }, others: [0x22, 0x26, 0x27, 0x3C, 0x3E, 0x7F, 0xC2, 0xEF]),
        // Stops where the Markdown escape's own set says: the C table cannot drift from it.
        Scan(description: "markdown", scan: { oplint_markdown_plain_prefix($0, $1) },
             others: Set((UInt8(0x20)...UInt8.max).filter { MarkdownReporter.specialBytes.contains($0) })),
    ]

    @Test func markdownSetHoldsEveryControlByte() {
        #expect((UInt8(0)..<0x20).allSatisfy { MarkdownReporter.specialBytes.contains($0) })
    }

    @Test(arguments: scans)
    func everyByteAtEveryPlace(_ scan: Scan) {
        for length in 0...50 {
            for place in 0..<max(1, length) {
                for byte in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: 0x61, count: length)
                    if place < length { bytes[place] = byte }
                    #expect(scan.scanned(bytes) == scan.reference(bytes), "byte \(byte) at \(place) of \(length)")
                }
            }
        }
    }

    @Test(arguments: scans)
    func randomTexts(_ scan: Scan) {
        var generator = SeededGenerator(seed: 12)
        // Mostly plain ASCII, with a few bytes of every kind: several may need a look.
        let alphabet: [UInt8] = Array(0x20...0x7E) + [0x00, 0x0A, 0x1F, 0x22, 0x5C, 0x7F, 0x80, 0xBF, 0xC2, 0xE2, 0xE3, 0xEF, 0xFF]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...200, using: &generator)
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<20, using: &generator) == 0 ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0x61...0x7A, using: &generator)
            }
            #expect(scan.scanned(bytes) == scan.reference(bytes))
        }
    }

    @Test func wordScansStopWhereTheirFlagsSay() {
        // `Word.plainPrefix` with the JSON flags gives the same as the vector scan.
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...40, using: &generator)
            let bytes = (0..<length).map { _ in
                Int.random(in: 0..<12, using: &generator) == 0 ? UInt8.random(in: 0...255, using: &generator) : 0x62
            }
            let words = bytes.withUnsafeBufferPointer { buffer in
                Word.plainPrefix(buffer.baseAddress!, buffer.count) { word in
                    Word.below(0x20, word) | Word.equal(0x22, word) | Word.equal(0x5C, word) | Word.equal(0x7F, word) | Word.equal(0xE2, word)
                }
            }
            #expect(words == Self.scans[0].reference(bytes))
        }
    }

    @Test func digitTestIsExact() {
        var generator = SeededGenerator(seed: 14)
        for _ in 0..<50_000 {
            let bytes = (0..<8).map { _ in
                Int.random(in: 0..<6, using: &generator) == 0 ? UInt8.random(in: 0x2E...0x3B, using: &generator) : UInt8.random(in: 0...255, using: &generator)
            }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
            #expect(Word.hasDigit(word) == bytes.contains { (0x30...0x39).contains($0) }, "\(bytes)")
        }
    }

    @Test func hashingSkipsDigitsAsIfRemoved() {
        var generator = SeededGenerator(seed: 15)
        let pieces = ["op", "0", "9", "/", ":", "42", "é", "→", "queue", " ", "1234567890", "\u{0}"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            var skipping = StableHasher()
            skipping.combine(skippingDigits: text)
            var removed = StableHasher()
            removed.combine(String(decoding: text.utf8.filter { !(0x30...0x39).contains($0) }, as: UTF8.self))
            #expect(skipping.digest == removed.digest, "\(text)")
        }
    }

    @Test func hexDigitsSpreadEveryNibble() {
        func padded(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        var generator = SeededGenerator(seed: 16)
        var values: [UInt64] = [0, .max, 0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210, 0x9999_AAAA_0000_FFFF]
        // Every nibble value at every place, and random words.
        for place in 0..<16 { for nibble in UInt64(0)...15 { values.append(nibble << UInt64(4 * place)) } }
        for _ in 0..<10_000 { values.append(UInt64.random(in: .min ... .max, using: &generator)) }
        for (high, low) in zip(values, values.reversed()) {
            #expect(Fingerprint(high: high, low: low).hex == padded(high) + padded(low))
        }
    }
}
