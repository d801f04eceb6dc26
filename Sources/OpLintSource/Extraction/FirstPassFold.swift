import Foundation

/// What the first pass keeps of one file.
struct FirstPass {
    /// The file, when the second pass reads it.
    var file: SourceFile?
    var isRead = false
    var declared = DeclaredTypes()
    var warnings: [String] = []
    var uses = UsageEvidence()
}

/// Folds the first pass's results in path order while the pass runs: a worker that delivers
/// a file and finds no other worker folding folds every file that is ready in order. The
/// class table is therefore built on both cores, alongside the reading, and comes out
/// exactly as a fold in path order after the pass would make it.
///
/// The files may come from a walk still going on: a file is folded once it is known to be
/// read (a file found again through a link is not) and dropped otherwise.
final class FirstPassFold: @unchecked Sendable {
    /// Whether file `index` is read; nil while that is not known.
    private let isKept: @Sendable (Int) -> Bool?
    /// Delivered and not yet folded, by file index (guarded by `lock`).
    private var pending: [FirstPass?] = []
    private var delivered: [Bool] = []
    /// The next file to fold (guarded by `lock`).
    private var next = 0
    private let lock = NSLock()
    /// Held by the one worker folding; what it builds is touched only under it.
    private let folding = NSLock()
    private var classes = ClassTable()
    private var relevant: [(SourceFile, UsageEvidence)] = []
    private var warnings: [String] = []
    private var filesRead = 0

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
        if folding.try() {
            foldReady()
            folding.unlock()
        }
    }

    /// Folds the files not folded yet, once every file is delivered and whether each is read
    /// is known: the class table, the files for the second pass with their usage evidence,
    /// the warnings and the number of files read, all in path order.
    func finish() -> (classes: ClassTable, relevant: [(SourceFile, UsageEvidence)], warnings: [String], filesRead: Int) {
        folding.lock()
        defer { folding.unlock() }
        foldReady()
        precondition(!delivered[next...].contains(true), "a file was not folded")
        // Moved out, not copied: the fold keeps no reference, so whoever drops the last one frees them.
        defer { (classes, relevant, warnings) = (ClassTable(), [], []) }
        return (classes, relevant, warnings, filesRead)
    }

    private func foldReady() {
        while true {
            lock.lock()
            guard next < delivered.count, delivered[next], let kept = isKept(next) else {
                lock.unlock()
                return
            }
            let item = pending[next]
            pending[next] = nil
            next += 1
            lock.unlock()
            guard kept, let item else { continue }
            classes.add(item.declared)
            classes.addUses(operations: item.uses.operationClasses, queues: item.uses.queueClasses)
            warnings += item.warnings
            if item.isRead { filesRead += 1 }
            if let file = item.file { relevant.append((file, item.uses)) }
        }
    }
}
