import Foundation
import Testing
@testable import OpLintCLI

/// `ProcessState`: the environment and working directory read from the C library, as
/// Foundation would give them.
@Suite struct ProcessStateTests {
    /// The environment made of `entries` (raw bytes each), read as `ProcessState` reads `environ`.
    static func environment(of entries: [[UInt8]]) -> [String: String] {
        let copies: [UnsafeMutablePointer<CChar>?] = entries.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (k, byte) in bytes.enumerated() { copy[k] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { copies.forEach { $0?.deallocate() } }
        return copies.withUnsafeBufferPointer { ProcessState.environment($0.baseAddress) }
    }

    @Test func readsNamesAndValues() {
        let environment = Self.environment(of: [
            Array("A=1".utf8), Array("NOEQUALS".utf8), Array("A=2".utf8), Array("=x".utf8),
            Array("C=a=b".utf8), Array("EMPTY=".utf8), [0x44, 0x3D, 0xFF, 0x41],
        ])
        // A name set twice keeps its last value; an entry without `=` is left out; only the
        // first `=` separates; bytes that are not UTF-8 are replaced.
        #expect(environment == ["A": "2", "": "x", "C": "a=b", "EMPTY": "", "D": "\u{FFFD}A"])
        #expect(Self.environment(of: []).isEmpty)
        #expect(ProcessState.environment(nil).isEmpty)
    }

    @Test func theProcessEnvironmentAsFoundationReadsIt() {
        #expect(ProcessState.environment() == ProcessInfo.processInfo.environment)
    }

    @Test func theWorkingDirectoryAsFoundationReadsIt() {
        #expect(ProcessState.currentDirectory() == FileManager.default.currentDirectoryPath)
        #expect(ProcessState.currentDirectory().hasPrefix("/"))
    }
}
