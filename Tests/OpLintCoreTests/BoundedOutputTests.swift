import Testing
import OpLintShapes
@testable import OpLintCore

/// Findings and reports name a bounded number of things and say how many more, so that
/// their size stays linear in the graph; and a column is found without scanning a whole line.
@Suite struct BoundedOutputTests {
    @Test func aLongCycleKeepsBothEndsOfItsPath() throws {
        let graph = try GraphLoader.load(bytes: ShapeGraph(.cycle, operations: 1_000).json(), path: "cycle.json")
        let findings = DependencyCycleRule().check(GraphAnalysis(graph))
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        // op0 waits for op999, which waits for op998, …, which waits for op0: 1,001 steps.
        #expect(finding.message == "dependency cycle: op0 → op999 → op998 → op997 → op996 → op995 → … 989 more … → op5 → op4 → op3 → op2 → op1 → op0")
        #expect(finding.related.count == NameList.pathLimit + 1)
        #expect(finding.related[6].message == "… 988 more edges of the cycle …")
        #expect(finding.related.first?.message == "op0 waits for op999")
        #expect(finding.related.last?.message == "op1 waits for op0")
        #expect(finding.operations.count == 1_000)
        #expect(finding.fix?.removeEdges.count == 1)
    }

    @Test func shortPathsAreShownWhole() {
        #expect(NameList.path(count: 12) { "n\($0)" } == (0..<12).map { "n\($0)" }.joined(separator: " → "))
        #expect(NameList.path(count: 13) { "n\($0)" } == "n0 → n1 → n2 → n3 → n4 → n5 → … 1 more … → n7 → n8 → n9 → n10 → n11 → n12")
    }

    @Test func theLinterCutsRelatedLocations() {
        let location = SourceLocation(file: "g.json", line: 1, column: 1)
        let related = (0..<250).map { Finding.Related(location, "step \($0)") }
        let finding = Finding(rule: RuleID(code: "OPL999", name: "test"), severity: .error, message: "m", location: location, related: related)
        var limited = finding
        limited.limitRelated()
        #expect(limited.related.count == Finding.relatedLimit)
        #expect(limited.related[Finding.relatedLimit - 2].message == "step \(Finding.relatedLimit - 2)")
        #expect(limited.related.last?.message == "… and \(250 - Finding.relatedLimit + 1) more related locations")
        var short = Finding(rule: finding.rule, severity: .error, message: "m", location: location, related: Array(related.prefix(3)))
        short.limitRelated()
        #expect(short.related.map(\.message) == ["step 0", "step 1", "step 2"])
    }

    @Test func aStuckMemberNamesTenHoldersAndCountsTheRest() throws {
        // Every one of 64 slots is held by an operation waiting for the next one; op64, ready
        // with no slot, closes the cycle and names ten of the 64 holders.
        let graph = try GraphLoader.load(bytes: ShapeGraph(.slotWaits, operations: 1_000).json(), path: "waits.json")
        let stuck = try #require(try Simulator.simulate(graph).stuck)
        let members = stuck.rootCauses.flatMap(\.members)
        let ready = try #require(members.first { $0.situation.hasPrefix("ready, no free slot") })
        #expect(ready.edges.count == StuckReport.heldByListLimit)
        #expect(ready.omittedEdges == 64 - StuckReport.heldByListLimit)
        #expect(ready.line.hasSuffix("and \(64 - StuckReport.heldByListLimit) more"))
        // The 935 operations queued behind op64 wait behind the cycle; text names ten of them.
        let blocked = stuck.rootCauses.reduce(0) { $0 + $1.blocked.count }
        #expect(blocked == 935)
        #expect(stuck.text().contains(", and 925 more"))
        // A dependency cycle of a thousand members: text lists a hundred of them.
        let cycle = try GraphLoader.load(bytes: ShapeGraph(.cycle, operations: 1_000).json(), path: "cycle.json")
        let cycleText = try #require(try Simulator.simulate(cycle).stuck).text()
        #expect(cycleText.contains("    … and 900 more (--format json lists them all)\n"))
    }

    /// Scalar starts counted eight bytes at a time equal a byte-by-byte count, on random bytes
    /// (continuation bytes, lead bytes, ASCII, invalid UTF-8) over every range of a buffer.
    @Test func scalarStartsEqualCountingByteByByte() {
        var random = SeededGenerator(seed: 19)
        let choices: [UInt8] = [0x61, 0x0A, 0x80, 0xBF, 0xC3, 0xA9, 0xE6, 0xF0, 0x9F, 0xFF, 0x7F, 0x40]
        let bytes = (0..<300).map { _ in choices.randomElement(using: &random) ?? 0 }
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0...bytes.count {
                var naive = 0
                for end in start...bytes.count {
                    #expect(Document.scalarStarts(in: buffer, from: start, to: end) == naive, "\(start)..<\(end)")
                    if end < bytes.count && bytes[end] & 0xC0 != 0x80 { naive += 1 }
                }
            }
        }
    }

    /// A file large enough for its lines to be found on two threads has the same line starts
    /// as counted byte by byte, with a line break on either side of the middle, on it, and
    /// at the very start and end.
    @Test func linesFoundInHalvesMatchCountingByteByByte() {
        var random = SeededGenerator(seed: 41)
        let size = Document.parallelLineBytes + 12_345
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: size)
        for _ in 0..<50_000 { bytes[Int.random(in: 0..<size, using: &random)] = 0x0A }
        for offset in [0, size / 2 - 1, size / 2, size / 2 + 1, size - 1] { bytes[offset] = 0x0A }
        var naive: [UInt32] = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { naive.append(UInt32(offset + 1)) }
        let found = bytes.withUnsafeBufferPointer { Document.lineStarts(in: $0) }
        #expect(found == naive)
        let small = Array(bytes[..<1000])
        let smallNaive = naive.filter { $0 <= 1000 }
        #expect(small.withUnsafeBufferPointer { Document.lineStarts(in: $0) } == smallNaive)
        let document = Document(path: "big.json", bytes: bytes)
        #expect(document.location(ofOffset: size / 2 + 1).line == naive.firstIndex(of: UInt32(size / 2 + 1))! + 1)
    }

    /// The column of every offset of a long line with multi-byte characters, against counting from its start.
    @Test func columnsOnVeryLongLinesMatchCountingScalars() {
        var random = SeededGenerator(seed: 3)
        var bytes: [UInt8] = []
        for _ in 0..<3 {
            for _ in 0..<Int.random(in: 5_000...20_000, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: bytes += Array("é".utf8)
                case 1: bytes += Array("日".utf8)
                case 2: bytes += Array("🙂".utf8)
                default: bytes.append(UInt8(ascii: "a"))
                }
            }
            bytes.append(0x0A)
            bytes += Array("short line\n".utf8)
        }
        let document = Document(path: "long.json", bytes: bytes)
        var line = 1
        var column = 1
        for offset in 0..<bytes.count {
            if bytes[offset] & 0xC0 != 0x80 && (offset % 97 == 0 || offset % 4096 < 3) {
                let location = document.location(ofOffset: offset)
                #expect(location.line == line && location.column == column, "offset \(offset)")
            }
            if bytes[offset] == 0x0A {
                line += 1
                column = 1
            } else if bytes[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
        #expect(document.location(ofOffset: bytes.count).line == line)
    }
}
