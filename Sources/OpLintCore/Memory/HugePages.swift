#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Asks Linux to back the heap with transparent huge pages, 2 MiB at a time, on systems that
/// give them only to memory that asks (`/sys/kernel/mm/transparent_hugepage/enabled` set to
/// `madvise`, Debian's default). A process that allocates tens of megabytes in small pieces
/// then takes one page fault per 2 MiB instead of one per 4 KiB, and gives the memory back
/// as fast when it exits: an extraction of a million-line tree takes about 920 page faults
/// instead of 7,900 (docs/performance.md).
///
/// This is what glibc's `glibc.malloc.hugetlb=1` tunable does, done from inside the process:
/// the main heap once it has grown to its padding, and the heap of each worker thread when
/// the worker starts. The command line turns it on; a program that links the library keeps
/// its heap as it was. Where the system never or always gives huge pages, the advice changes
/// nothing; without glibc these functions do nothing.
public enum HugePages {
    /// Whether `adviseMainHeap()` has advised the main heap: worker heaps are advised only then.
    private static let isEnabled = Atomic<Bool>(false)
    /// The advised main heap, as addresses (written before `isEnabled` is set).
    private static let mainHeapStart = Atomic<UInt>(0)
    private static let mainHeapEnd = Atomic<UInt>(0)

    /// The size and alignment of the heap glibc gives a thread beyond the main one
    /// (`HEAP_MAX_SIZE`: twice the largest mmap threshold, 2 × 32 MiB on 64-bit systems).
    static let threadHeapSize = 64 << 20
    /// The size and alignment of a transparent huge page on x86-64 and on 4 KiB-page arm64.
    static let hugePageSize: UInt = 2 << 20
    /// `MADV_HUGEPAGE` in <sys/mman.h>.
    private static let adviceHugePage: Int32 = 14

    /// Whether the environment leaves the advice on: `OPLINT_HUGE_PAGES` unset, or anything but
    /// `0`, `no`, `off` or `false` (in any case). Where memory is fragmented, the kernel may stop
    /// to compact it before it hands out a huge page; a user who sees such stalls turns this off.
    public static func isWanted(environment value: String?) -> Bool {
        guard let value else { return true }
        return !["0", "no", "off", "false"].contains(value.lowercased())
    }

    /// Grows the main heap by its padding (`mallopt(M_TOP_PAD)`) now, as the first allocation
    /// past its top would: an allocation that leaves the padding in place once freed. False
    /// when glibc could not grow it that far (the system would not lend the address space).
    @discardableResult
    public static func growMainHeap() -> Bool {
        #if canImport(Glibc)
        guard let allocate = allocator, let block = allocate(growingBlock) else { return false }
        free(block)
        return true
        #else
        return false
        #endif
    }

    /// Advises the main heap (`mainHeap()`) and turns on
    /// `adviseThisThreadsArena()`. Called once, from the main thread, after `mallopt(M_TOP_PAD)`:
    /// the heap is first grown to its padding, so that all of it is advised; memory the heap
    /// gains later is not. Returns whether the kernel took the advice.
    @discardableResult
    public static func adviseMainHeap() -> Bool {
        #if canImport(Glibc)
        guard let allocate = allocator else { return false }
        growMainHeap()
        guard let heap = mainHeap(), madvise(UnsafeMutableRawPointer(bitPattern: heap.lowerBound), Int(heap.count), adviceHugePage) == 0 else {
            return false
        }
        mainHeapStart.store(heap.lowerBound, ordering: .relaxed)
        mainHeapEnd.store(heap.upperBound, ordering: .relaxed)
        isEnabled.store(true, ordering: .releasing)
        // Freeing the growing block wrote the header of the chunk after it, before the advice.
        startAtHugePage(beyond: growingBlock, allocate)
        return true
        #else
        return false
        #endif
    }

    /// Advises the heap the calling thread allocates from, when it is a thread heap of its
    /// own (a worker's; the main heap is advised by `adviseMainHeap()`), and moves its next
    /// allocations to a huge page (`startAtHugePage`), once per heap. The advice is given at
    /// every call: glibc unmaps a thread heap it has emptied and may map a new one at the same
    /// address, without it. Cheap enough to call each time a worker starts a task: one
    /// allocation, one system call and a set looked up.
    public static func adviseThisThreadsArena() {
        #if canImport(Glibc)
        guard isEnabled.load(ordering: .acquiring), let allocate = allocator, let probe = allocate(64) else { return }
        let address = UInt(bitPattern: probe)
        free(probe)
        let mainHeap = mainHeapStart.load(ordering: .relaxed)..<mainHeapEnd.load(ordering: .relaxed)
        guard !mainHeap.contains(address) else { return }
        let base = address & ~UInt(threadHeapSize - 1)
        // The advice covers the whole reserved heap, the part glibc makes writable later too.
        _ = madvise(UnsafeMutableRawPointer(bitPattern: base), threadHeapSize, adviceHugePage)
        guard advisedHeaps.withLock({ $0.insert(base).inserted }) else { return }
        startAtHugePage(beyond: 0, allocate)
        #endif
    }

    #if canImport(Glibc)
    private typealias Allocator = @convention(c) (Int) -> UnsafeMutableRawPointer?

    /// `malloc`, called through a pointer: the compiler drops a direct allocation whose memory
    /// is never read, and these are made only for their addresses.
    private static let allocator: Allocator? = dlsym(nil, "malloc").map { unsafeBitCast($0, to: Allocator.self) }

    /// The allocation that makes glibc grow the main heap by its padding.
    private static let growingBlock = 1 << 20
    /// The bases of the thread heaps moved to a huge page (`adviseThisThreadsArena`).
    private static let advisedHeaps = Mutex<Set<UInt>>([])

    /// Makes the calling thread's heap hand out its next memory from a 2 MiB boundary at least
    /// `written` bytes past its top, by allocating the space before the boundary and never
    /// freeing it. The kernel gives a huge page on a fault only where no 4 KiB page of the same
    /// 2 MiB is mapped yet, and the 2 MiB that holds the top has pages written before the
    /// advice (the heap's own header, the memory allocated so far, and the `written` bytes
    /// past the top): every allocation in it would fault 4 KiB at a time. Measured on an
    /// extraction of the million-line tree, the main heap's and each worker's first 2 MiB took
    /// 190 to 480 faults each; after the move, none (docs/performance.md). The space skipped
    /// is address space only: no page of it is written.
    private static func startAtHugePage(beyond written: Int, _ allocate: Allocator) {
        // Larger than any free chunk a heap holds this early, so it comes from the top; its own
        // end is written too (the header of the top after it).
        let probeSize = 128 << 10
        guard let probe = allocate(probeSize) else { return }
        let top = UInt(bitPattern: probe)
        free(probe)
        let start = hugePageStart(top: top, written: max(written, probeSize), page: UInt(sysconf(Int32(_SC_PAGESIZE))))
        _ = allocate(Int(start - top))
    }
    #endif

    /// The first 2 MiB boundary past the `written` bytes after `top` and two pages more (the
    /// page a header straddling their end may touch, and the one after it).
    static func hugePageStart(top: UInt, written: Int, page: UInt) -> UInt {
        let clear = top + UInt(written) + 2 * page
        return (clear + hugePageSize - 1) & ~(hugePageSize - 1)
    }

    #if canImport(Glibc)
    /// The heap that grows with `brk`: from where the program break started (`start_brk`,
    /// field 47 of `/proc/self/stat`) to where it is now. (The `[heap]` line of
    /// `/proc/self/maps` says the same, but the kernel writes a line per mapping, and a
    /// statically linked Swift program has dozens: reading and splitting them took about a
    /// tenth of `oplint --version`.)
    static func mainHeap() -> Range<UInt>? {
        guard let line = statLine(), let start = heapStart(statLine: line) else { return nil }
        let end = UInt(bitPattern: sbrk(0))
        return start < end ? start..<end : nil
    }

    /// `/proc/self/stat`, one line.
    private static func statLine() -> [UInt8]? {
        let descriptor = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var line = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while count < line.count {
            let n = line.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        return count > 0 ? Array(line[..<count]) : nil
    }
    #endif

    /// Field 47 (`start_brk`) of a `/proc/PID/stat` line, nil when the line has no such field
    /// (a kernel before 3.3, or one that hides it). The command name (field 2, in parentheses)
    /// may itself hold spaces and parentheses: fields are counted from its last `)`.
    static func heapStart(statLine: [UInt8]) -> UInt? {
        guard let close = statLine.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // Field 3 (the state) follows the `)`; field 47 is the 45th field from there.
        var field = 2
        var i = close + 1
        while i < statLine.count {
            let byte = statLine[i]
            guard byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\n") else { i += 1; continue }
            field += 1
            var end = i
            while end < statLine.count && statLine[end] != UInt8(ascii: " ") && statLine[end] != UInt8(ascii: "\n") { end += 1 }
            if field == 47 { return decimal(statLine[i..<end]) }
            i = end
        }
        return nil
    }

    /// A positive decimal number, nil when it is not one or does not fit.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> UInt? {
        var value: UInt = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value == 0 ? nil : value
    }
}
