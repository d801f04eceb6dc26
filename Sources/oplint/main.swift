#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import OpLintCLI
import OpLintCore

// Writes to a closed pipe (`oplint … | head`) must end the process quietly, not kill it.
signal(SIGPIPE, SIG_IGN)
#if canImport(Glibc)
// Arrays of up to 4 MiB come from the heap, which grows 64 MiB at a time, instead of each
// array over 128 KiB being mapped on its own and unmapped when freed: linting a large graph
// frees megabytes phase after phase, and the next phase reuses that memory instead of
// faulting fresh pages in one by one (measured with a 16 MiB padding: 15 % fewer page faults
// at 100,000 operations for 3–5 % more peak memory at 1,000,000, docs/performance.md). The
// padding is 64 MiB so that the huge-page advice below covers all the heap a command uses.
// `mallopt`, `M_MMAP_THRESHOLD` (-3) and `M_TOP_PAD` (-2) are in <malloc.h>, which the Glibc
// module does not bring in.
if let symbol = dlsym(nil, "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-3, 4 << 20)
    _ = mallopt(-2, 64 << 20)
}
// The heap, and the heap of each worker, backed by huge pages where the system allows them
// on request: a fault per 2 MiB instead of per 4 KiB (docs/performance.md);
// `OPLINT_HUGE_PAGES=0` leaves the heap as glibc made it.
if HugePages.isWanted(environment: getenv("OPLINT_HUGE_PAGES").map { String(cString: $0) }) {
    HugePages.adviseMainHeap()
}
#endif
let code = OplintCLI.run(Array(CommandLine.arguments.dropFirst()), context: OplintCLI.processContext())
exit(code.rawValue)
