import Testing
import OpLintCore
@testable import OpLintSource

/// Names hashed once: equal names are equal keys, different names stay apart, and tables keyed
/// by them are read and changed through plain strings.
@Suite("Scan names")
struct ScanNameTests {
    /// Names of every shape the scanner meets: empty, one byte, exactly eight and sixteen bytes
    /// (the hash's word boundaries), long ones, underscores, `$0`, non-ASCII, and names that
    /// differ from one another in a single byte at each position.
    static let names: [String] = {
        var names = ["", "_", "$0", "a", "_queue", "queue", "Queue", "queue_", "abcdefgh", "abcdefghijklmnop",
                     "abcdefghijklmnopq", "viewDidLoad()", "load(_:completion:)", "naïve", "日本語のキュー",
                     "A.B.c@Module/File.swift:12", String(repeating: "x", count: 200)]
        let base = Array("operationQueueForImages".utf8)
        for position in base.indices {
            for replacement in [UInt8(ascii: "Z"), UInt8(ascii: "0"), UInt8(ascii: "_")] where base[position] != replacement {
                var bytes = base
                bytes[position] = replacement
                names.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        for length in 0...40 { names.append(String(repeating: "q", count: length) + "!") }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }()

    @Test("Equal names are equal keys with equal hashes; different names are different keys")
    func equalityAndHashes() {
        for text in Self.names {
            // The same text made again from its bytes: another String instance.
            let a = ScanName(text), b = ScanName(String(decoding: Array(text.utf8), as: UTF8.self))
            #expect(a == b)
            #expect(a.hash == b.hash)
            #expect(a._rawHashValue(seed: 17) == b._rawHashValue(seed: 17))
            #expect(a.text == text && a.description == text)
        }
        let keys = Self.names.map { ScanName($0) }
        #expect(Set(keys).count == Self.names.count)
        // 64-bit hashes of 127 names: a collision would mean the bytes are not all mixed in.
        #expect(Set(keys.map(\.hash)).count == Self.names.count)
        // The low bits pick a bucket: they must differ too, for most names.
        #expect(Set(keys.map { $0._rawHashValue(seed: 0) & 0xFFFF }).count > Self.names.count * 9 / 10)
    }

    @Test("A name hashes alike from a String and from its bytes, whatever its length")
    func hashFromBytes() {
        for text in Self.names {
            let bytes = Array(text.utf8)
            let fromBytes = bytes.withUnsafeBufferPointer { ScanName.hash(of: $0) }
            #expect(fromBytes == ScanName(text).hash, "\(text)")
        }
    }

    @Test("Keyed by names, a table is read, changed and defaulted through plain strings")
    func tablesThroughStrings() {
        var table: [ScanName: [Int]] = [:]
        for (k, text) in Self.names.enumerated() {
            table[text, default: []].append(k)
            table[text, default: []].append(-k)
        }
        #expect(table.count == Self.names.count)
        for (k, text) in Self.names.enumerated() {
            #expect(table[text] == [k, -k])
            #expect(table[ScanName(text)] == [k, -k])
        }
        table["queue"] = nil
        #expect(table["queue"] == nil)
        table["queue"]?.append(1)
        #expect(table["queue"] == nil)
        table["_queue"]?.append(99)
        #expect(table["_queue"]?.last == 99)

        var set: Set<ScanName> = []
        let first = set.insert("op")
        let second = set.insert("op")
        #expect(first && !second)
        #expect(set.contains("op") && !set.contains("op2"))
        set.remove("op")
        #expect(set.isEmpty)
    }

    @Test("Keyed by index, a table is read, changed, defaulted and emptied through plain integers, as one keyed by Int")
    func tablesByIndex() {
        var seeded = SimulationRandom(seed: 12)
        var table: [IndexKey: [Int]] = [:]
        var reference: [Int: [Int]] = [:]
        let indices = (0..<5_000).map { _ in Int(truncatingIfNeeded: seeded.next() % 4_096) - 1_024 } + [0, -1, .max, .min]
        for (step, index) in indices.enumerated() {
            switch step % 4 {
            case 0, 1:
                table[index, default: []].append(step)
                reference[index, default: []].append(step)
            case 2:
                #expect(table.removeValue(forKey: index) == reference.removeValue(forKey: index))
            default:
                table[index]?.append(-step)
                reference[index]?.append(-step)
            }
        }
        #expect(table.count == reference.count)
        for (index, values) in reference { #expect(table[index] == values) }
        for key in table.keys { #expect(reference[key.index] != nil) }
        #expect(IndexKey(7) == IndexKey(7) && IndexKey(7) != IndexKey(8))
        #expect(IndexKey(7).hashValue == IndexKey(7).hashValue)
    }

    @Test("A leading underscore is found and dropped as `hasPrefix` and `dropFirst` find and drop it")
    func underscores() {
        for text in ["_queue", "_", "__op", "queue_", "", "q", "_日本", "_\u{301}x"] {
            let name = ScanName(text)
            #expect(name.startsWithUnderscore == text.hasPrefix("_"), "\(text)")
            if text.hasPrefix("_") { #expect(name.droppingUnderscore == ScanName(String(text.dropFirst())), "\(text)") }
        }
        #expect(ScanName("_queue").droppingUnderscore == ScanName("queue"))
        #expect(ScanName("_").droppingUnderscore == ScanName(""))
    }

    @Test("A superclass chain is cut at its first repeated class, short or long")
    func chainsWithCycles() {
        // Short: A → B → C → A.
        var table = ClassTable()
        table.add(ClassDeclaration(name: "A", superclass: "B"))
        table.add(ClassDeclaration(name: "B", superclass: "C"))
        table.add(ClassDeclaration(name: "C", superclass: "A"))
        #expect(table.chain(of: "A") == ["A", "B", "C"])
        #expect(table.chain(of: "C") == ["C", "A", "B"])
        // Long: C0 → C1 → … → C39 → C10, past the length at which a set takes over.
        var long = ClassTable()
        for k in 0..<40 { long.add(ClassDeclaration(name: "C\(k)", superclass: k == 39 ? "C10" : "C\(k + 1)")) }
        #expect(long.chain(of: "C0") == (0..<40).map { "C\($0)" })
        #expect(long.chain(of: "C30") == (30..<40).map { "C\($0)" } + (10..<30).map { "C\($0)" })
        // Long and ending at a class nothing declares.
        var open = ClassTable()
        for k in 0..<25 { open.add(ClassDeclaration(name: "D\(k)", superclass: "D\(k + 1)")) }
        #expect(open.chain(of: "D0") == (0...25).map { "D\($0)" })
    }
}

/// The second pass's quick filter of names that ever held an operation or queue.
@Suite("Bound-name filter")
struct NameFilterTests {
    @Test("The filter holds exactly each name's first and last bytes, those without its leading underscores, and `_` with its last byte")
    func exactBits() {
        let names = ["queue", "_queue", "__op", "_", "__", "a", "_x_", "naïve", "_日本", "$0", "op1"]
        var filter = NameFilter()
        var expected = Set<Int>()
        for name in names {
            filter.insert(name)
            let bytes = Array(name.utf8)
            let last = Int(bytes[bytes.count - 1])
            expected.insert(Int(bytes[0]) << 8 | last)
            var k = 0
            while k < bytes.count && bytes[k] == UInt8(ascii: "_") {
                k += 1
                if k < bytes.count { expected.insert(Int(bytes[k]) << 8 | last) }
            }
            expected.insert(Int(UInt8(ascii: "_")) << 8 | last)
        }
        filter.insert("")
        var held = Set<Int>()
        for first in 0..<256 {
            for last in 0..<256 where filter.mayContain(first: UInt8(first), last: UInt8(last)) { held.insert(first << 8 | last) }
        }
        #expect(held == expected)
    }
}

/// Names told apart by their bytes, as the Swift and Objective-C compilers and the graph's
/// own name index tell them apart.
@Suite("Names by their bytes")
struct NamesByBytesTests {
    @Test("Two variables spelled alike, one composed and one decomposed, are two operations")
    func composedAndDecomposed() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed, "Swift's String calls them equal")
        let text = """
        import Foundation
        func run(queue: OperationQueue) {
            let \(composed) = BlockOperation { }
            let \(decomposed) = BlockOperation { }
            \(decomposed).addDependency(\(composed))
            queue.addOperations([\(composed), \(decomposed)], waitUntilFinished: false)
        }
        """
        let graph = SourceExtractor.extract(files: [("Cafe.swift", Array(text.utf8))]).graph
        let names = graph.operations.map { Array($0.name.utf8) }
        #expect(names == [Array(composed.utf8), Array(decomposed.utf8)])
        let waiter = graph.operations.first { Array($0.name.utf8) == Array(decomposed.utf8) }
        #expect(waiter?.dependencies.map { Array($0.name.utf8) } == [Array(composed.utf8)])
    }

    @Test("An operation that waits for both spellings keeps both dependencies")
    func bothSpellingsAsDependencies() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let text = """
        import Foundation
        func run(queue: OperationQueue) {
            let \(composed) = BlockOperation { }
            let \(decomposed) = BlockOperation { }
            let done = BlockOperation { }
            done.addDependency(\(composed))
            done.addDependency(\(decomposed))
            queue.addOperations([\(composed), \(decomposed), done], waitUntilFinished: false)
        }
        """
        let graph = SourceExtractor.extract(files: [("Cafe.swift", Array(text.utf8))]).graph
        let done = graph.operations.first { $0.name == "done" }
        #expect(done?.dependencies.map { Array($0.name.utf8) } == [Array(composed.utf8), Array(decomposed.utf8)])
    }
}
