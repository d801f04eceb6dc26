import Testing
@testable import OpLintCore

/// The byte-built texts of the rules and the schedule writer against what `String` and
/// `JSONValue` make of the same values.
@Suite struct MessageTextTests {
    @Test(arguments: ["", "op1", "“quoted”", "日本語", "a\nb", "emoji 🧵", String(repeating: "long ", count: 40)])
    func messageTextEqualsStringInterpolation(name: String) {
        let other = "é" + name
        #expect(SchedulingLint.written("\(name) waits for \(other) here") == "\(name) waits for \(other) here")
        #expect(SchedulingLint.written("\(name)") == name)
        #expect(SchedulingLint.written("no names") == "no names")
    }

    @Test func decimalsArePrintedAsJSONValuePrintsTheRoundedDouble() {
        var random = SeededGenerator(seed: 5)
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.00005, 0.99995, 0.12345, 1e9 - 0.0001, 1e9 + 0.5, 1e15, 2e15, -3.25,
                                .infinity, -.infinity, .nan, 0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0]
        for _ in 0..<2_000 {
            values.append(Double.random(in: -1...1, using: &random))
            values.append(Double.random(in: -1e6...1e6, using: &random))
            values.append(Double(Int.random(in: -100_000...100_000, using: &random)) / 10_000)
        }
        for digits in [3, 4] {
            var power = 1.0
            for _ in 0..<digits { power *= 10 }
            for value in values {
                var out = ScheduleWriter(capacity: 32)
                out.append(jsonDecimal: value, digits: digits)
                let expected = value.isFinite ? JSONValue.format((value * power).rounded() / power) : "null"
                #expect(String(decoding: out.bytes, as: UTF8.self) == expected, "\(value) to \(digits) decimals")
            }
        }
    }
}
