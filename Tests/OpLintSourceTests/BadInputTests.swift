import Foundation
import Testing
import OpLintCore
@testable import OpLintSource

/// Files that are not source code as expected: each gives a warning naming the file, and the
/// rest of the tree is still scanned.
@Suite("Bad input")
struct BadInputTests {
    static let good = Array("""
    let queue = OperationQueue()
    let op = BlockOperation { }
    queue.addOperation(op)
    """.utf8)

    /// A fresh directory with the files given, as (relative path, bytes).
    static func tree(_ files: [(String, [UInt8])]) throws -> String {
        let root = NSTemporaryDirectory() + "oplint-bad-\(UUID().uuidString)"
        for (path, bytes) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    @Test("Non-UTF-8, binary, unterminated, deeply nested files: warnings, and the good file is still read")
    func badFiles() throws {
        let deep = Array((String(repeating: "{", count: 10_000) + "queue.addOperation(x)" + String(repeating: "}", count: 10_000)).utf8)
        let root = try Self.tree([
            ("A/Good.swift", Self.good),
            ("A/Latin1.m", [0x2F, 0x2F, 0x20, 0xE9, 0x0A] + Array("[q start];\n".utf8)),
            ("A/Binary.swift", [0x00, 0x01, 0xFF, 0xFE, 0x00, 0x7B]),
            ("B/Unterminated.swift", Array("let s = \"open\n/* never closed\nlet t = 1".utf8)),
            ("B/Deep.swift", deep),
            ("B/Interpolation.swift", Array("x = \"\\(a(\"\\(".utf8)),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (graph, warnings) = SourceExtractor.extract(paths: [root])
        #expect(graph.operations.map(\.name) == ["op"])
        #expect(warnings.contains { $0.contains("Binary.swift") && $0.contains("binary") })
        #expect(warnings.contains { $0.contains("Latin1.m") && $0.contains("UTF-8") })
        #expect(warnings.contains { $0.contains("Unterminated.swift") && $0.contains("unterminated string") })
        #expect(warnings.contains { $0.contains("Unterminated.swift") && $0.contains("unterminated block comment") })
        #expect(graph.source?.files.count == 6)
    }

    @Test("AppleDouble files a Mac leaves beside copied files are skipped with one warning; other binary files each with their own")
    func appleDoubleFiles() throws {
        // The AppleDouble header: its magic number, its version, then NUL bytes.
        let appleDouble: [UInt8] = [0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00] + [UInt8](repeating: 0, count: 24)
        let root = try Self.tree([
            ("App/._Loader.swift", appleDouble),
            ("App/Loader.swift", Self.good),
            ("App/Sub/._Other.m", appleDouble),
            ("App/Sub/._Third.h", appleDouble),
            ("App/Zlib.swift", [0x00, 0x01, 0xFF, 0xFE, 0x00, 0x7B]),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (graph, warnings) = SourceExtractor.extract(paths: [root])
        #expect(graph.operations.map(\.name) == ["op"])
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.first?.hasSuffix("App/._Loader.swift and 2 more: AppleDouble files (the metadata macOS writes beside copied files), not source; skipped") == true,
                "\(warnings)")
        #expect(warnings.last?.hasSuffix("App/Zlib.swift: a binary file (it contains NUL bytes); skipped") == true, "\(warnings)")
        // One alone is named as one.
        let single = try Self.tree([("._Loader.swift", appleDouble), ("Loader.swift", Self.good)])
        defer { try? FileManager.default.removeItem(atPath: single) }
        #expect(SourceExtractor.extract(paths: [single]).warnings.map { $0.hasSuffix("._Loader.swift: an AppleDouble file (the metadata macOS writes beside a copied file), not source; skipped") } == [true])
    }

    @Test("An enormous file is skipped with a warning")
    func enormousFile() throws {
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: 200_000)
        let root = try Self.tree([("Big.swift", big), ("Good.swift", Self.good)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (graph, warnings) = SourceExtractor.extract(paths: [root], maximumFileSize: 100_000)
        #expect(graph.operations.count == 1)
        #expect(warnings.contains { $0.contains("Big.swift") && $0.contains("limit") })
    }

    @Test("Symbolic-link loops end; skipped directories and excludes are not read")
    func linksAndSkips() throws {
        let root = try Self.tree([
            ("App/Good.swift", Self.good),
            ("Pods/Lib/Other.swift", Self.good),
            (".build/x/Gen.swift", Self.good),
            ("Generated/Gen.swift", Self.good),
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/App/loop", withDestinationPath: root + "/App")
        try FileManager.default.createSymbolicLink(atPath: root + "/App/up", withDestinationPath: root)
        let (graph, warnings) = SourceExtractor.extract(paths: [root], excludes: ["*/Generated"])
        #expect(graph.operations.count == 1)
        #expect(graph.source?.files.count == 1)
        #expect(warnings.contains { $0.contains("loop") })
    }

    @Test("A directory reached through two links is entered once, through the first in path order")
    func directoryThroughTwoLinks() throws {
        let root = try Self.tree([("Shared/Work.swift", Self.good), ("App/Own.swift", Array("let y = 2\n".utf8))])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/App/First", withDestinationPath: root + "/Shared")
        try FileManager.default.createSymbolicLink(atPath: root + "/App/Second", withDestinationPath: root + "/Shared/.")
        let (graph, warnings) = SourceExtractor.extract(paths: [root + "/App"])
        // A directory's files come before its subdirectories'.
        #expect(graph.source?.files == [root + "/App/Own.swift", root + "/App/First/Work.swift"])
        #expect(warnings == ["\(root)/App/Second: already visited (a symbolic-link loop or a second link); skipped"])
    }

    @Test("Files read while the walk goes on give the graph of the finished list, with links early, late and to directories")
    func walkAlongsideTheFirstPass() throws {
        var files: [(String, [UInt8])] = []
        for d in 0..<30 {
            for f in 0..<8 {
                let name = "q\(d)_\(f)"
                files.append(("D\(d)/F\(f).swift", Array("let \(name) = OperationQueue()\n\(name).addOperation(BlockOperation { })\n".utf8)))
            }
        }
        let root = try Self.tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A late link to an early file, an early link to a late file, and a directory linked twice.
        try FileManager.default.createSymbolicLink(atPath: root + "/D29/Late.swift", withDestinationPath: root + "/D0/F0.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/D0/Early.swift", withDestinationPath: root + "/D29/F7.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/D15/Again", withDestinationPath: root + "/D3")
        for _ in 0..<5 {
            let streamed = SourceExtractor.extract(paths: [root])
            let listed = FileWalker().entries(under: [root])
            let read = try listed.files.map { entry in
                (path: entry.display, bytes: try [UInt8](Data(contentsOf: URL(fileURLWithPath: String(decoding: entry.path.dropLast(), as: UTF8.self)))))
            }
            let whole = SourceExtractor.extract(files: read)
            #expect(GraphWriter().write(streamed.graph) == GraphWriter().write(whole.graph))
            #expect(streamed.warnings == listed.warnings + whole.warnings)
            #expect(streamed.graph.source?.files.count == 240)
            #expect(streamed.graph.source?.files.contains(root + "/D0/Early.swift") == true)
            #expect(streamed.graph.source?.files.contains(root + "/D29/F7.swift") == false)
            #expect(streamed.graph.source?.files.contains(root + "/D29/Late.swift") == false)
        }
    }

    @Test("The walk keeps directories open up to its budget; files are read by name in them, by their paths past it")
    func directoriesKeptOpen() throws {
        var files: [(String, [UInt8])] = []
        for d in 0..<6 {
            files.append(("D\(d)/F.swift", Array("let q\(d) = OperationQueue()\n".utf8)))
        }
        files.append(("D6/Sub/G.m", Array("NSOperationQueue *q;\n".utf8)))
        let root = try Self.tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/D0/Link.swift", withDestinationPath: root + "/D1/F.swift")
        var entries: [FileWalker.Entry] = []
        let walk = FileWalker().walk(under: [root], keepingDirectories: 3) { entry, _ in entries.append(entry) }
        defer { walk.directories.forEach { close($0) } }
        // The first three directories that hold a file (the root holds none): D0, D1, D2.
        #expect(walk.directories.count == 3)
        #expect(entries.map(\.display).map { $0.hasPrefix(root) ? String($0.dropFirst(root.count + 1)) : $0 }
                == ["D0/F.swift", "D0/Link.swift", "D1/F.swift", "D2/F.swift", "D3/F.swift", "D4/F.swift", "D5/F.swift", "D6/Sub/G.m"])
        for entry in entries {
            let kept = entry.display.contains("/D0/") || entry.display.contains("/D1/") || entry.display.contains("/D2/")
            #expect((entry.directory >= 0) == kept, "\(entry.display)")
            if kept {
                #expect(Array(entry.path[entry.nameStart...]) == Array(entry.display.split(separator: "/").last!.utf8) + [0])
            }
            // By name in the kept directory or by the whole path: the same bytes.
            let byName = SourceReading.bytes(at: entry.path, isRegular: entry.isRegular, limit: 1 << 20, directory: entry.directory, nameStart: entry.nameStart)
            let byPath = SourceReading.bytes(at: entry.path, isRegular: entry.isRegular, limit: 1 << 20)
            #expect((try? byName.get()) == (try? byPath.get()), "\(entry.display)")
            #expect((try? byName.get())?.isEmpty == false, "\(entry.display)")
        }
        // Without a budget, nothing is kept open.
        let plain = FileWalker().walk(under: [root]) { _, _ in }
        #expect(plain.directories.isEmpty)
        // The extraction keeps directories open and reads every file (the link's target once).
        let (graph, warnings) = SourceExtractor.extract(paths: [root])
        #expect(graph.source?.files.count == 7)
        #expect(warnings.isEmpty)
        #expect(graph.queues.map(\.name).filter { $0.hasPrefix("q") }.sorted() == ["q0", "q1", "q2", "q3", "q4", "q5"])
    }

    @Test("A file whose name is not UTF-8 is read, shown with U+FFFD")
    func nonUTF8FileName() throws {
        let root = try Self.tree([("Good.swift", Array("let x = 1\n".utf8))])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // `bad<FF>name.swift`: no String can spell it, so it is created from bytes.
        let path = Array(root.utf8) + Array("/bad".utf8) + [0xFF] + Array("name.swift".utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        #expect(descriptor >= 0)
        _ = Self.good.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let (graph, warnings) = SourceExtractor.extract(paths: [root])
        #expect(warnings.isEmpty)
        #expect(graph.source?.files == [root + "/Good.swift", root + "/bad\u{FFFD}name.swift"])
        #expect(graph.operations.map(\.name) == ["op"])
        #expect(graph.operations.first?.location?.file == root + "/bad\u{FFFD}name.swift")
    }

    @Test("A file reached directly and through links, or named twice, is read once, where first reached")
    func linkedFilesOnce() throws {
        let root = try Self.tree([("A/Shared.swift", Self.good), ("B/Own.swift", Array("let y = 2\n".utf8))])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // `B/Link.swift` comes after `A/Shared.swift`; `0/Early.swift` before it.
        try FileManager.default.createSymbolicLink(atPath: root + "/B/Link.swift", withDestinationPath: root + "/A/Shared.swift")
        try FileManager.default.createDirectory(atPath: root + "/0", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/0/Early.swift", withDestinationPath: root + "/A/Shared.swift")
        let (graph, _) = SourceExtractor.extract(paths: [root, root + "/A/Shared.swift", root + "/B/Own.swift"])
        #expect(graph.source?.files == [root + "/0/Early.swift", root + "/B/Own.swift"])
        #expect(graph.operations.count == 1)
        // Without links, nothing is dropped: each file once, in path order.
        let plain = try Self.tree((0..<3).map { ("D\($0)/F.swift", Self.good) })
        defer { try? FileManager.default.removeItem(atPath: plain) }
        #expect(SourceExtractor.extract(paths: [plain]).graph.source?.files == (0..<3).map { plain + "/D\($0)/F.swift" })
    }

    @Test("A FIFO with a source extension and a missing path are warnings, not a hang")
    func unreadable() throws {
        let root = try Self.tree([("Good.swift", Self.good)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/Pipe.swift", 0o644) == 0)
        let (graph, warnings) = SourceExtractor.extract(paths: [root, root + "/Missing"])
        #expect(graph.operations.count == 1)
        #expect(warnings.contains { $0.contains("Pipe.swift") && $0.contains("regular") })
        #expect(warnings.contains { $0.contains("Missing") })
    }

    @Test("The working memory handed to keep: the same graph, and the scans, class table and builder's lists kept")
    func workingMemoryKept() throws {
        let root = try Self.tree((0..<5).map { ("F\($0).swift", Self.good) })
        defer { try? FileManager.default.removeItem(atPath: root) }
        let kept = KeptValues()
        let (graph, warnings) = SourceExtractor.extract(paths: [root], keep: { kept.add($0) })
        let (freed, freedWarnings) = SourceExtractor.extract(paths: [root])
        #expect(GraphWriter().write(graph) == GraphWriter().write(freed))
        #expect(warnings == freedWarnings)
        // The files found; the scans (twice: as a list and as the second pass's results), the
        // class table and what the first pass left; the graph builder's names and their keys,
        // the operations before and after ordering, and their sort keys. The tokens and bytes of
        // the files the second pass reads are freed as each is scanned, and the builder reads the
        // entities where the scans hold them.
        #expect(kept.count == 10)
    }

    @Test("Extraction is deterministic")
    func deterministic() throws {
        let root = try Self.tree((0..<20).map { ("F\($0).swift", Self.good) })
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = GraphWriter().write(SourceExtractor.extract(paths: [root]).graph)
        for _ in 0..<3 { #expect(GraphWriter().write(SourceExtractor.extract(paths: [root]).graph) == first) }
        #expect(SourceExtractor.extract(paths: [root]).graph.operations.count == 20)
    }
}

/// Values handed over from any thread, counted.
private final class KeptValues: @unchecked Sendable {
    private var values: [Any] = []
    private let lock = NSLock()
    func add(_ value: Any) { lock.withLock { values.append(value) } }
    var count: Int { lock.withLock { values.count } }
}
