import Foundation
import Testing
import OpLintCore
@testable import OpLintSource

/// What the extractor does itself now that it imports only FoundationEssentials, against what
/// Foundation did for it.
@Suite struct SourceFoundationAgreementTests {
    @Test("Every scalar Foundation trims as white space or a line break is trimmed, and no other")
    func trimmingAgreesOnEveryScalar() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "x" + String(scalar)
            let expected = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if FileScanner.trimmingSpace(Substring(text)) != expected {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)): \(FileScanner.trimmingSpace(Substring(text)).debugDescription), Foundation \(expected.debugDescription)")
            }
        }
    }

    @Test("Repeated slashes and ./ steps are replaced as replacingOccurrences(of:with:) replaced them, until none is left")
    func replacingRepeatedlyAgreesWithFoundation() {
        let pieces = ["/", "/", ".", "./", "a", "\u{301}", "é", "//", "/./"]
        var generator = SimulationRandom(seed: 23)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for (target, replacement) in [("//", "/"), ("/./", "/")] {
                var expected = text
                while expected.range(of: target) != nil { expected = expected.replacingOccurrences(of: target, with: replacement) }
                #expect(FileWalker.replacingRepeatedly(in: text, target, with: replacement) == expected, "\(Array(text.unicodeScalars))")
            }
        }
    }
}
