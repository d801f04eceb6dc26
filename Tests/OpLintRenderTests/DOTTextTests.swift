import OpLintCore
import Testing

@Suite struct DOTTextTests {
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("say \"hi\"", "\"say \\\"hi\\\"\""),
        ("end\\", "\"end\\\\\""),
        ("two\nlines", "\"two\\nlines\""),
    ])
    func quotesPlainValues(_ input: String, _ expected: String) {
        #expect(DOTText.quoted(input) == expected)
    }

    @Test(arguments: [
        ("a & b", "a &amp; b"),
        ("<script>", "&lt;script&gt;"),
        ("\"q\" 'p'", "&quot;q&quot; &#39;p&#39;"),
        ("back\\N", "back\\\\N"),
        ("one\ntwo", "one<BR/>two"),
        ("tab\there", "tab\u{2409}here"),
    ])
    func escapesHTMLLabels(_ input: String, _ expected: String) {
        #expect(DOTText.html(input) == expected)
    }

    @Test(arguments: [
        ("a\\b", "\"a\\\\\\\\b\""),
        ("&amp;", "\"&amp;amp;\""),
        ("x\ny", "\"x&#10;y\""),
        ("\"", "\"&quot;\""),
    ])
    func escapesTooltipsForBothEscapePasses(_ input: String, _ expected: String) {
        #expect(DOTText.tooltip(input) == expected)
    }

    @Test func everyBackslashRunInQuotedStringsIsEven() {
        // The DOT scanner reads `\\` as a pair; an odd run before the closing quote would escape it.
        for name in DrawingFixtures.hostileNames {
            for quoted in [DOTText.quoted(name), DOTText.tooltip(name)] {
                var run = 0
                for character in quoted.dropFirst().dropLast() {
                    if character == "\\" { run += 1; continue }
                    if character == "\"" { #expect(run % 2 == 1, "unescaped quote in \(quoted)") }
                    run = 0
                }
                #expect(run % 2 == 0, "odd backslash run before the closing quote in \(quoted)")
            }
        }
    }

    @Test func makesBidirectionalAndControlCharactersVisible() {
        #expect(DOTText.visible("a\u{202E}b") == "a⟨U+202E⟩b")
        #expect(DOTText.visible("nul\u{0}") == "nul\u{2400}")
        #expect(DOTText.visible("next line \u{85}, csi \u{9B}") == "next line ⟨U+0085⟩, csi ⟨U+009B⟩")
        #expect(DOTText.visible("keep\nline") == "keep\nline")
        #expect(DOTText.visible("עברית") == "עברית")
    }

    @Test(arguments: [("short", 10, "short"), ("exactly10!", 10, "exactly10!"), ("eleven char", 10, "eleven ch…"), ("é👩‍👩‍👧x", 2, "é…")])
    func truncatesByCharacters(_ input: String, _ limit: Int, _ expected: String) {
        #expect(DOTText.truncated(input, to: limit) == expected)
    }

    @Test func percentEncodesLinkPathsSoInputCannotChangeTheScheme() {
        let template = LinkTemplate("https://example.com/blob/main/{file}#L{line}")
        let url = template.url(for: SourceLocation(file: "javascript:alert(1)/a b\"<&>.swift", line: 7, column: 3))
        #expect(url == "https://example.com/blob/main/javascript%3Aalert%281%29/a%20b%22%3C%26%3E.swift#L7")
        #expect(LinkTemplate("{file}").url(for: SourceLocation(file: "javascript:x", line: 1, column: 1)) == "javascript%3Ax")
    }

    @Test(arguments: [(2.0, "2"), (2.5, "2.5"), (0.25, "0.25"), (-0.5, "-0.5"), (1.005, "1"), (Double.nan, "0")])
    func formatsNumbers(_ value: Double, _ expected: String) {
        #expect(DOTNumber.format(value) == expected)
    }
}
