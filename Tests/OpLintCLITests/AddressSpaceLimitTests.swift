import Testing

/// The command line asks glibc to grow the heap by 1 GiB of address space at a time. Under a
/// limit on a process's address space (`ulimit -v`; strict overcommit and small machines
/// refuse such a reservation the same way), that growth fails, and glibc would then refuse
/// every allocation that grows the heap: oplint must fall back to a smaller reservation and
/// give the output it gives without the limit.
@Suite struct AddressSpaceLimitTests {
    @Test(arguments: [["lint", "examples/image-pipeline/graph.json"],
                      ["lint", "examples/image-pipeline/graph.json", "--format", "json"],
                      ["simulate", "examples/image-pipeline/graph.json"]])
    func runsUnderALimitOnItsAddressSpace(_ arguments: [String]) throws {
        let free = try CLIHarness.spawn(arguments)
        // Well above what the program maps to run, well below what the reservation asks.
        let limited = try CLIHarness.spawn(arguments, addressSpaceLimit: 600_000)
        #expect(limited.code == free.code, "\(limited.standardError)")
        #expect(limited.standardOutput == free.standardOutput)
        #expect(limited.standardError == free.standardError)
        #expect(!free.standardOutput.isEmpty)
    }
}
