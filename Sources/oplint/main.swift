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
// Arrays of up to 4 MiB come from the heap instead of each array over 128 KiB being mapped on
// its own and unmapped when freed: linting a large graph frees megabytes phase after phase,
// and the next phase reuses that memory instead of faulting fresh pages in one by one
// (docs/performance.md). The heap's first growth reserves 1 GiB of address space past what is
// asked (pages are only used once written), so that the huge-page advice below covers all the
// heap a command uses, and the heap's top serves even the arrays over 4 MiB: with a 64 MiB
// padding, a lint of 1,000,000 operations took 35,000 page faults on the main thread, 4 KiB
// at a time, in the arrays the heap gained later and in those mapped on their own. Where the
// system will not lend that much address space at once (`ulimit -v`, strict overcommit, a small
// machine), glibc would refuse every allocation that grows the heap: the first growth is made
// here, and if it fails the padding is 64 MiB.
// `mallopt`, `M_MMAP_THRESHOLD` (-3) and `M_TOP_PAD` (-2) are in <malloc.h>, which the Glibc
// module does not bring in.
if let symbol = dlsym(nil, "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-3, 4 << 20)
    _ = mallopt(-2, 1 << 30)
    if !HugePages.growMainHeap() { _ = mallopt(-2, 64 << 20) }
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
