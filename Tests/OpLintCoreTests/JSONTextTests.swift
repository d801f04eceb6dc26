import Foundation
import Testing
@testable import OpLintCore

/// `JSONText.rendered`, which writes the graphs `oplint extract` prints: the layout (objects of
/// up to three scalars and arrays of scalars on one line), the escapes, and JSON that reads back
/// to the same value however the strings and the nesting look.
@Suite struct JSONTextTests {
    @Test func layoutKeepsSmallObjectsAndScalarArraysOnOneLine() {
        let value = JSONText.object([
            ("version", .integer(1)),
            ("empty", .array([])),
            ("nothing", .object([])),
            ("names", .array([.string("a"), .string("b")])),
            ("place", .object([("file", .string("f.swift")), ("line", .integer(3)), ("column", .integer(7))])),
            ("ops", .array([.object([("name", .string("x")), ("deps", .array([.object([("name", .string("y"))])]))])])),
            ("flags", .object([("a", .bool(true)), ("b", .bool(false)), ("c", .null), ("d", .number(0.25))])),
        ])
        let expected = """
        {
          "version": 1,
          "empty": [],
          "nothing": {},
          "names": ["a", "b"],
          "place": {"file": "f.swift", "line": 3, "column": 7},
          "ops": [
            {
              "name": "x",
              "deps": [
                {"name": "y"}
              ]
            }
          ],
          "flags": {
            "a": true,
            "b": false,
            "c": null,
            "d": 0.25
          }
        }
        """
        #expect(value.rendered() == expected)
        #expect(value.rendered(indent: nil) == """
        {"version": 1, "empty": [], "nothing": {}, "names": ["a", "b"], "place": {"file": "f.swift", "line": 3, "column": 7}, \
        "ops": [{"name": "x", "deps": [{"name": "y"}]}], "flags": {"a": true, "b": false, "c": null, "d": 0.25}}
        """)
        #expect(JSONText.integer(-12).rendered() == "-12")
        #expect(JSONText.number(2).rendered() == "2")
        #expect(JSONText.number(.nan).rendered() == "null")
    }

    @Test func stringsAreEscapedAsJSONRequiresAndLineSeparatorsToo() {
        let text = "q\"b\\n\nr\rt\tc\u{1}\u{1F}del\u{7F}é→\u{2028}\u{2029}\u{2027}🧵"
        #expect(JSONText.string(text).rendered()
            == #""q\"b\\n\nr\rt\tc\u0001\u001fdel"# + "\u{7F}é→" + #"\u2028\u2029"# + "\u{2027}🧵\"")
        #expect(JSONText.string("plain name/with spaces").rendered() == "\"plain name/with spaces\"")
        #expect(JSONText.object([("k\"ey", .string("v"))]).rendered() == #"{"k\"ey": "v"}"#)
    }

    /// Random values with hostile strings, pretty and on one line, read back by Foundation.
    @Test func randomValuesReadBackToTheSameValue() throws {
        var random = SeededGenerator(seed: 11)
        let pieces = ["", "a", "\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "\u{2028}", "\u{2029}", "→", "🧵", "<script>", "x y"]
        func string() -> String { (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        func value(_ depth: Int) -> JSONText {
            switch Int.random(in: 0..<(depth > 4 ? 4 : 6), using: &random) {
            case 0: return .string(string())
            case 1: return .integer(Int.random(in: -1_000_000...1_000_000, using: &random))
            case 2: return .bool(Bool.random(using: &random))
            case 3: return .null
            case 4: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth + 1) })
            default:
                let count = Int.random(in: 0...5, using: &random)
                return .object((0..<count).map { k in ("\(k)\(string())", value(depth + 1)) })
            }
        }
        func foundation(_ value: JSONText) -> Any {
            switch value {
            case .string(let s): return s
            case .integer(let n): return n
            case .number(let d): return d
            case .bool(let b): return b
            case .null: return NSNull()
            case .array(let items): return items.map(foundation)
            case .object(let members): return Dictionary(uniqueKeysWithValues: members.map { ($0.0, foundation($0.1)) })
            }
        }
        for _ in 0..<300 {
            let original = value(0)
            let expected = try JSONSerialization.data(withJSONObject: [foundation(original)], options: [.sortedKeys, .fragmentsAllowed])
            for indent in [0, nil] as [Int?] {
                let read = try JSONSerialization.jsonObject(with: Data(original.rendered(indent: indent).utf8), options: [.fragmentsAllowed])
                let again = try JSONSerialization.data(withJSONObject: [read], options: [.sortedKeys, .fragmentsAllowed])
                #expect(again == expected, "\(original.rendered(indent: nil))")
            }
        }
    }

    /// Nesting far deeper than any graph, without recursion.
    @Test func deepNestingIsRenderedWithoutRecursion() {
        var value = JSONText.array([])
        for _ in 0..<3_000 { value = .array([value, .integer(1)]) }
        let text = value.rendered(indent: nil)
        #expect(text.hasPrefix(String(repeating: "[", count: 3_001) + "]"))
        #expect(text.hasSuffix(String(repeating: ", 1]", count: 3_000)))
    }
}
