#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Findings recorded so that only new ones are reported (`--write-baseline`, `--baseline`).
///
/// Entries hold the rule, the file and the finding's location-independent fingerprint, so
/// adding or moving lines does not bring a recorded finding back.
public struct Baseline: Sendable, Equatable {
    /// One recorded finding.
    public struct Entry: Sendable, Hashable, Comparable {
        public var rule: String
        /// The file, relative to the baseline's directory when it lies inside it.
        public var file: String
        public var fingerprint: String

        public init(rule: String, file: String, fingerprint: String) {
            self.rule = rule
            self.file = file
            self.fingerprint = fingerprint
        }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.file, lhs.rule, lhs.fingerprint) < (rhs.file, rhs.rule, rhs.fingerprint)
        }
    }

    /// Sorted by file, rule, fingerprint; a finding recorded twice appears twice.
    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    /// Records the reported (not suppressed) findings of a run.
    ///
    /// - Parameter files: how a finding's file is written (see `FileKey`).
    /// - Complexity: O(*n* log *n*) for *n* findings.
    public init(findings: [Finding], files: FileKey) {
        var keys = FileKeys(files)
        var entries: [Entry] = []
        for finding in findings where !finding.isSuppressed { entries.append(Self.entry(for: finding, files: &keys)) }
        self.init(entries: entries)
    }

    static func entry(for finding: Finding, files: inout FileKeys) -> Entry {
        Entry(rule: finding.rule.code, file: files.key(finding.location.file), fingerprint: finding.fingerprint)
    }

    /// Splits a result into what is new and what the baseline already records. Each entry
    /// hides at most one finding, so a second copy of a recorded problem is new.
    ///
    /// - Complexity: O(*n* + *e*) for *n* findings and *e* entries.
    public func apply(to result: LintResult, files: FileKey) -> (result: LintResult, unchanged: [Finding]) {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        var keys = FileKeys(files)
        var kept: [Finding] = []
        var unchanged: [Finding] = []
        for finding in result.findings {
            let entry = Self.entry(for: finding, files: &keys)
            if !finding.isSuppressed, let count = remaining[entry], count > 0 {
                remaining[entry] = count - 1
                unchanged.append(finding)
            } else {
                kept.append(finding)
            }
        }
        return (LintResult(findings: kept, coverage: result.coverage), unchanged)
    }

    /// `FileKey.key` remembered for the last file asked about: the findings of one file come
    /// one after another, and a key costs a few path operations.
    struct FileKeys {
        let files: FileKey
        private var last: (file: String, key: String)?

        init(_ files: FileKey) {
            self.files = files
        }

        /// - Complexity: O(*n*) in the path's length.
        mutating func key(_ file: String) -> String {
            if let last, last.file.hasSameBytes(as: file) { return last.key }
            let key = files.key(file)
            last = (file, key)
            return key
        }
    }

    /// How file paths are written into a baseline: relative to the baseline's own directory,
    /// so that the same baseline works from any working directory.
    public struct FileKey: Sendable {
        /// The directory relative paths of findings are relative to (the working directory).
        public var currentDirectory: String
        /// The directory of the baseline file.
        public var baselineDirectory: String

        public init(currentDirectory: String, baselineDirectory: String) {
            self.currentDirectory = currentDirectory
            self.baselineDirectory = baselineDirectory
        }

        /// The key for a finding's file: `<stdin>` and other pseudo-files as they are.
        public func key(_ file: String) -> String {
            if file.hasPrefix("<") { return file }
            let absolute = file.hasPrefix("/") ? file : URL(fileURLWithPath: currentDirectory).appendingPathComponent(file).standardizedFileURL.path
            return Self.relativePath(absolute, from: URL(fileURLWithPath: baselineDirectory).standardizedFileURL.path)
        }

        /// `path` relative to `directory`, with `..` where it lies outside (`/a/g.json` from `/a/ci` is `../g.json`).
        static func relativePath(_ path: String, from directory: String) -> String {
            let target = path.split(separator: "/")
            let base = directory.split(separator: "/")
            var common = 0
            while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
            let up = Array(repeating: "..", count: base.count - common)
            return (up + target[common...].map(String.init)).joined(separator: "/")
        }
    }
}
