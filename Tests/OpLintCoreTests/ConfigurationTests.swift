import Foundation
import Testing
@testable import OpLintCore

@Suite struct ConfigurationTests {
    func parse(_ text: String) throws(ConfigurationError) -> Configuration {
        try Configuration.parse(Array(text.utf8), path: "/work/app/.oplint.json")
    }

    func failure(_ text: String) -> ConfigurationError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsEveryKey() throws {
        let configuration = try parse("""
        {
          "rules": { "OPL107": "off", "dependency-cycle": "warning", "opl102": "note" },
          "exclude": ["Tests/Fixtures/**", "*.generated.swift"],
          "baseline": ".oplint-baseline.json",
          "simulation": { "defaultWidth": 6, "threads": 64, "cores": 8, "cpus": 4 }
        }
        """)
        #expect(configuration.rules["OPL107"] == .some(nil))
        #expect(configuration.rules["OPL101"] == .some(.warning))
        #expect(configuration.rules["OPL102"] == .some(.note))
        #expect(configuration.exclude == ["Tests/Fixtures/**", "*.generated.swift"])
        #expect(configuration.baseline == "/work/app/.oplint-baseline.json")
        #expect(configuration.simulation == .init(defaultWidth: 6, threads: 64, cores: 8, cpus: 4))
        #expect(configuration.directory == "/work/app")
    }

    @Test func emptyObjectIsTheDefault() throws {
        let configuration = try parse("{}")
        #expect(configuration.rules.isEmpty && configuration.exclude.isEmpty && configuration.baseline == nil)
    }

    @Test(arguments: [
        ("{\n  \"rule\": {}\n}", 2, 3, "unknown key 'rule' (did you mean 'rules'?)"),
        ("{\"rules\": {\n  \"dependency-cycel\": \"off\"}}", 2, 3, "unknown rule 'dependency-cycel' (did you mean 'dependency-cycle'?)"),
        ("{\"rules\": {\"OPL101\": \"fatal\"}}", 1, 22, "rule 'OPL101' must be one of off, note, warning, error, found 'fatal'"),
        ("{\"rules\": {\"OPL101\": 2}}", 1, 22, "rule 'OPL101' must be one of off, note, warning, error, found a number"),
        ("{\"simulation\": {\"thread\": 4}}", 1, 17, "unknown simulation setting 'thread' (did you mean 'threads'?)"),
        ("{\"simulation\": {\"threads\": 0}}", 1, 28, "'threads' must be a whole number ≥ 1"),
        ("{\"exclude\": \"Tests\"}", 1, 13, "'exclude' must be an array of glob patterns, found a string"),
        ("[1]", 1, 1, "expected an object, found an array"),
        ("{\"rules\": {}, }", 1, 15, "expected a quoted key"),
        ("{\"rules\": {}\n\"exclude\": []}", 2, 1, "expected ',' or '}'"),
        ("{\"rules\": {}, \"rules\": {}}", 1, 15, "duplicate key 'rules'"),
        ("{\"baseline\": \"a\nb\"}", 1, 16, "control character in a string"),
        ("", 1, 1, "unexpected end of file"),
    ])
    func errorsPointAtTheProblem(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(failure(text))
        #expect(error.message == message)
        #expect(error.location.line == line && error.location.column == column, "\(error)")
        #expect(error.description == "/work/app/.oplint.json:\(line):\(column): error: \(message)")
    }

    @Test func findsTheNearestFileUpward() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("a/b/c")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        #expect(Configuration.find(from: nested.path) == nil || Configuration.find(from: nested.path)?.hasPrefix(root.path) == false)
        try Data("{}".utf8).write(to: root.appendingPathComponent(".oplint.json"))
        #expect(Configuration.find(from: nested.path) == root.appendingPathComponent(".oplint.json").path)
        try Data("{}".utf8).write(to: root.appendingPathComponent("a/.oplint.json"))
        #expect(Configuration.find(from: nested.path) == root.appendingPathComponent("a/.oplint.json").path)
        // A directory with that name is not a configuration file.
        try FileManager.default.createDirectory(at: nested.appendingPathComponent(".oplint.json"), withIntermediateDirectories: true)
        #expect(Configuration.find(from: nested.path) == root.appendingPathComponent("a/.oplint.json").path)
    }

    @Test func readerHandlesEscapesNumbersAndDepth() throws {
        let value = try PositionedJSON.parse(Array(#"[ "a\"\u00e9\ud83d\ude00\n", -1.5e2, true, null, {"k": []} ]"#.utf8))
        let elements = try #require(value.elements)
        #expect(elements[0].string == "a\"é😀\n")
        #expect(elements[1].value == .number(-150))
        #expect(elements[2].value == .bool(true))
        #expect(elements[3].value == .null)
        #expect(elements[4].members?.first?.key == "k")
        #expect(elements[4].offset == 49)
        for bad in ["[01]", "[1,]", "{\"a\" 1}", "[\"\\x\"]", "[1] 2", "nul", "[+1]"] {
            #expect(throws: PositionedJSON.SyntaxError.self, "\(bad)") { try PositionedJSON.parse(Array(bad.utf8)) }
        }
        // Deep nesting is an error, not a stack overflow.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: PositionedJSON.SyntaxError.self) { try PositionedJSON.parse(Array(deep.utf8)) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(try PositionedJSON.parse(Array(fine.utf8)).elements?.count == 1)
    }
}
