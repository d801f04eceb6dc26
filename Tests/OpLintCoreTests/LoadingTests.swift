import Foundation
import Testing
@testable import OpLintCore

@Suite struct LoadingTests {
    static let full = """
    {
      "version": 1,
      "queues": [
        {"name": "downloads", "maxConcurrentOperationCount": 2, "qualityOfService": "userInitiated",
         "location": {"file": "Sources/App/Loader.swift", "line": 10, "column": 5}},
        {"name": "main", "main": true, "suspended": true}
      ],
      "operations": [
        {"name": "download1", "queue": "downloads", "duration": 2, "priority": "veryHigh", "addedAt": 0.5,
         "qualityOfService": "utility", "kind": "custom", "asynchronous": true, "finishes": false,
         "checksCancellation": false, "count": 3, "barrier": true, "exclusive": ["network"],
         "reads": ["cache"], "writes": ["disk"], "labels": {"owner": "feed", "ticket": "APP-1"},
         "location": {"file": "Sources/App/Loader.swift", "line": 42, "column": 9},
         "oplint": {"disable": ["OPL304", "priority-inversion"]}},
        {"name": "combine", "queue": "downloads", "start": "manual", "priority": -3,
         "dependencies": ["download1", {"name": "download2", "location": {"file": "B.swift", "line": 7}}],
         "waitsFor": ["download1"], "waitsForQueues": ["main"]},
        {"name": "orphan"}
      ],
      "events": [{"at": 3.0, "cancel": "download1"}, {"at": 1, "suspend": "downloads"},
                 {"at": 2, "resume": "downloads"}, {"at": 4, "cancelAll": "main"}, {"at": 5, "cancel": "download1#3"}],
      "simulation": {"defaultWidth": 6, "threads": 64, "cores": 4, "cpus": 2},
      "source": {"tool": "oplint extract", "version": "0.1.0", "files": ["Sources/App/Loader.swift"]}
    }
    """

    /// Every key of every table is found by its bytes, and no other bytes are: the same bytes
    /// with one byte changed anywhere (the ends and the middle of keys longer than sixteen
    /// bytes are compared apart), one byte more or less, or a prefix.
    @Test func keyTablesFindExactlyTheirKeys() {
        func check<Key: FormatKey>(_ table: KeyTable<Key>) {
            for key in Key.allCases {
                let bytes = Array(key.rawValue.utf8)
                bytes.withUnsafeBytes { #expect(table.key($0)?.rawValue == key.rawValue) }
                for index in bytes.indices {
                    var changed = bytes
                    changed[index] ^= 0x20
                    let other = String(decoding: changed, as: UTF8.self)
                    let expected = Key.allCases.first { $0.rawValue == other }?.rawValue
                    changed.withUnsafeBytes { #expect(table.key($0)?.rawValue == expected, "\(other)") }
                }
                for variant in [bytes + [UInt8(ascii: "s")], Array(bytes.dropLast()), Array(bytes.dropFirst())] {
                    let other = String(decoding: variant, as: UTF8.self)
                    let expected = Key.allCases.first { $0.rawValue == other }?.rawValue
                    variant.withUnsafeBytes { #expect(table.key($0)?.rawValue == expected, "\(other)") }
                }
            }
        }
        check(TopLevelKey.table)
        check(QueueKey.table)
        check(OperationKey.table)
        check(ReferenceKey.table)
        check(EventKey.table)
        check(LocationKey.table)
        check(SimulationKey.table)
        check(SourceInfoKey.table)
        check(OplintSettingsKey.table)
        check(PriorityName.table)
    }

    @Test func readsEveryKey() throws {
        let graph = try loadGraph(Self.full)
        #expect(graph.queues.map(\.name) == ["downloads", "main"])
        let downloads = graph.queues[0]
        #expect(downloads.maxConcurrentOperationCount == 2)
        #expect(downloads.qualityOfService == .userInitiated)
        #expect(downloads.location == SourceLocation(file: "Sources/App/Loader.swift", line: 10, column: 5))
        #expect(graph.queues[1].isMain && graph.queues[1].isSuspended)

        let first = graph.operations[0]
        #expect(first.name == "download1" && first.queue == "downloads" && first.start == .queue)
        #expect(first.duration == 2 && first.addedAt == 0.5 && first.priority == .veryHigh)
        #expect(first.qualityOfService == .utility && first.kind == .custom)
        #expect(first.isAsynchronous && !first.finishes && !first.checksCancellation && first.isBarrier)
        #expect(first.count == 3 && first.exclusive == ["network"] && first.reads == ["cache"] && first.writes == ["disk"])
        #expect(first.labels == ["owner": "feed", "ticket": "APP-1"])
        #expect(first.location == SourceLocation(file: "Sources/App/Loader.swift", line: 42, column: 9))
        #expect(first.disabledRules == ["OPL304", "priority-inversion"])

        let combine = graph.operations[1]
        #expect(combine.start == .manual && combine.priority == QueuePriority(rawValue: -3))
        #expect(combine.dependencies.map(\.name) == ["download1", "download2"])
        #expect(combine.dependencies[1].location == SourceLocation(file: "B.swift", line: 7, column: 1))
        #expect(combine.waitsFor.map(\.name) == ["download1"] && combine.waitsForQueues.map(\.name) == ["main"])

        #expect(graph.events.map(\.action) == [
            .cancel(operation: "download1"), .suspend(queue: "downloads"), .resume(queue: "downloads"),
            .cancelAll(queue: "main"), .cancel(operation: "download1#3"),
        ])
        #expect(graph.events.map(\.at) == [3, 1, 2, 4, 5])
        #expect(graph.simulation == OperationGraph.SimulationSettings(defaultWidth: 6, threads: 64, cores: 4, cpus: 2))
        #expect(graph.source == OperationGraph.SourceInfo(tool: "oplint extract", version: "0.1.0", files: ["Sources/App/Loader.swift"]))
        #expect(graph.unknownKeys.isEmpty)
    }

    @Test func fillsDefaults() throws {
        let graph = try loadGraph(#"{"version": 1, "queues": [{"name": "q"}], "operations": [{"name": "a", "queue": "q"}, {"name": "b"}]}"#)
        let queue = graph.queues[0]
        #expect(queue.maxConcurrentOperationCount == -1 && queue.qualityOfService == .default && !queue.isMain && !queue.isSuspended)
        let a = graph.operations[0]
        #expect(a.start == .queue && a.priority == .normal && a.qualityOfService == .default && a.duration == 1 && a.addedAt == 0)
        #expect(a.kind == .block && !a.isAsynchronous && a.finishes && a.checksCancellation && !a.isBarrier && a.count == 1)
        #expect(a.dependencies.isEmpty && a.labels.isEmpty && a.disabledRules.isEmpty && a.location == nil)
        #expect(graph.operations[1].start == .never)
        #expect(graph.simulation == OperationGraph.SimulationSettings() && graph.source == nil && graph.events.isEmpty)
    }

    @Test func keepsPositionsOfElementsAndReferences() throws {
        let json = "{\"version\": 1,\n\"queues\": [{\"name\": \"q\"}],\n\"operations\": [\n  {\"name\": \"a\", \"queue\": \"q\", \"dependencies\": [\"b\"]}\n]}"
        let graph = try loadGraph(json)
        let operation = graph.operations[0]
        #expect(graph.location(of: operation) == SourceLocation(file: "g.json", line: 4, column: 3))
        #expect(graph.location(of: graph.queues[0]) == SourceLocation(file: "g.json", line: 2, column: 12))
        #expect(graph.location(of: operation.dependencies[0]) == SourceLocation(file: "g.json", line: 4, column: 48))
        let queuePosition = try #require(operation.queuePosition)
        #expect(graph.location(nil, queuePosition) == SourceLocation(file: "g.json", line: 4, column: 26))
    }

    @Test func recordsUnknownKeysWithContextAndPosition() throws {
        let json = """
        {"version": 1, "colour": "red",
         "queues": [{"name": "io", "width": 2}],
         "operations": [{"dependecies": ["x"], "name": "download1",
                         "location": {"file": "A.swift", "line": 1, "col": 2},
                         "oplint": {"disabled": ["OPL101"]}}],
         "events": [{"at": 1, "cancel": "download1", "why": "test"}],
         "simulation": {"width": 3}, "source": {"author": "me"}}
        """
        let graph = try loadGraph(json)
        let found = graph.unknownKeys.map { "\($0.key) | \($0.context) | \(graph.location(nil, $0.position).map(\.description) ?? "")" }
        #expect(found == [
            "colour | top level | g.json:1:16",
            "width | queue \"io\" | g.json:2:28",
            "col | a location | g.json:4:61",
            "dependecies | operation \"download1\" | g.json:3:18",
            "disabled | the oplint settings of operation \"download1\" | g.json:5:29",
            "why | event #1 | g.json:6:46",
            "width | simulation | g.json:7:17",
            "author | source | g.json:7:41",
        ])
        #expect(graph.unknownKeys[0].allowedKeys == ["version", "queues", "operations", "events", "simulation", "source"])
        #expect(graph.unknownKeys[3].allowedKeys.contains("dependencies"))
    }

    @Test func leavesDanglingAndDuplicateNamesToTheRules() throws {
        let graph = try loadGraph(#"{"version": 1, "operations": [{"name": "a", "queue": "nowhere", "dependencies": ["ghost"]}, {"name": "a"}]}"#)
        #expect(graph.operations.map(\.name) == ["a", "a"])
        #expect(graph.operations[0].dependencies.map(\.name) == ["ghost"])
    }

    static let hostileNames = [
        "quote \" and \\ backslash", "<script>alert(1)</script>", "line\nbreak\r\n", "tab\there",
        "RTL \u{202E}txt.exe", "NUL\u{0}inside", "emoji 👩‍👩‍👧 & ampersand", "", "\u{7F}\u{1}\u{1F}",
    ]

    @Test(arguments: hostileNames) func namesRoundTripExactly(_ name: String) throws {
        let escaped = jsonString(name)
        let graph = try loadGraph("{\"version\": 1, \"queues\": [{\"name\": \(escaped)}], \"operations\": [{\"name\": \(escaped), \"queue\": \(escaped), \"dependencies\": [\(escaped)], \"labels\": {\(escaped): \(escaped)}}]}")
        #expect(graph.queues[0].name == name)
        #expect(graph.operations[0].name == name)
        #expect(graph.operations[0].queue == name)
        #expect(graph.operations[0].dependencies[0].name == name)
        #expect(graph.operations[0].labels == [name: name])
    }

    @Test func hostileNameInAnErrorStaysOnOneLine() {
        let message = loadFailure("{\"version\": 1, \"operations\": [{\"name\": \"a\", \"kind\": \"x\\ny\\u0000<b>\"}]}")
        #expect(message == "g.json:1:53: error: \"kind\" must be one of \"block\", \"invocation\", \"custom\", found the string \"x\\ny\\u{0}<b>\"")
    }

    @Test func mergesSeveralFilesInOrder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.json").path
        let second = directory.appendingPathComponent("b.json").path
        try Data(#"{"version": 1, "operations": [{"name": "a"}]}"#.utf8).write(to: URL(fileURLWithPath: first))
        try Data("{\"version\": 1,\n \"operations\": [{\"name\": \"b\", \"dependencies\": [\"a\"]}],\n \"events\": [{\"at\": 1, \"cancel\": \"a\"}]}".utf8)
            .write(to: URL(fileURLWithPath: second))
        let graph = try GraphLoader.load(paths: [first, second])
        #expect(graph.operations.map(\.name) == ["a", "b"])
        #expect(graph.documents.map(\.path) == [first, second])
        #expect(graph.location(of: graph.operations[1]) == SourceLocation(file: second, line: 2, column: 17))
        #expect(graph.location(of: graph.operations[1].dependencies[0]) == SourceLocation(file: second, line: 2, column: 48))
        // The event in the second file names an operation of the first: fine once merged.
        #expect(graph.events.count == 1)
        #expect(throws: LoadError.self) { try GraphLoader.load(path: second) }
    }

    @Test func readsAFileFromDisk() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("graph.json").path
        try Data(Self.full.utf8).write(to: URL(fileURLWithPath: path))
        let graph = try GraphLoader.load(path: path)
        #expect(graph.operations.count == 3)
        #expect(graph.documents.first?.path == path)
    }
}

/// `text` as a JSON string literal, escaping quotes, backslashes and control characters.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        default:
            if scalar.value < 0x20 {
                result += String(format: "\\u%04x", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
