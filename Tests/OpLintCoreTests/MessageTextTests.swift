import Testing
@testable import OpLintCore

/// The byte-built texts of the rules and the schedule writer against what `String`
/// interpolation, `joined` and `JSONValue` make of the same values.
@Suite struct MessageTextTests {
    @Test(arguments: ["", "op1", "“quoted”", "日本語", "a\nb", "emoji 🧵", String(repeating: "long ", count: 40)])
    func messageTextEqualsStringInterpolation(name: String) {
        let other = "é" + name
        #expect(written("\(name) waits for \(other) here") == "\(name) waits for \(other) here")
        #expect(written("\(name)") == name)
        #expect(written("no names") == "no names")
        let place = SourceLocation(file: "dir/\(name).json", line: 12, column: 345)
        #expect(written("\(name) at \(place)") == "\(name) at \(place)")
        #expect(place.description == "dir/\(name).json:12:345")
    }

    /// The first 128 bytes stay on the stack, the rest go to the heap: every length around the
    /// boundary, reached by one piece or by many, gives the interpolated string.
    @Test func textsOfEveryLengthAroundTheInlineBytes() {
        for length in 0...300 {
            let piece = String(repeating: "ab€", count: length / 5) + String(repeating: "x", count: length % 5)
            #expect(written("\(piece)") == piece)
            #expect(written("[\(piece)|\(length)|\(piece)]") == "[\(piece)|\(length)|\(piece)]")
            var builder = MessageText.Builder()
            for k in 0..<length {
                builder.appendLiteral("→")
                builder.append(integer: k - 7)
            }
            #expect(builder.text == (0..<length).map { "→\($0 - 7)" }.joined())
        }
        for number in [0, 1, -1, 9, 10, -10, 12_345, Int.max, Int.min] {
            #expect(written("n=\(number);") == "n=\(number);")
        }
    }

    /// `NameList.summary` as names joined by commas with `and N more`, as it was written before.
    @Test func nameSummariesJoinTheFirstNamesAndCountTheRest() {
        for count in [0, 1, 2, 4, 5, 6, 7, 40] {
            let names = (0..<count).map { "op\($0)“\(String(repeating: "é", count: $0))”" }
            for limit in [1, 3, 5, 50] {
                let shown = names.prefix(limit).joined(separator: ", ")
                let expected = count > limit ? "\(shown) and \(count - limit) more" : shown
                #expect(NameList.summary(names, limit: limit) == expected)
                #expect(NameList.summary(names.lazy.map { $0 }, limit: limit) == expected)
            }
        }
        #expect(NameList.count(1, "operation") == "1 operation")
        #expect(NameList.count(3, "operation") == "3 operations")
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
        // Times take a path of their own, from the thousandths; and past 10^12 of them the general one.
        values += [1e9 - 0.0004, 1e9 + 0.001, 999_999_999.9995, 999_999_999.999, -999_999_999.9996, 0.0005, -0.0005, -0.0004]
        for _ in 0..<2_000 { values.append(Double.random(in: -2e9...2e9, using: &random)) }
        for value in values + [nil] {
            var time = ScheduleWriter(capacity: 8)
            time.append(jsonTime: value)
            var general = ScheduleWriter(capacity: 8)
            general.append(jsonDecimal: value, digits: 3)
            #expect(time.text == general.text, "\(value.map(String.init(describing:)) ?? "nil")")
        }
    }
}
