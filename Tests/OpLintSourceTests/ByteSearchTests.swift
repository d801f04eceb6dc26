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
}
