import CTextScan
import Testing
@testable import OpLintSource

/// `SourceReading.isValidUTF8` against the standard library's own validation, and the ASCII
/// run it skips (`oplint_ascii_prefix`) against a plain loop: every byte above 0x7F planted at
/// every offset around the 8- and 64-byte blocks, valid and broken sequences among ASCII text.
@Suite("UTF-8 check")
struct UTF8CheckTests {
    /// Bytes from a fixed sequence: the same texts every run.
    struct Bytes {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func ascii(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in UInt8(0x20 + next() % 0x5F) }
        }
    }

    static func standardLibrarySaysValid(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    @Test("The ASCII prefix ends at the first byte above 0x7F, wherever it is")
    func asciiPrefixAgreesWithAPlainLoop() {
        var source = Bytes(state: 0x0123_4567_89AB_CDEF)
        for length in [0, 1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 200] {
            let text = source.ascii(length)
            #expect(text.withUnsafeBufferPointer { oplint_ascii_prefix($0.baseAddress, $0.count) } == length)
            for offset in 0..<length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var planted = text
                    planted[offset] = high
                    let found = planted.withUnsafeBufferPointer { oplint_ascii_prefix($0.baseAddress, $0.count) }
                    #expect(found == offset, "length \(length), offset \(offset), byte \(high)")
                }
            }
        }
    }

    @Test("Valid exactly when the standard library says so")
    func agreesWithTheStandardLibrary() {
        var source = Bytes(state: 0xFEED_FACE_CAFE_BEEF)
        let sequences: [[UInt8]] = [
            Array("é".utf8), Array("€".utf8), Array("😀".utf8), Array("\u{2028}".utf8),
            [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF],
            [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
        ]
        for length in [0, 5, 63, 64, 70, 130] {
            let text = source.ascii(length)
            #expect(SourceReading.isValidUTF8(text))
            for offset in stride(from: 0, through: length, by: max(1, length / 9)) {
                for sequence in sequences {
                    let planted = Array(text[..<offset]) + sequence + Array(text[offset...])
                    #expect(SourceReading.isValidUTF8(planted) == Self.standardLibrarySaysValid(planted),
                            "length \(length), offset \(offset), \(sequence)")
                }
            }
        }
    }
}
