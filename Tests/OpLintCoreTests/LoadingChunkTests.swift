import Testing
@testable import OpLintCore

/// Reading the second half of the operations on another thread gives the same graph, and the
/// same error, as reading the whole file on one — wherever the split falls.
@Suite struct LoadingChunkTests {
    /// A graph file in one of several layouts, with names that need escapes, dependency objects
    /// on lines of their own, unknown keys and rarely used settings spread over it.
    static func file(operations: Int, layout: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        var lines = ["{", "  \"version\": 1,", "  \"queues\": ["]
        lines.append("    {\"name\": \"serial\", \"maxConcurrentOperationCount\": 1},")
        lines.append("    {\"name\": \"wide \\\"q\\\"\"},")
        lines.append("    {\"name\": \"main\", \"main\": true}")
        lines.append("  ],")
        lines.append("  \"operations\": [")
        let queues = ["serial", "wide \\\"q\\\"", "main", "undeclared"]
        for i in 0..<operations {
            let name = i % 7 == 3 ? "op \\\"\(i)\\\" \\u00e9\\n" : "op\(i)"
            var members = ["\"name\": \"\(name)\""]
            let roll = Int.random(in: 0..<100, using: &generator)
            if roll >= 5 { members.append("\"queue\": \"\(queues[Int.random(in: 0..<queues.count, using: &generator)])\"") }
            if roll % 3 == 0 { members.append("\"priority\": \"high\"") }
            if roll % 5 == 0 { members.append("\"duration\": \(Double(roll) / 7)") }
            if roll % 11 == 0 { members.append("\"unknownSetting\": {\"a\": [1, 2]}") }
            if roll % 13 == 0 { members.append("\"exclusive\": [\"disk\"]") }
            if roll % 17 == 0, i > 0 { members.append("\"waitsFor\": [\"op\(i - 1)\"]") }
            if roll % 19 == 0 { members.append("\"labels\": {\"team\": \"feed\"}") }
            var dependencies: [String] = []
            for _ in 0..<Int.random(in: 0...3, using: &generator) where i > 0 {
                let target = Int.random(in: 0..<i, using: &generator)
                let targetName = target % 7 == 3 ? "op \\\"\(target)\\\" \\u00e9\\n" : "op\(target)"
                dependencies.append(Int.random(in: 0..<10, using: &generator) == 0
                    ? "{\"name\": \"\(targetName)\", \"extra\": 1}" : "\"\(targetName)\"")
            }
            if roll % 23 == 0 { dependencies.append("\"ghost\"") }
            let comma = i + 1 < operations ? "," : ""
            switch layout {
            case 0:
                // One operation per line.
                if !dependencies.isEmpty { members.append("\"dependencies\": [\(dependencies.joined(separator: ", "))]") }
                lines.append("    {" + members.joined(separator: ", ") + "}" + comma)
            case 1:
                // One member per line, dependency objects on lines of their own.
                if !dependencies.isEmpty {
                    members.append("\"dependencies\": [\n        " + dependencies.joined(separator: ",\n        ") + "\n      ]")
                }
                lines.append("    {\n      " + members.joined(separator: ",\n      ") + "\n    }" + comma)
            default:
                // Braces on lines of their own, tabs and carriage returns.
                if !dependencies.isEmpty { members.append("\"dependencies\": [\(dependencies.joined(separator: ",\r\n\t\t"))]") }
                lines.append("\t{\r\n\t\t" + members.joined(separator: ",\r\n\t\t") + "\r\n\t}" + comma)
            }
        }
        lines.append("  ],")
        lines.append("  \"events\": [{\"at\": 1, \"cancel\": \"op1\"}],")
        lines.append("  \"trailing\": {\"unknown\": true}")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The offsets where an operation, a dependency object or any other `{` starts a line.
    static func candidates(_ bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        var k = 0
        while k < bytes.count {
            if bytes[k] == 0x0A {
                var next = k + 1
                while next < bytes.count && (bytes[next] == 0x20 || bytes[next] == 0x09) { next += 1 }
                if next < bytes.count && bytes[next] == 0x7B { result.append(next) }
            }
            k += 1
        }
        return result
    }

    static func load(_ bytes: [UInt8], splitAt start: Int?) -> Result<OperationGraph, LoadError> {
        let file = GraphFile(path: "chunk.json", paddedBytes: bytes)
        let document = Document(path: file.path, file: file.bytes)
        do throws(LoadError) {
            return .success(try GraphLoader.decode(file, document: document, splitAt: start))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: [0, 1, 2])
    func everySplitReadsTheSameGraph(layout: Int) {
        for seed in 1...3 as ClosedRange<UInt64> {
            let bytes = Array(Self.file(operations: 60, layout: layout, seed: seed).utf8)
            guard case .success(let expected) = Self.load(bytes, splitAt: nil) else {
                Issue.record("the file does not load")
                continue
            }
            #expect(expected.operations.count == 60)
            #expect(!expected.unknownKeys.isEmpty)
            let starts = Self.candidates(bytes) + [0, 1, bytes.count / 2, bytes.count - 2]
            for start in starts {
                guard case .success(let graph) = Self.load(bytes, splitAt: start) else {
                    Issue.record("split at \(start) fails")
                    continue
                }
                #expect(graph == expected, "split at \(start)")
                #expect(graph.unknownKeys == expected.unknownKeys, "split at \(start)")
                #expect(GraphIndex(graph).dependencyTargets == GraphIndex(expected).dependencyTargets)
            }
        }
    }

    @Test(arguments: [0, 1, 2])
    func aSplitAtAnOperationUsesTheOtherThreadsOperations(layout: Int) throws {
        let bytes = Array(Self.file(operations: 60, layout: layout, seed: 3).utf8)
        let file = GraphFile(path: "chunk.json", paddedBytes: bytes)
        let document = Document(path: file.path, file: file.bytes)
        let expected = try GraphLoader.decode(file, document: document, splitAt: nil)
        var joined = 0
        for start in Self.candidates(bytes) {
            guard let halves = GraphLoader.decodeInHalves(file, document: document, start: start) else {
                Issue.record("split at \(start) fails")
                continue
            }
            #expect(halves.graph == expected)
            // A split at an operation is joined; one at a dependency object, a queue or any other
            // brace that starts a line is not, and this thread reads everything.
            let operationStart = expected.operations.indices.contains { expected.operations.position(at: $0)?.offset == UInt32(start) }
            #expect(halves.joined == operationStart, "split at \(start)")
            if halves.joined { joined += 1 }
        }
        #expect(joined >= 50)
    }

    @Test func aSplitAtAnOperationIsTaken() {
        // The second half is really read on the other thread: its operations arrive with the
        // hashes the reader computes, and the graph equals the one-thread one.
        let bytes = Array(Self.file(operations: 200, layout: 0, seed: 9).utf8)
        let starts = Self.candidates(bytes)
        let middle = starts[starts.count / 2]
        let file = GraphFile(path: "chunk.json", paddedBytes: bytes)
        let chunk = OperationChunk.read(file.bytes.base, length: file.count, capacity: file.capacity, start: middle,
                                        document: Document(path: file.path, file: file.bytes))
        let outcome = chunk.wait()
        #expect(outcome?.arrayEnd != nil)
        #expect((outcome?.columns.operationCount ?? 0) > 50)
        #expect(outcome?.columns.nameHashes.count == outcome?.columns.operationCount)
        #expect(chunk.wait() == nil)
    }

    @Test(arguments: [0, 1, 2])
    func brokenFilesGiveTheOneThreadError(layout: Int) {
        let text = Self.file(operations: 40, layout: layout, seed: 4)
        let bytes = Array(text.utf8)
        var generator = SeededGenerator(seed: 77)
        var broken: [[UInt8]] = []
        // Garbage, truncation, invalid UTF-8, a duplicate key and a missing name, at places
        // spread over both halves.
        for _ in 0..<12 {
            let at = Int.random(in: 1..<bytes.count, using: &generator)
            broken.append(Array(bytes[..<at]) + Array("#".utf8) + Array(bytes[at...]))
            broken.append(Array(bytes[..<at]))
            broken.append(Array(bytes[..<at]) + [0xFF, 0xC0] + Array(bytes[at...]))
        }
        broken.append(Array(text.replacingOccurrences(of: "{\"name\": \"op30\"", with: "{\"name\": \"op30\", \"name\": \"x\"").utf8))
        broken.append(Array(text.replacingOccurrences(of: "\"name\": \"op31\"", with: "\"title\": \"op31\"").utf8))
        broken.append(Array(text.replacingOccurrences(of: "\"name\": \"op35\"", with: "\"name\": 35").utf8))
        for file in broken {
            let expected = Self.load(file, splitAt: nil)
            for start in Self.candidates(file).filter({ $0 > file.count / 3 }).prefix(6) {
                let split = Self.load(file, splitAt: start)
                switch (expected, split) {
                case (.success(let a), .success(let b)): #expect(a == b)
                case (.failure(let a), .failure(let b)): #expect(a == b, "split at \(start): \(b) instead of \(a)")
                default: Issue.record("split at \(start): \(split) instead of \(expected)")
                }
            }
        }
    }

    @Test func splitsLargeFilesAtALineThatStartsAnElement() {
        let small = Array(Self.file(operations: 100, layout: 0, seed: 1).utf8)
        small.withUnsafeBufferPointer { #expect(OperationChunk.split($0.baseAddress!, length: $0.count) == nil) }
        var count = 100
        var bytes = small
        while bytes.count < OperationChunk.minimumBytes {
            count *= 4
            bytes = Array(Self.file(operations: count, layout: 1, seed: 2).utf8)
        }
        let start = bytes.withUnsafeBufferPointer { OperationChunk.split($0.baseAddress!, length: $0.count) }
        guard let start else {
            Issue.record("no split")
            return
        }
        #expect(start >= bytes.count / 2)
        #expect(bytes[start] == 0x7B)
        var back = start - 1
        while bytes[back] == 0x20 || bytes[back] == 0x09 || bytes[back] == 0x0A || bytes[back] == 0x0D { back -= 1 }
        #expect(bytes[back] == 0x2C)
        // The loader takes that split by itself; the graph is the one-thread one.
        let parallel = try? GraphLoader.load(bytes: bytes, path: "chunk.json")
        guard case .success(let expected) = Self.load(bytes, splitAt: nil) else {
            Issue.record("the file does not load")
            return
        }
        #expect(parallel == expected)
    }
}
