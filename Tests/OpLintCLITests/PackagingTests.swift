import Foundation
import Testing
@testable import OpLintCLI

/// `make install`, `make uninstall`, `make dist` and the GitHub Action, run for real on this
/// machine. They share one release build in `.build/packaging`: slow the first time (a whole
/// release build), then incremental.
@Suite(.serialized) struct PackagingTests {
    static let root = FormatsCLI.packageRoot
    static let scratch = root.appendingPathComponent(".build/packaging").path

    /// `make ARGUMENTS` in the package root, building in the shared scratch path.
    static func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try FormatsCLI.bash("nice -n 5 make -C \(quoted(root.path)) --no-print-directory SCRATCH=\(quoted(scratch)) \(arguments.map(quoted).joined(separator: " ")) 2>&1")
    }

    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The regular files under `directory`, as paths relative to it.
    static func files(under directory: URL) -> Set<String> {
        let base = directory.resolvingSymlinksInPath().path
        var result: Set<String> = []
        let enumerator = FileManager.default.enumerator(atPath: base)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.insert(relative)
            }
        }
        return result
    }

    static func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// The `libsimdjson.so.N` the release binary links, if it links it as a shared library.
    static func sharedSimdJSON() throws -> String? {
        let needed = try FormatsCLI.bash("readelf -d \(quoted(scratch + "/release/oplint"))")
        #expect(needed.status == 0, "\(needed.output)")
        return needed.output.components(separatedBy: "\n")
            .compactMap { line in line.range(of: #"libsimdjson\.so[.0-9]*"#, options: .regularExpression).map { String(line[$0]) } }
            .first
    }

    @Test func installPutsEachFileInItsFolderAndUninstallRemovesThem() throws {
        let stage = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: stage) }
        let install = try Self.make(["install", "DESTDIR=\(stage.path)", "PREFIX=/usr/local"])
        try #require(install.status == 0, "\(install.output)")

        let expected: [String: (mode: Int, content: String?)] = [
            "usr/local/bin/oplint": (0o755, nil),
            "usr/local/share/man/man1/oplint.1": (0o644, FormatsCLI.run(["help", "--man"]).standardOutput),
            "usr/local/share/bash-completion/completions/oplint": (0o644, FormatsCLI.run(["completion", "bash"]).standardOutput),
            "usr/local/share/zsh/site-functions/_oplint": (0o644, FormatsCLI.run(["completion", "zsh"]).standardOutput),
            "usr/local/share/fish/vendor_completions.d/oplint.fish": (0o644, FormatsCLI.run(["completion", "fish"]).standardOutput),
        ]
        #expect(Self.files(under: stage) == Set(expected.keys))
        for (path, file) in expected {
            let full = stage.appendingPathComponent(path).path
            #expect(try Self.mode(full) == file.mode, "\(path)")
            if let content = file.content {
                #expect(try String(contentsOfFile: full, encoding: .utf8) == content, "\(path) differs from what oplint generates")
            }
        }
        let version = try FormatsCLI.bash(Self.quoted(stage.appendingPathComponent("usr/local/bin/oplint").path) + " --version")
        #expect(version.output == OplintCLI.version + "\n")

        let uninstall = try Self.make(["uninstall", "DESTDIR=\(stage.path)", "PREFIX=/usr/local"])
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(Self.files(under: stage).isEmpty)

        // Another prefix, and a folder set on its own.
        let other = try Self.make(["install", "DESTDIR=\(stage.path)", "PREFIX=/opt/oplint", "MANDIR=/usr/share/man"])
        #expect(other.status == 0, "\(other.output)")
        #expect(Self.files(under: stage) == [
            "opt/oplint/bin/oplint", "usr/share/man/man1/oplint.1", "opt/oplint/share/bash-completion/completions/oplint",
            "opt/oplint/share/zsh/site-functions/_oplint", "opt/oplint/share/fish/vendor_completions.d/oplint.fish",
        ])
    }

    @Test func distTarballHoldsTheInstalledTreeTheReadmeAndTheLibrariesAFreshMachineLacks() throws {
        let work = try FormatsCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let dist = work.appendingPathComponent("dist")
        let first = try Self.make(["dist", "DIST_DIR=\(dist.path)"])
        try #require(first.status == 0, "\(first.output)")
        let machine = try FormatsCLI.bash("printf '%s-%s' \"$(uname -s | tr '[:upper:]' '[:lower:]')\" \"$(uname -m)\"").output
        let name = "oplint-\(OplintCLI.version)-\(machine)"
        let tarball = dist.appendingPathComponent(name + ".tar.gz")
        let listing = try FormatsCLI.bash("tar -tzf \(Self.quoted(tarball.path))")
        try #require(listing.status == 0, "\(listing.output)")
        let entries = Set(listing.output.components(separatedBy: "\n").filter { !$0.isEmpty && !$0.hasSuffix("/") })

        var expected: Set<String> = [
            "README.md", "bin/oplint", "share/man/man1/oplint.1", "share/bash-completion/completions/oplint",
            "share/zsh/site-functions/_oplint", "share/fish/vendor_completions.d/oplint.fish",
        ]
        if let simdjson = try Self.sharedSimdJSON() {
            expected.formUnion(["lib/oplint/\(simdjson)", "share/doc/oplint/simdjson.copyright"])
        }
        for licence in ["LICENSE", "LICENSE.md", "LICENSE.txt", "COPYING"]
        where FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(licence).path) {
            expected.insert(licence)
        }
        #expect(entries == Set(expected.map { "\(name)/\($0)" }))

        // Unpacked, it runs with the bundled simdjson and reads like the sources.
        let unpacked = work.appendingPathComponent("unpacked")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        #expect(try FormatsCLI.bash("tar -xzf \(Self.quoted(tarball.path)) -C \(Self.quoted(unpacked.path))").status == 0)
        let tree = unpacked.appendingPathComponent(name)
        let readme = try Data(contentsOf: tree.appendingPathComponent("README.md"))
        #expect(try readme == Data(contentsOf: Self.root.appendingPathComponent("README.md")))
        let binary = tree.appendingPathComponent("bin/oplint").path
        if let simdjson = try Self.sharedSimdJSON() {
            let ldd = try FormatsCLI.bash("ldd \(Self.quoted(binary))")
            let line = ldd.output.components(separatedBy: "\n").first { $0.contains(simdjson) } ?? ""
            #expect(line.contains("=> " + tree.path + "/bin/../lib/oplint/" + simdjson), "\(ldd.output)")
            let copyright = try String(contentsOf: tree.appendingPathComponent("share/doc/oplint/simdjson.copyright"), encoding: .utf8)
            #expect(copyright.contains("Apache"), "simdjson's licence")
        }
        let broken = Self.root.appendingPathComponent("examples/image-pipeline/broken.json").path
        let lint = try FormatsCLI.bash("\(Self.quoted(binary)) \(Self.quoted(broken))")
        #expect(lint.status == 1 && lint.output.contains("dependency cycle: download2 → show → combine → download2"), "\(lint.output)")

        // The same sources give the same tarball, byte for byte.
        let digest = try FormatsCLI.bash("sha256sum \(Self.quoted(tarball.path)) | cut -c1-64").output
        let second = try Self.make(["dist", "DIST_DIR=\(dist.path)"])
        #expect(second.status == 0, "\(second.output)")
        #expect(try FormatsCLI.bash("sha256sum \(Self.quoted(tarball.path)) | cut -c1-64").output == digest)
    }
}
