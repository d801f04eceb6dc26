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

/// Lists the Swift and Objective-C files under the given paths, in a deterministic order.
///
/// Skips `.build`, `Pods`, `Carthage`, `DerivedData`, `.git` and the excluded glob patterns;
/// follows symbolic links but enters each directory (each device and inode) once, so link
/// loops end.
public struct FileWalker: Sendable {
    /// Directory names never entered.
    public static let skippedDirectories: Set<String> = [".build", "Pods", "Carthage", "DerivedData", ".git", ".swiftpm"]

    /// Glob patterns (`fnmatch`) matched against the displayed path and the file name.
    public var excludes: [String]

    public init(excludes: [String] = []) {
        self.excludes = excludes
    }

    /// The files to read, as (display path, file system path), and warnings about paths
    /// that could not be read.
    ///
    /// - Complexity: O(*entries* log *entries*); iterative, whatever the depth of the tree.
    public func files(under paths: [String]) -> (files: [(display: String, path: String)], warnings: [String]) {
        let walk = entries(under: paths)
        return (walk.files.map { ($0.display, String(decoding: $0.path.dropLast(), as: UTF8.self)) }, walk.warnings)
    }

    /// A file the walk found.
    struct Entry {
        var display: String
        /// The file system path, NUL-terminated bytes (a name need not be UTF-8).
        var path: [UInt8]
        /// The walk saw a regular file here, not a symbolic link.
        var isRegular: Bool
        /// A descriptor of the directory the walk found the file in, kept open by a walk that
        /// keeps directories (`walk(under:keepingDirectories:found:)`), and where the file's name
        /// starts in `path`; -1 when none is kept.
        var directory: Int32 = -1
        var nameStart = 0
    }

    /// `files(under:)` with what the walk learnt of each file's type.
    ///
    /// Directories are listed with `readdir`, whose entry types spare a `stat` call for
    /// every regular file and directory; names are kept as bytes, so a file whose name is
    /// not UTF-8 is still read (its display path shows U+FFFD where the bytes are invalid).
    ///
    /// - Complexity: O(*entries* log *entries*); iterative, whatever the depth of the tree.
    func entries(under paths: [String]) -> (files: [Entry], warnings: [String]) {
        var found: [Entry] = []
        let walk = walk(under: paths) { entry, _ in found.append(entry) }
        guard let kept = walk.kept else { return (found, walk.warnings) }
        return (zip(found, kept).compactMap { entry, isKept in isKept ? entry : nil }, walk.warnings)
    }

    /// The walk of `entries(under:)`, handing each file to `found` as it comes, in order,
    /// with whether it may be a file found before (one reached through a link, or named as a
    /// root: without them no file is found twice). Returns the warnings and, when some file
    /// may have been found twice, which of the files found to read: the first of each.
    ///
    /// - Complexity: O(*entries* log *entries*); iterative, whatever the depth of the tree.
    ///
    /// With `keepingDirectories` above zero, the walk keeps a descriptor of each directory it
    /// lists that holds a file to read, up to that many, for opening the files by their names
    /// alone (`openat`) instead of walking their whole paths again; it returns them, for the
    /// caller to close once it has read the files.
    func walk(under paths: [String], keepingDirectories: Int = 0,
              found: (Entry, _ mayRepeat: Bool) -> Void) -> (warnings: [String], kept: [Bool]?, directories: [Int32]) {
        var count = 0
        var keptDirectories: [Int32] = []
        var warnings: [String] = []
        // Each directory entered, by device and inode: a link back to one (or a second link to
        // it) is not entered again. One `stat` per directory, where its real path took a
        // `readlink` per component of its path.
        var visited: Set<DirectoryIdentity> = []
        // Where each file was found: its directory (an index into `directoryPaths`, whose real path
        // is worked out only when some file was reached through a link) and its name, or the
        // real path of the link's target; nil for a root file.
        var directoryPaths: [[UInt8]] = []
        var origins: [(directory: Int, name: [UInt8])?] = []
        var linkTargets: [Int: [UInt8]] = [:]
        for root in paths {
            let rootPath = Self.cPath(root)
            var status = stat()
            guard Self.withPath(rootPath, { stat($0, &status) }) == 0 else {
                warnings.append("\(root): no such file or directory")
                continue
            }
            let rootDisplay = Self.display(root)
            if status.st_mode & S_IFMT != S_IFDIR {
                if SourceLanguage(path: root) == nil {
                    warnings.append("\(rootDisplay): not a Swift or Objective-C file (.swift, .m, .mm, .h); skipped")
                } else {
                    linkTargets[count] = Self.realPath(rootPath) ?? rootPath
                    origins.append(nil)
                    found(Entry(display: rootDisplay, path: rootPath, isRegular: false), true)
                    count += 1
                }
                continue
            }
            // Depth-first with an explicit stack; children pushed in reverse sorted order.
            var stack: [(display: String, path: [UInt8])] = [(rootDisplay, rootPath)]
            while let (display, path) = stack.popLast() {
                var directoryStatus = stat()
                guard Self.withPath(path, { stat($0, &directoryStatus) }) == 0 else {
                    warnings.append("\(display): cannot resolve the path; skipped")
                    continue
                }
                guard visited.insert(DirectoryIdentity(device: UInt64(truncatingIfNeeded: directoryStatus.st_dev), inode: UInt64(truncatingIfNeeded: directoryStatus.st_ino))).inserted else {
                    warnings.append("\(display): already visited (a symbolic-link loop or a second link); skipped")
                    continue
                }
                let keepsDescriptor = keptDirectories.count < keepingDirectories
                guard let (children, descriptor) = Self.children(of: path, keepingDescriptor: keepsDescriptor) else {
                    warnings.append("\(display): cannot read the directory; skipped")
                    continue
                }
                var usesDescriptor = false
                let directory = directoryPaths.count
                directoryPaths.append(path)
                var directories: [(String, [UInt8])] = []
                for child in children {
                    let name = child.name
                    if Self.skippedDirectories.contains(name) { continue }
                    let childDisplay = display == "." ? name : (display.hasSuffix("/") ? display + name : display + "/" + name)
                    if isExcluded(childDisplay, name: name) { continue }
                    let childPath = Self.appending(child.bytes, to: path)
                    var type = child.type
                    var isLink = false
                    if type == Self.unknownType || type == Self.linkType {
                        // The entry's type is not known, or a link: ask for it, then the target's.
                        var status = stat()
                        guard Self.withPath(childPath, { lstat($0, &status) }) == 0 else { continue }
                        isLink = status.st_mode & S_IFMT == S_IFLNK
                        if isLink && Self.withPath(childPath, { stat($0, &status) }) != 0 {
                            warnings.append("\(childDisplay): a broken symbolic link; skipped")
                            continue
                        }
                        type = Self.entryType(status.st_mode)
                    }
                    if type == Self.directoryType {
                        directories.append((childDisplay, childPath))
                    } else if SourceLanguage(path: name) != nil {
                        if isLink {
                            linkTargets[count] = Self.realPath(childPath) ?? childPath
                        }
                        origins.append((directory, child.bytes))
                        var entry = Entry(display: childDisplay, path: childPath, isRegular: !isLink && type == Self.regularType)
                        if let descriptor {
                            (entry.directory, entry.nameStart) = (descriptor, childPath.count - 1 - child.bytes.count)
                            usesDescriptor = true
                        }
                        found(entry, isLink)
                        count += 1
                    }
                }
                if let descriptor {
                    if usesDescriptor { keptDirectories.append(descriptor) } else { close(descriptor) }
                }
                stack += directories.reversed()
            }
        }
        // A file reached through a link (or named as a root) may also be reached directly, or
        // through another link: keep the first. Without links every file is reached once.
        guard !linkTargets.isEmpty else { return (warnings, nil, keptDirectories) }
        var seen: Set<[UInt8]> = []
        var kept: [Bool] = []
        var directoryReals: [Int: [UInt8]] = [:]
        for k in 0..<count {
            let key: [UInt8]
            if let target = linkTargets[k] { key = target } else if let origin = origins[k] {
                let real = directoryReals[origin.directory] ?? Self.realPath(directoryPaths[origin.directory]) ?? directoryPaths[origin.directory]
                directoryReals[origin.directory] = real
                key = Self.appending(origin.name, to: real)
            } else { preconditionFailure("a root file has its link target") }
            kept.append(seen.insert(key).inserted)
        }
        return (warnings, kept, keptDirectories)
    }

    /// A directory as the file system knows it, whatever path reaches it.
    private struct DirectoryIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The entries of the directory at `path` (NUL-terminated), sorted by name as Strings
    /// sort (bytes break ties between names Strings take as equal: spellings of one character
    /// precomposed and decomposed, or invalid bytes both shown as U+FFFD), without `.`
    /// and `..`; nil when it cannot be read. With `keepingDescriptor`, also a descriptor of the
    /// directory, open for the caller to close (nil when none could be made).
    private static func children(of path: [UInt8], keepingDescriptor: Bool = false) -> (children: [(name: String, bytes: [UInt8], type: Int)], descriptor: Int32?)? {
        guard let directory = withPath(path, { opendir($0) }) else { return nil }
        defer { closedir(directory) }
        let descriptor = keepingDescriptor ? fcntl(dirfd(directory), F_DUPFD_CLOEXEC, 0) : -1
        var children: [(name: String, bytes: [UInt8], type: Int)] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            children.append((String(decoding: bytes, as: UTF8.self), bytes, Int(entry.pointee.d_type)))
        }
        if children.allSatisfy({ $0.bytes.allSatisfy { $0 < 0x80 } }) {
            // ASCII names sort as Strings exactly as their bytes do.
            children.sort { Self.bytesPrecede($0.bytes, $1.bytes) }
        } else {
            children.sort { $0.name != $1.name ? $0.name < $1.name : $0.bytes.lexicographicallyPrecedes($1.bytes) }
        }
        return (children, descriptor >= 0 ? descriptor : nil)
    }

    /// Whether `a` comes before `b` byte by byte (a prefix first).
    private static func bytesPrecede(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                guard let left = x.baseAddress, let right = y.baseAddress else { return x.count < y.count }
                let order = memcmp(left, right, min(x.count, y.count))
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }

    // `readdir`'s entry types, as `Int` (the C library spells them as enumerators or as macros).
    private static let directoryType = Int(DT_DIR)
    private static let regularType = Int(DT_REG)
    private static let linkType = Int(DT_LNK)
    private static let unknownType = Int(DT_UNKNOWN)

    /// The `readdir` type of a `stat` mode.
    private static func entryType(_ mode: mode_t) -> Int {
        switch mode & S_IFMT {
        case S_IFDIR: directoryType
        case S_IFREG: regularType
        default: unknownType
        }
    }

    /// `name` under the directory `path`, both as bytes, the result NUL-terminated.
    private static func appending(_ name: [UInt8], to path: [UInt8]) -> [UInt8] {
        var child = path
        if child.last == 0 { child.removeLast() }
        if child.last != UInt8(ascii: "/") { child.append(UInt8(ascii: "/")) }
        child += name
        child.append(0)
        return child
    }

    /// A path as NUL-terminated bytes.
    static func cPath(_ path: String) -> [UInt8] {
        Array(path.utf8) + [0]
    }

    /// Calls `body` with the NUL-terminated `path` as a C string.
    static func withPath<R>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    private func isExcluded(_ display: String, name: String) -> Bool {
        excludes.contains { pattern in
            fnmatch(pattern, display, 0) == 0 || fnmatch(pattern, name, 0) == 0
                || (pattern.hasSuffix("/**") && (display == String(pattern.dropLast(3)) || display.hasPrefix(String(pattern.dropLast(2)))))
        }
    }

    /// The path shown to the user: relative to the current directory when under it, with
    /// repeated slashes made one, `./` steps dropped and no slash at the end (`/work/app/` run
    /// in `/work/app` is `.`, `src//ui/` and `./src/./ui` are `src/ui`), so the files under it
    /// are shown as `name`, `src/ui/name`.
    static func display(_ path: String) -> String {
        var path = path
        path = replacingRepeatedly(in: path, "//", with: "/")
        path = replacingRepeatedly(in: path, "/./", with: "/")
        if path.hasSuffix("/.") { path.removeLast() }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        while path.hasPrefix("./") { path.removeFirst(2) }
        let cwd = FileManager.default.currentDirectoryPath
        if path == cwd && cwd != "/" { return "." }
        if cwd != "/", path.hasPrefix(cwd + "/") { path = String(path.dropFirst(cwd.count + 1)) }
        return path.isEmpty ? "." : path
    }

    /// `text` with every `target` replaced by `replacement`, left to right, again and again
    /// until none is left; whole characters compared (`replacingCharacters`).
    static func replacingRepeatedly(in text: String, _ target: String, with replacement: String) -> String {
        var text = text
        while text.containsCharacters(target) { text = text.replacingCharacters(target, with: replacement) }
        return text
    }

    /// The real path of `path` (NUL-terminated bytes), NUL-terminated, or nil.
    static func realPath(_ path: [UInt8]) -> [UInt8]? {
        guard let resolved = withPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved) + 1))
    }
}
