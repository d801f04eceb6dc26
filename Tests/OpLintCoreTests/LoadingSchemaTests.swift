import Foundation
import Testing
@testable import OpLintCore

/// Every example graph is valid against `docs/oplint-graph.schema.json` (checked with Python's
/// `jsonschema`) and loads with the loader; the schema and the loader agree on what is invalid.
@Suite struct LoadingSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schema = root.appendingPathComponent("docs/oplint-graph.schema.json").path

    /// Every `examples/**/*.json` except dot-files (such as a `.oplint.json` configuration).
    static func exampleGraphs() -> [String] {
        let examples = root.appendingPathComponent("examples")
        guard let walker = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil) else { return [] }
        var paths: [String] = []
        for case let url as URL in walker where url.pathExtension == "json" && !url.lastPathComponent.hasPrefix(".") {
            paths.append(url.path)
        }
        return paths.sorted()
    }

    static let validator = """
    import json, sys
    try:
        import jsonschema
    except ImportError:
        print("python3 cannot import jsonschema: run `python3 -m pip install jsonschema`")
        sys.exit(3)
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sys.argv[2:]:
        with open(path, "rb") as f:
            document = json.loads(f.read().decode("utf-8"))
        errors = sorted(e.message for e in validator.iter_errors(document))
        print(json.dumps({"path": path, "errors": errors}))
    """

    /// The schema errors of each file, by path; records an issue if Python or jsonschema is missing.
    static func validate(_ paths: [String]) throws -> [String: [String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", validator, schema] + paths
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            Issue.record("cannot run python3 (\(error)); the schema test needs python3 with jsonschema installed")
            return [:]
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Issue.record("schema validation could not run (exit \(process.terminationStatus)): \(String(decoding: data, as: UTF8.self))\(errorText)")
            return [:]
        }
        var result: [String: [String]] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if let path = object?["path"] as? String, let messages = object?["errors"] as? [String] {
                result[path] = messages
            }
        }
        return result
    }

    @Test func examplesAreValidAgainstTheSchemaAndLoad() throws {
        let paths = Self.exampleGraphs()
        #expect(paths.count >= 3)
        let results = try Self.validate(paths)
        for path in paths {
            do {
                // The schema and the loader agree: an example the schema rejects is one whose
                // unknown keys the loader reports (the unknown-key rule's own example).
                let graph = try GraphLoader.load(path: path)
                if graph.unknownKeys.isEmpty {
                    #expect(results[path] == [], "\(path) is not valid against the schema")
                } else {
                    #expect(results[path]?.count == graph.unknownKeys.count, "\(path): schema and loader disagree")
                    #expect(results[path]?.allSatisfy { $0.hasPrefix("Additional properties are not allowed") } == true)
                }
            } catch {
                Issue.record("\(path) does not load: \(error)")
            }
        }
    }

    /// Documents both the schema and the loader refuse, and documents with unknown keys that the
    /// schema flags and the loader loads with warnings.
    static let invalid = [
        #"{"version": 2}"#,
        #"{"version": 1, "queues": [{"name": "q", "maxConcurrentOperationCount": -2}]}"#,
        #"{"version": 1, "operations": [{"name": "a", "count": 0}]}"#,
        #"{"version": 1, "operations": [{"name": "a", "duration": -1}]}"#,
        #"{"version": 1, "operations": [{"name": "a", "priority": "urgent"}]}"#,
        #"{"version": 1, "operations": [{"name": "a", "dependencies": [1]}]}"#,
        #"{"version": 1, "operations": [{"name": "a", "labels": {"k": 1}}]}"#,
        #"{"version": 1, "operations": [{"queue": "q"}]}"#,
        #"{"version": 1, "operations": [{"name": "a"}], "events": [{"at": 1}]}"#,
        #"{"version": 1, "queues": [{"name": "q"}], "events": [{"at": 1, "suspend": "q", "resume": "q"}]}"#,
        #"{"version": 1, "simulation": {"threads": 0}}"#,
    ]
    static let unknownKeys = [
        #"{"version": 1, "operations": [{"name": "a", "dependecies": ["b"]}]}"#,
        #"{"version": 1, "colour": "red"}"#,
        #"{"version": 1, "queues": [{"name": "q", "width": 2}]}"#,
    ]

    @Test func schemaAndLoaderAgreeOnInvalidDocuments() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, json) in (Self.invalid + Self.unknownKeys).enumerated() {
            let path = directory.appendingPathComponent("case\(index).json").path
            try Data(json.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let results = try Self.validate(paths)
        for (index, json) in Self.invalid.enumerated() {
            #expect(results[paths[index]]?.isEmpty == false, "the schema accepts \(json)")
            #expect(loadFailure(json) != nil, "the loader accepts \(json)")
        }
        for (offset, json) in Self.unknownKeys.enumerated() {
            let messages = results[paths[Self.invalid.count + offset]] ?? []
            #expect(messages.contains { $0.hasPrefix("Additional properties are not allowed") }, "\(json): \(messages)")
            #expect(try loadGraph(json).unknownKeys.count == 1)
        }
    }
}
