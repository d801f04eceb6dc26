import Foundation
import Testing
@testable import OpLintCore

/// Hostile input never crashes or hangs: each gets one clear line, with a position where it has one.
@Suite struct LoadingRobustnessTests {
    /// `file:line:column: error: message` or `file: error: message`, on one line.
    static func isOneLineError(_ text: String?, file: String = "g.json") -> Bool {
        guard let text else { return false }
        let pattern = "^" + NSRegularExpression.escapedPattern(for: file) + "(:[0-9]+:[0-9]+)?: error: [^\\n\\r]+$"
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    @Test func deepNestingHitsTheDepthLimitWithoutRecursion() {
        let deep = "{\"version\": 1, \"x\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        // The root object is level 1, so the 512th bracket (offset 20 + 511) is level 513.
        #expect(loadFailure(deep) == "g.json:1:532: error: nesting deeper than 512 levels")
        let deepObjects = "{\"version\": 1, \"x\": " + String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000) + "}"
        #expect(loadFailure(deepObjects) == "g.json:1:2576: error: nesting deeper than 512 levels")
        let unclosed = "{\"version\": 1, \"x\": " + String(repeating: "[", count: 100_000)
        #expect(loadFailure(unclosed) == "g.json:1:532: error: nesting deeper than 512 levels")
        let truncated = "{\"version\": 1, \"x\": " + String(repeating: "[", count: 300)
        #expect(loadFailure(truncated) == "g.json:1:321: error: unexpected end of input: an array or object is not closed")
        #expect(loadFailure(String(repeating: "[", count: 100_000)) == "g.json:1:1: error: expected a JSON object at the top level, found an array")
    }

    @Test func acceptsNestingUpToTheLimitInUnknownKeys() throws {
        let depth = 500
        let json = "{\"version\": 1, \"x\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let graph = try loadGraph(json)
        #expect(graph.unknownKeys.map(\.key) == ["x"])
    }

    @Test func invalidUTF8PointsAtTheFirstBadByte() {
        #expect(loadFailure([0x7B, 0xFF, 0x7D]) == "g.json:1:2: error: invalid UTF-8")
        let prefix = Array("{\"version\": 1,\n \"x\": \"aé".utf8)
        #expect(loadFailure(prefix + [0xC3, 0x28, 0x22, 0x7D]) == "g.json:2:10: error: invalid UTF-8")
        // An encoded surrogate (ED A0 80) and an overlong slash (C0 AF) are not UTF-8 either.
        #expect(loadFailure(Array("{\"a\": \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"}".utf8)) == "g.json:1:8: error: invalid UTF-8")
        #expect(loadFailure(Array("{\"a\": \"".utf8) + [0xC0, 0xAF] + Array("\"}".utf8)) == "g.json:1:8: error: invalid UTF-8")
    }

    @Test func binaryFilesAreRejectedWithAPosition() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        #expect(loadFailure(png) == "g.json:1:1: error: invalid UTF-8")
        #expect(loadFailure([0, 0, 0, 0]) == "g.json:1:1: error: unexpected byte 0x00")
    }

    @Test func fiftyMegabytesOfGarbageFailFast() {
        var random = TestRandom(seed: 42)
        let count = 50 << 20
        var binary = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let words = UnsafeMutableRawBufferPointer(buffer).bindMemory(to: UInt64.self)
            for index in words.indices { words[index] = random.next() }
            initialized = count
        }
        binary[0] = UInt8(ascii: "{")
        #expect(Self.isOneLineError(loadFailure(binary)))
        // Printable garbage: valid UTF-8, invalid JSON.
        binary.withUnsafeMutableBytes { bytes in
            let words = bytes.bindMemory(to: UInt64.self)
            // Clear the high bit and map each byte into 0x20...0x5F.
            for index in words.indices { words[index] = (words[index] & 0x3F3F_3F3F_3F3F_3F3F) | 0x2020_2020_2020_2020 }
        }
        binary[0] = UInt8(ascii: "{")
        let message = loadFailure(binary)
        #expect(Self.isOneLineError(message))
        #expect(message?.hasPrefix("g.json:1:") == true)
    }

    @Test func everyTruncationOfAValidGraphIsAnError() {
        let bytes = Array(LoadingTests.full.utf8)
        var failures = 0
        for length in 0..<bytes.count {
            let message = loadFailure(Array(bytes[0..<length]))
            if !Self.isOneLineError(message) { failures += 1 }
        }
        #expect(failures == 0)
        #expect(loadFailure(bytes) == nil)
    }

    @Test func randomMutationsNeverCrash() {
        let original = Array(LoadingTests.full.utf8)
        let alphabet = Array("{}[]\":,\\0123456789.-eE truefalsnul\n\u{1}".utf8) + [0xC3, 0xFF, 0x80]
        var random = TestRandom(seed: 7)
        var loaded = 0
        var badMessages: [String] = []
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = alphabet.randomElement(using: &random) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: index)
                }
            }
            if let message = loadFailure(bytes) {
                if !Self.isOneLineError(message) { badMessages.append(message) }
            } else {
                loaded += 1
            }
        }
        #expect(badMessages.isEmpty)
        #expect(loaded > 0)  // Some mutations only touch string contents and still load.
    }

    @Test func fileProblemsHaveNoPosition() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.json").path
        #expect(Self.describe { try GraphLoader.load(path: missing) } == "\(missing): error: no such file or directory")
        #expect(Self.describe { try GraphLoader.load(path: directory.path) } == "\(directory.path): error: is a directory, not a JSON graph file")

        let empty = directory.appendingPathComponent("empty.json").path
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(Self.describe { try GraphLoader.load(path: empty) } == "\(empty): error: the file is empty; expected a JSON graph (format version 1)")
        let blank = directory.appendingPathComponent("blank.json").path
        _ = FileManager.default.createFile(atPath: blank, contents: Data(" \n\t\r\n".utf8))
        #expect(Self.describe { try GraphLoader.load(path: blank) } == "\(blank): error: the file is empty; expected a JSON graph (format version 1)")

        let loop = directory.appendingPathComponent("loop.json").path
        let other = directory.appendingPathComponent("other.json").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: other)
        try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: loop)
        #expect(Self.describe { try GraphLoader.load(path: loop) } == "\(loop): error: too many levels of symbolic links")

        let underFile = empty + "/graph.json"
        #expect(Self.describe { try GraphLoader.load(path: underFile) } == "\(underFile): error: cannot open the file: Not a directory")
        // Several paths: the first failure is reported.
        #expect(Self.describe { try GraphLoader.load(paths: [empty, missing]) }?.hasPrefix(empty) == true)
    }

    @Test func readsAPipeAsStandardInputIsRead() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let json = "{\"version\": 1, \"operations\": [{\"name\": \"piped\"}]}"
        let written = json.utf8CString.withUnsafeBufferPointer { write(descriptors[1], $0.baseAddress, json.utf8.count) }
        #expect(written == json.utf8.count)
        close(descriptors[1])
        let file = try GraphFile.read(descriptor: descriptors[0])
        close(descriptors[0])
        let graph = try GraphLoader.decode(file)
        #expect(graph.operations.map(\.name) == ["piped"])
        #expect(graph.documents.map(\.path) == ["<stdin>"])
    }

    /// The description of the `LoadError` `body` throws, or nil.
    static func describe(_ body: () throws -> OperationGraph) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as LoadError {
            return error.description
        } catch {
            return "not a LoadError: \(error)"
        }
    }
}

extension GraphFile {
    /// Reads an open descriptor the way standard input is read.
    static func read(descriptor: Int32) throws(LoadError) -> GraphFile {
        try readStream(descriptor: descriptor, path: GraphLoader.standardInputName)
    }
}
