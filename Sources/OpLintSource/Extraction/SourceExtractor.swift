#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpLintCore

/// Extracts an operation graph from Swift and Objective-C source files.
///
/// Two passes, each spread over every core: the first tokenizes every file and collects
/// class declarations (to follow `Operation` subclass chains across files), passing over the
/// files a skim shows never mention the API until the class table needs one of their names
/// (`PassedOverFiles`); the second reads the files that mention the operation API. Results
/// merge in path order, so the output does not depend on scheduling.
public enum SourceExtractor {
    /// The version written in the graph's `source` object.
    public static let toolVersion = OpLintVersion.current
    /// Files larger than this are skipped with a warning.
    public static let maximumFileSize = 32 * 1024 * 1024
    /// When, in an extracted graph, a queue is suspended by the code that made it after that
    /// code added operations to it: a millisecond after the start, so that the operations
    /// added before it are started first (they are added at 0 s, as every operation is) and
    /// the ones added after it (at this time too) wait (S15). The graph has no clock of the
    /// code's own; this keeps its order.
    public static let suspensionDelay = 0.001

    /// The graph found under `paths` and the warnings about files that could not be read;
    /// with `times`, how long each phase took (`oplint extract --timing`). The walk runs on a
    /// thread of its own while the first pass reads what it has found.
    ///
    /// The tokens and bytes of each file the second pass reads are freed as soon as it is scanned,
    /// for the scans after it to reuse. The rest of the working memory — the files found, the
    /// scans, the class table — is freed once the graph is made, the largest parts on a
    /// background thread; with `keep`, all of it is handed to `keep` instead: a process that exits
    /// right after gives it back to the system whole, not piece by piece while it builds and
    /// writes the graph.
    ///
    /// Without `sourceFacts`, the graph's `sourceFacts` stay empty: the facts the rules read
    /// (enqueues, waits, settings, coverage, …) are neither named nor merged. A graph meant only
    /// to be written (`oplint extract`) has no use for them; one meant to be linted needs them.
    ///
    /// - Complexity: O(total bytes) work, divided among the cores.
    public static func extract(paths: [String], excludes: [String] = [], maximumFileSize: Int = maximumFileSize, times: PhaseTimes? = nil,
                               keep: (@Sendable (any Sendable) -> Void)? = nil, sourceFacts: Bool = true) -> (graph: OperationGraph, warnings: [String]) {
        let found = FoundFiles()
        let walker = FileWalker(excludes: excludes)
        let directoryBudget = openDirectoryBudget()
        // A thread of its own, whose heap stays as glibc makes it: the walk allocates little.
        let walking = WorkerThread(advisingHeap: false) {
            let walk = walker.walk(under: paths, keepingDirectories: directoryBudget) { entry, mayRepeat in found.add(entry, mayRepeat: mayRepeat) }
            found.finish(warnings: walk.warnings, kept: walk.kept, directories: walk.directories)
        }
        defer { walking.join() }
        // Every file is opened by its name in its directory, where the walk kept the directory
        // open (`openat`): the kernel then looks up one name, not every name of the path again.
        defer { found.closeDirectories() }
        let files = FileSource(
            file: { index in
                found.entry(index).map { entry in
                    (entry.display, {
                        SourceReading.bytes(at: entry.path, isRegular: entry.isRegular, limit: maximumFileSize,
                                            directory: entry.directory, nameStart: entry.nameStart)
                    })
                }
            },
            isKept: { found.isKept($0) })
        var walkWarnings: [String] = []
        let result = extract(files: files, times: times, keep: keep, sourceFacts: sourceFacts, firstPhase: "find and read files, find classes") {
            let walk = found.result()
            walkWarnings = walk.warnings
            return walk.read.map(\.display)
        }
        // The files found, with their paths.
        keep?(found)
        return (result.graph, walkWarnings + result.warnings)
    }

    /// How many directories the walk may keep open for an extraction: a quarter of the
    /// process's descriptors, at most 256 (a tree with more directories has the files of the
    /// others opened by their whole paths).
    static func openDirectoryBudget() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        return limit.rlim_cur == rlim_t.max ? 256 : min(256, Int(clamping: limit.rlim_cur / 4))
    }

    /// What a first-pass worker keeps from one file to the next.
    private struct FirstPassWorker {
        /// The token memory of the last file dropped.
        var spare: TokenStorage?
        let names = NameScratch()
    }

    /// Where the first pass's files come from: a list, or a walk still going on.
    private struct FileSource: Sendable {
        /// File `index` as (display path, how to read it); nil past the last file.
        var file: @Sendable (Int) -> (String, @Sendable () -> Result<[UInt8], SourceReading.Failure>)?
        /// Whether file `index` is read; nil while that is not known yet.
        var isKept: @Sendable (Int) -> Bool?
    }

    /// The graph of in-memory files, as (display path, contents).
    public static func extract(files: [(path: String, bytes: [UInt8])]) -> (graph: OperationGraph, warnings: [String]) {
        extract(files: files, prefilter: true)
    }

    /// The types file `index` declares, read again and tokenized: a file the first pass passed
    /// over (it has no warning and no API word; read again, nothing of it but its types is kept).
    private static func declaredTypes(of files: FileSource, index: Int, prefilter: Bool) -> DeclaredTypes {
        guard let (display, read) = files.file(index), case .success(let bytes) = read() else { return DeclaredTypes() }
        let file = SourceFile(path: display, language: language(of: display), bytes: bytes)
        return DeclarationScanner(file: file, prefilter: prefilter).scan().declared
    }

    /// The language of the file shown as `display`: by its extension, else Swift.
    private static func language(of display: String) -> SourceLanguage {
        SourceLanguage(path: display) ?? .swift
    }

    private static func timed<T>(_ times: PhaseTimes?, _ phase: String, _ body: () -> T) -> T {
        guard let times else { return body() }
        return times.measure(phase, body)
    }

    /// `extract(files:)`; without `prefilter`, every class body is searched for finishing code
    /// whatever words it contains; without `skim`, every file is tokenized (`PassedOverFiles`).
    /// The same result, more work: for comparing them.
    static func extract(files: [(path: String, bytes: [UInt8])], prefilter: Bool, skim: Bool = true) -> (graph: OperationGraph, warnings: [String]) {
        let sources = FileSource(
            file: { index in index < files.count ? (files[index].path, { .success(files[index].bytes) }) : nil },
            isKept: { _ in true })
        return extract(files: sources, prefilter: prefilter, skim: skim, firstPhase: "read files, find classes") { files.map(\.path) }
    }

    /// The graph of the files `files` gives; `names` gives the paths of those read, once the
    /// first pass has taken every file.
    private static func extract(files: FileSource, prefilter: Bool = true, skim: Bool = true, times: PhaseTimes? = nil,
                                keep: (@Sendable (any Sendable) -> Void)? = nil, sourceFacts: Bool = true, firstPhase: String,
                                names: () -> [String]) -> (graph: OperationGraph, warnings: [String]) {
        // Pass 1: tokenize, classes, relevance. A worker tokenizes each file into the memory
        // of the last file it dropped; results are folded in path order as they arrive.
        let fold = FirstPassFold(isKept: files.isKept)
        let clock = ContinuousClock()
        var start = clock.now
        ParallelWork.forEachUntilDone(makeState: { FirstPassWorker() }) { index, worker in
            guard let (display, read) = files.file(index) else { return false }
            switch read() {
            case .failure(let error) where error.isAppleDouble:
                fold.deliver(index, FirstPass(appleDouble: display))
            case .failure(let error):
                fold.deliver(index, FirstPass(warnings: ["\(display): \(error.message)"]))
            case .success(let bytes):
                var warnings: [String] = []
                if !SourceReading.isValidUTF8(bytes) { warnings.append("\(display): not valid UTF-8; read as bytes, columns may be off") }
                let language = language(of: display)
                if skim, let names = PassedOverFiles.names(ifPassedOver: bytes, language: language, scratch: worker.names) {
                    fold.deliver(index, FirstPass(isRead: true, warnings: warnings, passedOverNames: names))
                    return true
                }
                let reusable = isKnownUniquelyReferenced(&worker.spare) ? worker.spare : nil
                worker.spare = nil
                let file = SourceFile(path: display, language: language, bytes: bytes, reusing: reusable)
                for warning in file.warnings { warnings.append("\(file.location(ofOffset: warning.offset)): \(warning.message)") }
                let result = DeclarationScanner(file: file, prefilter: prefilter).scan()
                let identifiers = skim && result.isRelevant ? PassedOverFiles.identifiers(of: file, scratch: worker.names) : []
                if result.isRelevant {
                    // Kept for the second pass, in memory of the tokens' size.
                    fold.deliver(index, FirstPass(file: file.withTokensShrunk(), isRead: true, declared: result.declared,
                                                  warnings: warnings, uses: result.uses, identifiers: identifiers))
                } else {
                    fold.deliver(index, FirstPass(isRead: true, declared: result.declared, warnings: warnings, uses: result.uses))
                    worker.spare = file.tokenStorage
                }
            }
            return true
        }
        let sourceNames = names()
        var folded = fold.finish()
        // The passed-over files the class table needs after all: read again, tokenized and
        // scanned now, their classes folded into the table in path order.
        let needed = PassedOverFiles.needed(folded.passedOver, asked: folded.asked) { indices in
            let found = ParallelResults<DeclaredTypes>(count: indices.count)
            ParallelWork.forEach(count: indices.count, makeState: {}) { k, _ in
                found.set(k, declaredTypes(of: files, index: indices[k], prefilter: prefilter))
            }
            return (0..<indices.count).map { found.get($0) ?? DeclaredTypes() }
        }
        if !needed.isEmpty { folded.classes.fold(needed, into: folded.declared) }
        let (classes, firstWarnings, filesRead) = (folded.classes, folded.warnings, folded.filesRead)
        // The files the second pass reads are handed to it, not kept here: each file's tokens and
        // bytes are freed once it is scanned, and the scans of the files after it reuse the memory.
        let relevant = SecondPassFiles(folded.relevant)
        folded.relevant = []
        times?.record(firstPhase, clock.now - start)
        start = clock.now
        var warnings = firstWarnings
        // Pass 2: the files that mention the API.
        // The largest files first, so that no core is left with a large one at the end; the
        // results keep the path order.
        let sizes = relevant.tokenCounts
        let largestFirst = sizes.indices.sorted { (sizes[$0], $1) > (sizes[$1], $0) }
        let second = ParallelResults<FileScan>(count: relevant.count)
        // Each worker keeps what it has worked out about classes from one file to the next.
        ParallelWork.forEach(count: relevant.count, makeState: { ClassLookup(classes) }) { k, lookup in
            let index = largestFirst[k]
            let (file, uses) = relevant.take(index)
            second.set(index, FileScanner(file: file, classes: lookup, uses: uses).run())
        }
        let relevantCount = relevant.count
        let scans = (0..<relevantCount).compactMap { second.get($0) }
        for scan in scans { warnings += scan.warnings }
        times?.record("scan operation code", clock.now - start)
        var graph = timed(times, "build the graph") { GraphBuilder(scans: scans, keep: keep, withSourceFacts: sourceFacts).build() }
        graph.source = OperationGraph.SourceInfo(tool: "oplint", version: toolVersion, files: sourceNames)
        if sourceFacts {
            graph.sourceFacts.coverage = SourceCoverage(
                files: filesRead, filesUsingOperations: relevantCount,
                operations: graph.operations.count, queues: graph.queues.count,
                dependencies: graph.operations.indices.reduce(0) { $0 + graph.operations.dependencyCount(at: $1) },
                callsFollowed: scans.reduce(0) { $0 + $1.callsFollowed }, callsNotFollowed: scans.reduce(0) { $0 + $1.callsNotFollowed })
        }
        if let keep {
            keep(scans)
            keep(classes)
            // What the first pass left: the names of the files passed over, the types each file
            // declares, the names the table may be asked about.
            keep(folded)
            keep(second)
        } else {
            // The class table and the scans are freed on another core while this one writes the
            // graph: freed while the graph is built, they held up its allocations (one
            // allocator, two threads).
            ReleaseInBackground.release(consume scans)
            ReleaseInBackground.release(consume classes)
        }
        return (graph, warnings)
    }
}

/// The files the second pass reads, with their usage evidence, each handed out once: the
/// worker that scans a file holds its only reference, and its tokens and bytes are freed as
/// soon as it is scanned.
private final class SecondPassFiles: @unchecked Sendable {
    /// Guarded by `lock`.
    private var files: [(SourceFile, UsageEvidence)?]
    private let lock = Lock()
    let count: Int
    /// The number of tokens of each file, for the order of the pass.
    let tokenCounts: [Int]

    init(_ files: [(SourceFile, UsageEvidence)]) {
        count = files.count
        tokenCounts = files.map { $0.0.tokens.count }
        self.files = files
    }

    /// File `index`, taken: it is handed out only once.
    func take(_ index: Int) -> (SourceFile, UsageEvidence) {
        lock.lock()
        defer { lock.unlock() }
        guard let taken = files[index] else { preconditionFailure("file \(index) of the second pass taken twice") }
        files[index] = nil
        return taken
    }
}
