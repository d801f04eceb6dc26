#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OpLintCore

/// The files a walk finds, handed to the first pass's workers while the walk goes on: the
/// walk waits on the file system, the workers on the processor.
final class FoundFiles: @unchecked Sendable {
    private let condition = Lock()
    // All guarded by `condition`.
    private var entries: [FileWalker.Entry] = []
    /// The index of the first file that may be one found before (reached through a link, or
    /// named as a root): every file before it is read.
    private var firstRepeat = Int.max
    private var finished = false
    private var kept: [Bool]?
    private var walkWarnings: [String] = []
    /// The directories the walk kept open for reading the files by their names.
    private var directories: [Int32] = []

    /// Adds the next file the walk found.
    func add(_ entry: FileWalker.Entry, mayRepeat: Bool) {
        condition.lock()
        if mayRepeat && firstRepeat == Int.max { firstRepeat = entries.count }
        entries.append(entry)
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the walk: its warnings, which files to read when some file may have been found twice,
    /// and the directories it kept open (closed by `closeDirectories()`).
    func finish(warnings: [String], kept: [Bool]?, directories: [Int32] = []) {
        condition.lock()
        walkWarnings = warnings
        self.kept = kept
        self.directories = directories
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// File `index`, once the walk has found it; nil when the walk ended with fewer files.
    func entry(_ index: Int) -> FileWalker.Entry? {
        condition.lock()
        defer { condition.unlock() }
        while index >= entries.count && !finished { condition.wait() }
        return index < entries.count ? entries[index] : nil
    }

    /// Whether file `index` is read: true when no file before it may repeat one, else known
    /// once the walk has ended (nil until then).
    func isKept(_ index: Int) -> Bool? {
        condition.lock()
        defer { condition.unlock() }
        if index < firstRepeat && index < entries.count { return true }
        guard finished else { return nil }
        return kept.map { index < $0.count && $0[index] } ?? (index < entries.count)
    }

    /// Closes the directories the walk kept open, once it has ended (waiting for it) and no file
    /// is read any more: the entries' `directory` descriptors are then closed.
    func closeDirectories() {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        for directory in directories { close(directory) }
        directories = []
    }

    /// The files to read and the walk's warnings, once the walk has ended (waiting for it).
    func result() -> (read: [FileWalker.Entry], warnings: [String]) {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        guard let kept else { return (entries, walkWarnings) }
        return (entries.indices.filter { kept[$0] }.map { entries[$0] }, walkWarnings)
    }
}
