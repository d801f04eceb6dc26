import Dispatch
import Foundation
import OpLintCore

/// Extracts an operation graph from Swift and Objective-C source files.
///
/// Two passes, each spread over every core: the first tokenizes every file and collects
/// class declarations (to follow `Operation` subclass chains across files); the second
/// reads the files that mention the operation API. Results merge in path order, so the
/// output does not depend on scheduling.
public enum SourceExtractor {
    /// The version written in the graph's `source` object.
    public static let toolVersion = OpLintVersion.current
    /// Files larger than this are skipped with a warning.
    public static let maximumFileSize = 32 * 1024 * 1024

    /// The graph found under `paths` and the warnings about files that could not be read.
    ///
    /// - Complexity: O(total bytes) work, divided among the cores.
    public static func extract(paths: [String], excludes: [String] = [], maximumFileSize: Int = maximumFileSize) -> (graph: OperationGraph, warnings: [String]) {
        let walk = FileWalker(excludes: excludes).files(under: paths)
        let result = extract(sources: walk.files.map { file in (file.display, { readFile(file.path, limit: maximumFileSize) }) })
        return (result.graph, walk.warnings + result.warnings)
    }

    /// The graph of in-memory files, as (display path, contents).
    public static func extract(files: [(path: String, bytes: [UInt8])]) -> (graph: OperationGraph, warnings: [String]) {
        extract(sources: files.map { file in (file.path, { .success(file.bytes) }) })
    }

    private static func extract(sources: [(String, @Sendable () -> Result<[UInt8], ReadError>)]) -> (graph: OperationGraph, warnings: [String]) {
        // Pass 1: tokenize, classes, relevance. A worker tokenizes each file into the memory
        // of the last file it dropped.
        let first = ParallelResults<FirstPass>(count: sources.count)
        ParallelWork.forEach(count: sources.count, makeState: { TokenStorage?.none }) { index, spare in
            let (display, read) = sources[index]
            switch read() {
            case .failure(let error):
                first.set(index, FirstPass(warnings: ["\(display): \(error.message)"]))
            case .success(let bytes):
                var warnings: [String] = []
                if !isValidUTF8(bytes) { warnings.append("\(display): not valid UTF-8; read as bytes, columns may be off") }
                guard let language = SourceLanguage(path: display) ?? SourceLanguage(path: ".swift") else { return }
                let reusable = isKnownUniquelyReferenced(&spare) ? spare : nil
                spare = nil
                let file = SourceFile(path: display, language: language, bytes: bytes, reusing: reusable)
                for warning in file.warnings { warnings.append("\(file.location(ofOffset: warning.offset)): \(warning.message)") }
                let result = DeclarationScanner(file: file).scan()
                first.set(index, FirstPass(file: result.isRelevant ? file : nil, isRead: true, declared: result.declared, warnings: warnings, uses: result.uses))
                if !result.isRelevant { spare = file.tokenStorage }
            }
        }
        var classes = ClassTable()
        var warnings: [String] = []
        var filesRead = 0
        for index in 0..<sources.count {
            guard let item = first.get(index) else { continue }
            classes.add(item.declared)
            classes.addUses(operations: item.uses.operationClasses, queues: item.uses.queueClasses)
            warnings += item.warnings
            if item.isRead { filesRead += 1 }
        }
        // Pass 2: the files that mention the API.
        let relevant = (0..<sources.count).compactMap { index in first.get(index).flatMap { item in item.file.map { ($0, item.uses) } } }
        let second = ParallelResults<FileScan>(count: relevant.count)
        let table = classes
        ParallelWork.forEach(count: relevant.count, makeState: {}) { index, _ in
            second.set(index, FileScanner(file: relevant[index].0, classes: table, uses: relevant[index].1).run())
        }
        let scans = (0..<relevant.count).compactMap { second.get($0) }
        for scan in scans { warnings += scan.warnings }
        var graph = GraphBuilder(scans: scans).build()
        graph.source = OperationGraph.SourceInfo(tool: "oplint", version: toolVersion, files: sources.map(\.0))
        graph.sourceFacts.coverage = SourceCoverage(
            files: filesRead, filesUsingOperations: relevant.count,
            operations: graph.operations.count, queues: graph.queues.count,
            dependencies: graph.operations.reduce(0) { $0 + $1.dependencies.count },
            callsFollowed: scans.reduce(0) { $0 + $1.callsFollowed }, callsNotFollowed: scans.reduce(0) { $0 + $1.callsNotFollowed })
        return (graph, warnings)
    }

    /// What the first pass keeps of one file.
    struct FirstPass {
        /// The file, when the second pass reads it.
        var file: SourceFile?
        var isRead = false
        var declared = DeclaredTypes()
        var warnings: [String] = []
        var uses = UsageEvidence()
    }

    struct ReadError: Error {
        var message: String
    }

    /// Reads a file, refusing unreadable, enormous and binary ones.
    private static func readFile(_ path: String, limit: Int) -> Result<[UInt8], ReadError> {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return .failure(ReadError(message: "cannot be read (\(String(cString: strerror(errno)))); skipped"))
        }
        // A FIFO or a device would block or never end.
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(ReadError(message: "not a regular file; skipped"))
        }
        if Int(status.st_size) > limit {
            return .failure(ReadError(message: "larger than the limit of \(limit) bytes (\(status.st_size) bytes); skipped"))
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            return .failure(ReadError(message: "cannot be read (\(String(cString: strerror(errno)))); skipped"))
        }
        defer { close(descriptor) }
        let size = Int(status.st_size)
        guard size > 0 else { return .success([]) }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var total = 0
            while total < size {
                guard let base = buffer.baseAddress else { break }
                let n = read(descriptor, base + total, size - total)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failed = n < 0; break }
                total += n
            }
            count = total
        }
        if failed { return .failure(ReadError(message: "cannot be read (\(String(cString: strerror(errno)))); skipped")) }
        if bytes.prefix(8192).contains(0) {
            return .failure(ReadError(message: "a binary file (it contains NUL bytes); skipped"))
        }
        return .success(bytes)
    }

    /// Whether `bytes` is well-formed UTF-8.
    ///
    /// - Complexity: O(*n*).
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var i = 0
        let n = bytes.count
        // ASCII runs, eight bytes at a time.
        let asciiPrefix: Int = bytes.withUnsafeBytes { raw in
            var k = 0
            while k + 8 <= n && raw.loadUnaligned(fromByteOffset: k, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { k += 8 }
            return k
        }
        i = asciiPrefix
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            if b & 0xE0 == 0xC0 && b >= 0xC2 { length = 2 } else if b & 0xF0 == 0xE0 { length = 3 } else if b & 0xF8 == 0xF0 && b <= 0xF4 { length = 4 } else { return false }
            guard i + length <= n else { return false }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }
}
