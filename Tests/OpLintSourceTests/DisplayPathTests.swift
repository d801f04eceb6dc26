import Foundation
import Testing
@testable import OpLintSource

/// How the paths of the files read are shown: the same file is shown the same way however
/// the directory around it was written on the command line.
@Suite("Paths shown for the files read")
struct DisplayPathTests {
    static let cwd = FileManager.default.currentDirectoryPath

    @Test("The current directory written out, with or without a slash at the end, is `.`")
    func currentDirectory() {
        #expect(FileWalker.display(Self.cwd) == ".")
        #expect(FileWalker.display(Self.cwd + "/") == ".")
        #expect(FileWalker.display(Self.cwd + "//") == ".")
        #expect(FileWalker.display(".") == ".")
        #expect(FileWalker.display("./") == ".")
    }

    @Test("Repeated slashes are one and a slash at the end is dropped, under the current directory or not")
    func slashes() {
        #expect(FileWalker.display(Self.cwd + "//examples/source/") == "examples/source")
        #expect(FileWalker.display("examples//source/") == "examples/source")
        #expect(FileWalker.display("./examples/source") == "examples/source")
        #expect(FileWalker.display("./examples/./source/.") == "examples/source")
        #expect(FileWalker.display(Self.cwd + "/./examples") == "examples")
        #expect(FileWalker.display("/nowhere//here/") == "/nowhere/here")
        #expect(FileWalker.display("/") == "/")
    }

    @Test("Files under a directory written with a slash at the end are shown relative, never from the root")
    func filesUnderADirectoryWithATrailingSlash() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oplint-display-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("ui"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("let op = BlockOperation { }\n".utf8).write(to: directory.appendingPathComponent("ui/Screen.swift"))
        let walked = FileWalker().files(under: [directory.path + "//ui/"]).files.map(\.display)
        #expect(walked == [directory.path + "/ui/Screen.swift"])
        let relative = FileWalker().files(under: [Self.cwd + "/Package.swift"]).files.map(\.display)
        #expect(relative == ["Package.swift"])
    }
}
