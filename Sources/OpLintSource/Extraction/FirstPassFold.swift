#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpLintCore

/// What the first pass keeps of one file.
struct FirstPass {
    /// The file, when the second pass reads it.
    var file: SourceFile?
    var isRead = false
    var declared = DeclaredTypes()
    var warnings: [String] = []
    var uses = UsageEvidence()
    /// The hashes of the names the file may declare, when the pass passed over it without
    /// tokenizing it (`PassedOverFiles`).
    var passedOverNames: [UInt64]?
    /// The hashes of the identifiers of a file the second pass reads.
    var identifiers: [UInt64] = []
    /// The path of an AppleDouble file (`._Name.m`), skipped: one warning tells them all.
    var appleDouble: String?
}

/// Folds the first pass's results in path order while the pass runs: a worker that delivers
/// a file and finds no other worker folding folds every file that is ready in order. The
/// class table is therefore built on both cores, alongside the reading, and comes out
/// exactly as a fold in path order after the pass would make it.
///
/// The files may come from a walk still going on: a file is folded once it is known to be
/// read (a file found again through a link is not) and dropped otherwise.
///
/// Its fields are guarded by its locks, not by the language's exclusivity checks: each
/// access would otherwise be recorded and checked at run time.
final class FirstPassFold: @unchecked Sendable {
    /// Whether file `index` is read; nil while that is not known.
    private let isKept: @Sendable (Int) -> Bool?
    /// Delivered and not yet folded, by file index (guarded by `lock`).
    @exclusivity(unchecked) private var pending: [FirstPass?] = []
    @exclusivity(unchecked) private var delivered: [Bool] = []
    /// The next file to fold (guarded by `lock`).
    @exclusivity(unchecked) private var next = 0
    private let lock = Lock()
    /// Held by the one worker folding; what it builds is touched only under it.
    private let folding = Lock()
    @exclusivity(unchecked) private var classes = ClassTable()
    @exclusivity(unchecked) private var relevant: [(SourceFile, UsageEvidence)] = []
    @exclusivity(unchecked) private var warnings: [String] = []
    /// The AppleDouble files folded so far: the place of their warning, the first path, how many.
    @exclusivity(unchecked) private var appleDoubles: (at: Int, first: String, count: Int)?
    @exclusivity(unchecked) private var filesRead = 0
    /// The files passed over, and the types every other file declares, by file index: the
    /// table is built again from these when a passed-over file turns out to be needed.
    @exclusivity(unchecked) private var passedOver: [PassedOverFiles.File] = []
    /// The identifiers of the files the second pass reads and the names of the types the class
    /// table holds, gathered as the files are folded: the names the table may be asked about.
    @exclusivity(unchecked) private var asked = NameSet(capacity: 1 << 14)
    @exclusivity(unchecked) private var declared: [(index: Int, types: DeclaredTypes)] = []

    init(isKept: @escaping @Sendable (Int) -> Bool?) {
        self.isKept = isKept
    }

    /// Hands over file `index`'s result (nil: nothing to fold), then folds what is ready
    /// unless another worker is folding.
    ///
    /// - Complexity: amortized O(size of the result) per file.
    func deliver(_ index: Int, _ item: FirstPass?) {
        lock.lock()
        if index >= pending.count {
            let grown = max(index + 1, pending.count * 2)
            pending += Array(repeating: nil, count: grown - pending.count)
            delivered += Array(repeating: false, count: grown - delivered.count)
        }
        pending[index] = item
        delivered[index] = true
        lock.unlock()
        if folding.tryLock() {
            foldReady()
            folding.unlock()
        }
    }

    /// What the fold made of every file, in path order.
    struct Folded {
        var classes: ClassTable
        /// The files for the second pass, with their usage evidence.
        var relevant: [(SourceFile, UsageEvidence)]
        var warnings: [String]
        var filesRead: Int
        var passedOver: [PassedOverFiles.File]
        /// The hashes of the identifiers of the files the second pass reads and of the words of
        /// the names the class table holds.
        var asked: NameSet
        /// The types each file not passed over declares, by file index.
        var declared: [(index: Int, types: DeclaredTypes)]
    }

    /// Folds the files not folded yet, once every file is delivered and whether each is read
    /// is known.
    func finish() -> Folded {
        folding.lock()
        defer { folding.unlock() }
        foldReady()
        precondition(!delivered[next...].contains(true), "a file was not folded")
        if let (at, first, count) = appleDoubles { warnings[at] = Self.appleDoubleWarning(first: first, count: count) }
        // Moved out, not copied: the fold keeps no reference, so whoever drops the last one frees them.
        defer { (classes, relevant, warnings, passedOver, asked, declared) = (ClassTable(), [], [], [], NameSet(capacity: 0), []) }
        return Folded(classes: classes, relevant: relevant, warnings: warnings, filesRead: filesRead,
                      passedOver: passedOver, asked: asked, declared: declared)
    }

    /// The AppleDouble files skipped: one warning, where the first of them is in path order,
    /// names it and counts the others (a tree copied from a Mac may hold one beside every file).
    private func noteAppleDouble(_ path: String) {
        if let (at, first, count) = appleDoubles {
            appleDoubles = (at, first, count + 1)
        } else {
            // Its place among the warnings; the text is written once all are folded.
            appleDoubles = (warnings.count, path, 1)
            warnings.append("")
        }
    }

    /// The warning for the AppleDouble files folded: the first, and how many more.
    private static func appleDoubleWarning(first: String, count: Int) -> String {
        count == 1 ? "\(first): an AppleDouble file (the metadata macOS writes beside a copied file), not source; skipped"
            : "\(first) and \(count - 1) more: AppleDouble files (the metadata macOS writes beside copied files), not source; skipped"
    }

    private func foldReady() {
        while true {
            lock.lock()
            guard next < delivered.count, delivered[next], let kept = isKept(next) else {
                lock.unlock()
                return
            }
            let index = next
            // Taken out, not copied and then cleared.
            var item: FirstPass? = nil
            swap(&item, &pending[index])
            next += 1
            lock.unlock()
            guard kept, let item else { continue }
            if let names = item.passedOverNames { passedOver.append(PassedOverFiles.File(index: index, names: names)) }
            for hash in item.identifiers { asked.insert(hash) }
            // The names the class table will hold (`ClassTable.forEachName`), as it gains them.
            item.declared.forEachName { asked.insert(wordsOf: $0) }
            for name in item.uses.operationClasses { asked.insert(wordsOf: name) }
            for name in item.uses.queueClasses { asked.insert(wordsOf: name) }
            if item.declared != DeclaredTypes() { declared.append((index, item.declared)) }
            classes.add(item.declared)
            classes.addUses(operations: item.uses.operationClasses, queues: item.uses.queueClasses)
            warnings += item.warnings
            if let path = item.appleDouble { noteAppleDouble(path) }
            if item.isRead { filesRead += 1 }
            if let file = item.file { relevant.append((file, item.uses)) }
        }
    }
}
