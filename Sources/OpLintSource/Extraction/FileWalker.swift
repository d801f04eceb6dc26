#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Lists the Swift and Objective-C files under the given paths, in a deterministic order.
///
/// Skips `.build`, `Pods`, `Carthage`, `DerivedData`, `.git` and the excluded glob patterns;
/// follows symbolic links but enters each real directory once, so link loops end.
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
        return (walk.files.map { ($0.display, $0.path) }, walk.warnings)
    }

    /// A file the walk found.
    struct Entry {
        var display: String
        var path: String
        /// The walk saw a regular file here, not a symbolic link.
        var isRegular: Bool
    }

    /// `files(under:)` with what the walk learnt of each file's type.
    ///
    /// - Complexity: O(*entries* log *entries*); iterative, whatever the depth of the tree.
    func entries(under paths: [String]) -> (files: [Entry], warnings: [String]) {
        var result: [Entry] = []
        var warnings: [String] = []
        var visited: Set<String> = []
        var seenFiles: Set<String> = []
        let manager = FileManager.default
        for root in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: root, isDirectory: &isDirectory) else {
                warnings.append("\(root): no such file or directory")
                continue
            }
            let rootDisplay = Self.display(root)
            if !isDirectory.boolValue {
                if SourceLanguage(path: root) == nil {
                    warnings.append("\(rootDisplay): not a Swift or Objective-C file (.swift, .m, .mm, .h); skipped")
                } else if seenFiles.insert(Self.realPath(root) ?? root).inserted {
                    result.append(Entry(display: rootDisplay, path: root, isRegular: false))
                }
                continue
            }
            // Depth-first with an explicit stack; children pushed in reverse sorted order.
            var stack: [(display: String, path: String)] = [(rootDisplay, root)]
            while let (display, path) = stack.popLast() {
                guard let real = Self.realPath(path) else {
                    warnings.append("\(display): cannot resolve the path; skipped")
                    continue
                }
                guard visited.insert(real).inserted else {
                    warnings.append("\(display): already visited (a symbolic-link loop or a second link); skipped")
                    continue
                }
                let entries: [String]
                do {
                    entries = try manager.contentsOfDirectory(atPath: path).sorted()
                } catch {
                    warnings.append("\(display): cannot read the directory; skipped")
                    continue
                }
                var directories: [(String, String)] = []
                for name in entries {
                    if Self.skippedDirectories.contains(name) { continue }
                    let childPath = path.hasSuffix("/") ? path + name : path + "/" + name
                    let childDisplay = display == "." ? name : (display.hasSuffix("/") ? display + name : display + "/" + name)
                    if isExcluded(childDisplay, name: name) { continue }
                    // lstat first: only symbolic links need the target's type and real path.
                    var status = stat()
                    guard lstat(childPath, &status) == 0 else { continue }
                    let isLink = status.st_mode & S_IFMT == S_IFLNK
                    if isLink && stat(childPath, &status) != 0 {
                        warnings.append("\(childDisplay): a broken symbolic link; skipped")
                        continue
                    }
                    if status.st_mode & S_IFMT == S_IFDIR {
                        directories.append((childDisplay, childPath))
                    } else if SourceLanguage(path: name) != nil {
                        // A file reached through a link may also be reached directly: keep it once.
                        let key = isLink ? (Self.realPath(childPath) ?? childPath) : real + "/" + name
                        if seenFiles.insert(key).inserted {
                            result.append(Entry(display: childDisplay, path: childPath, isRegular: !isLink && status.st_mode & S_IFMT == S_IFREG))
                        }
                    }
                }
                stack += directories.reversed()
            }
        }
        return (result, warnings)
    }

    private func isExcluded(_ display: String, name: String) -> Bool {
        excludes.contains { pattern in
            fnmatch(pattern, display, 0) == 0 || fnmatch(pattern, name, 0) == 0
                || (pattern.hasSuffix("/**") && (display == String(pattern.dropLast(3)) || display.hasPrefix(String(pattern.dropLast(2)))))
        }
    }

    /// The path shown to the user: relative to the current directory when under it.
    static func display(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        let cwd = FileManager.default.currentDirectoryPath
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        if path.isEmpty { return "." }
        return path
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
