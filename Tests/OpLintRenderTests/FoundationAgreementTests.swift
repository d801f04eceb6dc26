import Foundation
import Testing
@testable import OpLintRender

/// Graphviz's messages are trimmed as Foundation's `trimmingCharacters(in: .whitespaces)` trimmed them.
@Suite struct RenderFoundationAgreementTests {
    @Test("Every scalar Foundation trims as a space is trimmed from a message, and no other")
    func trimmingAgreesOnEveryScalar() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar) + "Error: x" + String(scalar)
            let expected = text.trimmingCharacters(in: .whitespaces)
            if GraphvizSession.trimmingSpaces(Substring(text)) != expected {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)): \(GraphvizSession.trimmingSpaces(Substring(text)).debugDescription), Foundation \(expected.debugDescription)")
            }
        }
    }
}
