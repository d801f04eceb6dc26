import Foundation
import Testing

/// The command line asks glibc to grow the heap by 1 GiB of address space at a time. Under a
/// limit on a process's address space (`ulimit -v`; strict overcommit and small machines
/// refuse such a reservation the same way), that growth fails, and glibc would then refuse
/// every allocation that grows the heap: oplint must fall back to a smaller reservation and
/// give the output it gives without the limit.
@Suite struct AddressSpaceLimitTests {
    /// `oplint ARGUMENTS` as a child of `sh`, with `ulimit -v kilobytes` set first when given.
    static func run(_ arguments: [String], limit kilobytes: Int?) throws -> CLIHarness.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let limit = kilobytes.map { "ulimit -v \($0) && " } ?? ""
        process.arguments = ["-c", limit + "exec \"$0\" \"$@\"", CLIHarness.executable.path] + arguments
        process.currentDirectoryURL = CLIHarness.packageRoot
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CLIHarness.Outcome(
            code: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self)
        )
    }

    @Test(arguments: [["lint", "examples/image-pipeline/graph.json"],
                      ["lint", "examples/image-pipeline/graph.json", "--format", "json"],
                      ["simulate", "examples/image-pipeline/graph.json"]])
    func runsUnderALimitOnItsAddressSpace(_ arguments: [String]) throws {
        let free = try Self.run(arguments, limit: nil)
        // Well above what the program maps to run, well below what the reservation asks.
        let limited = try Self.run(arguments, limit: 600_000)
        #expect(limited.code == free.code, "\(limited.standardError)")
        #expect(limited.standardOutput == free.standardOutput)
        #expect(limited.standardError == free.standardError)
        #expect(!free.standardOutput.isEmpty)
    }
}
