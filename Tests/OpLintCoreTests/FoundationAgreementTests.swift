import Foundation
import Testing
@testable import OpLintCore

/// What the core does itself now that it imports only FoundationEssentials, against what
/// Foundation did for it.
@Suite struct FoundationAgreementTests {
    @Test("Numbers with six decimals are written as String(format: \"%.6f\") writes them")
    func fixedSixAgreesWithFormat() {
        var generator = SeededGenerator(seed: 6)
        var values: [Double] = [0.1, -0.1, 0.5, 1e-7, -1e-7, 5e-7, 0.0000005, 123456.7890125, 1e300 + 0.5, -1.7976931348623157e308,
                                Double.leastNonzeroMagnitude, Double.ulpOfOne, 2.5e-6, 0.1234565, 0.1234575]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -12...18, using: &generator)
            values.append((Bool.random(using: &generator) ? 1 : -1) * pow(10, magnitude) * Double.random(in: 1..<10, using: &generator))
        }
        for value in values {
            #expect(JSONValue.fixedSix(value) == String(format: "%.6f", value), "\(value)")
        }
    }

    @Test("Rule names are padded and cut as NSString's padding(toLength:withPad:startingAt:) does")
    func paddingAgreesWithFoundation() {
        for text in ["", "a", "deadlock", "operation-never-starts", "é", "e\u{301}x", "😀ab", "ab😀", "tab\there"] {
            for length in 0...12 {
                let expected = text.padding(toLength: length, withPad: " ", startingAt: 0)
                #expect(RuleDocumentation.padded(text, toLength: length) == expected, "\(text) \(length)")
            }
        }
    }

    @Test("A configuration number is checked as the regular expression of JSON's numbers checked it")
    func jsonNumbersAgreeWithTheExpression() {
        let alphabet = Array("+-0123456789.eE".utf8)
        var generator = SeededGenerator(seed: 11)
        var texts = ["0", "-0", "01", "1.", ".5", "1e", "1e+", "1E-7", "-12.5e+3", "--1", "1.2.3", "0.0", "00", "1e5e5", "-", "+1"]
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...7, using: &generator)
            texts.append(String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self))
        }
        for text in texts {
            let expected = text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
            #expect(PositionedJSON.Reader.isJSONNumber(ArraySlice(text.utf8)) == expected, "\(text)")
        }
    }
}

/// `replacingCharacters` and `containsCharacters` compare whole characters, as Foundation does
/// for the words oplint looks for (ASCII punctuation and letters).
@Suite struct CharacterReplacementTests {
    @Test("For oplint's targets, replacing and finding agree with Foundation's replacingOccurrences and contains")
    func agreesWithFoundation() {
        // Joiners after punctuation apart (below).
        let pieces = ["/", ".", "|", "'", ":", "\\", "[", "]", " ", "a", "\u{301}", "e", "é", "e\u{301}", "\u{1F600}", "\u{E0}",
                      "K", "\u{212A}", ";", "\u{37E}", "\r", "\n", "ependenc", "/\u{301}", "\u{5D0}"]
        let targets = ["/", "//", "/./", "|", "'", ":", "\\", "[", "]", " ", "ependenc"]
        var generator = SeededGenerator(seed: 29)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for target in targets {
                #expect(text.replacingCharacters(target, with: "<>") == text.replacingOccurrences(of: target, with: "<>"), "\(Array(text.unicodeScalars)) \(Array(target.unicodeScalars))")
                #expect(text.containsCharacters(target) == (text.range(of: target) != nil), "\(Array(text.unicodeScalars)) \(Array(target.unicodeScalars))")
            }
        }
    }

    @Test("Where they part: a joiner after punctuation, and CR LF, make one character for Swift, not for Foundation")
    func whereTheyPart() {
        #expect("a]\u{200D}b".replacingCharacters("]", with: ")") == "a]\u{200D}b")
        #expect("a]\u{200D}b".replacingOccurrences(of: "]", with: ")") == "a)\u{200D}b")
        #expect(!"a\r\nb".containsCharacters("\n"))
        #expect("a\r\nb".range(of: "\n") != nil)
    }
}
