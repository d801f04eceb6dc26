#if canImport(Glibc)
import Foundation
import Glibc
import Testing
@testable import OpLintCore

/// `HugePages`: the kernel's own account (`/proc/self/smaps`) of which memory carries the
/// huge-page advice (`hg` among a mapping's `VmFlags`).
@Suite(.serialized) struct HugePagesTests {
    /// Whether this kernel was built with transparent huge pages (then the advice is taken).
    static let kernelHasHugePages = FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")

    /// The `VmFlags` of the mapping that holds `address`, from `/proc/self/smaps`.
    static func flags(ofMappingHolding address: UInt) throws -> [Substring] {
        let smaps = try #require(mapLines(path: "/proc/self/smaps"))
        var holds = false
        for line in smaps {
            if let range = addresses(line), line.first?.isHexDigit == true, line.contains(" ") {
                holds = range.contains(address)
            } else if holds, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ")
            }
        }
        Issue.record("no mapping holds \(String(address, radix: 16))")
        return []
    }

    /// The lines of `/proc/self/maps` or `/proc/self/smaps`.
    static func mapLines(path: String) -> [Substring]? {
        // Read to the end: the kernel writes these files as they are read, and gives their size as 0.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }

    /// The `start-end` addresses a line of `/proc/self/maps` begins with.
    static func addresses(_ line: Substring) -> Range<UInt>? {
        guard let field = line.split(separator: " ").first else { return nil }
        let bounds = field.split(separator: "-")
        guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), start < end else { return nil }
        return start..<end
    }

    /// The `[heap]` of `/proc/self/maps`: the kernel's own account of the main heap.
    static func mappedHeap() -> Range<UInt>? {
        mapLines(path: "/proc/self/maps")?.first { $0.hasSuffix("[heap]") }.flatMap(addresses)
    }

    @Test func readsWhereTheHeapStartsFromAStatLine() {
        func line(command: String, startBrk: String) -> [UInt8] {
            // Fields 3 to 46, then start_brk (47), then fields 48 to 52.
            let before = ["S"] + (4...46).map(String.init)
            return Array("4242 (\(command)) \((before + [startBrk] + (48...52).map(String.init)).joined(separator: " "))\n".utf8)
        }
        #expect(HugePages.heapStart(statLine: line(command: "oplint", startBrk: "94495390408704")) == 94_495_390_408_704)
        // A command name may hold spaces and parentheses.
        #expect(HugePages.heapStart(statLine: line(command: "a) b (c", startBrk: "4096")) == 4096)
        #expect(HugePages.heapStart(statLine: line(command: "x", startBrk: "0")) == nil)
        #expect(HugePages.heapStart(statLine: line(command: "x", startBrk: "12a")) == nil)
        #expect(HugePages.heapStart(statLine: line(command: "x", startBrk: "99999999999999999999999")) == nil)
        // A kernel that writes fewer fields.
        #expect(HugePages.heapStart(statLine: Array("4242 (x) S 1 2 3\n".utf8)) == nil)
        #expect(HugePages.heapStart(statLine: []) == nil)
    }

    @Test func theEnvironmentTurnsTheAdviceOff() {
        #expect(HugePages.isWanted(environment: nil))
        #expect(HugePages.isWanted(environment: "1"))
        #expect(HugePages.isWanted(environment: ""))
        for off in ["0", "no", "off", "false", "OFF", "False"] {
            #expect(!HugePages.isWanted(environment: off), "\(off)")
        }
    }

    @Test func findsTheMainHeap() throws {
        let heap = try #require(HugePages.mainHeap())
        #expect(heap.count > 0)
        // Where the kernel's account of the mappings puts it (its end moves with the break).
        #expect(heap.lowerBound == Self.mappedHeap()?.lowerBound)
        // The heap starts where the program break started and the break never goes below it
        // (other tests may move the break meanwhile, up or down); the stack and the thread
        // heaps lie above it.
        #expect(heap.lowerBound <= UInt(bitPattern: sbrk(0)))
        var local = 0
        #expect(withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) } > heap.upperBound)
    }

    @Test func startsAHeapAtTheFirstHugePageClearOfWhatWasWritten() {
        let page: UInt = 4096
        let huge = HugePages.hugePageSize
        for top: UInt in [0x5555_5555_0010, 0x5555_5540_0000, 0x5555_555F_E000, 0x5555_555F_DFF0, 0x7F00_0000_0000 - 8] {
            for written in [0, 4096, 128 << 10, 1 << 20] {
                let clear = top + UInt(written) + 2 * page
                let start = HugePages.hugePageStart(top: top, written: written, page: page)
                #expect(start % huge == 0, "\(top) \(written)")
                #expect(start >= clear, "\(top) \(written)")
                #expect(start - huge < clear, "\(top) \(written): not the first boundary")
            }
        }
    }

    @Test func advisesTheMainHeapAndEachWorkersHeap() throws {
        let advised = HugePages.adviseMainHeap()
        #expect(advised == Self.kernelHasHugePages)
        guard advised else { return }
        let heap = try #require(HugePages.mainHeap())
        #expect(try Self.flags(ofMappingHolding: heap.lowerBound).contains("hg"))

        // A thread of its own allocates from a heap of its own (or one an ended thread left,
        // advised or not), advised when it starts work.
        let result = try Self.workerHeapFlags { _ in HugePages.adviseThisThreadsArena() }
        // A thread that glibc sends to the main heap (more threads than heaps) allocates from
        // memory the main heap may have gained after it was advised: nothing to read then.
        if HugePages.mainHeap()?.contains(result.address) != true {
            #expect(result.flags.contains("hg"))
        }
    }

    /// A worker heap that lost its advice (as a heap glibc unmapped once emptied and mapped
    /// again at the same address does) has it again the next time its thread starts work.
    @Test func advisesAWorkersHeapAgainAfterItLostTheAdvice() throws {
        guard HugePages.adviseMainHeap() else { return }
        let result = try Self.workerHeapFlags { address in
            HugePages.adviseThisThreadsArena()
            let base = address & ~UInt(HugePages.threadHeapSize - 1)
            _ = madvise(UnsafeMutableRawPointer(bitPattern: base), HugePages.threadHeapSize, 15)  // MADV_NOHUGEPAGE
            HugePages.adviseThisThreadsArena()
        }
        if HugePages.mainHeap()?.contains(result.address) != true {
            #expect(result.flags.contains("hg"))
        }
    }

    /// On a thread of its own: allocates a block, runs `body` with its address, then reads the
    /// flags of the mapping that holds it.
    static func workerHeapFlags(_ body: @escaping @Sendable (UInt) -> Void) throws -> (address: UInt, flags: [Substring]) {
        let done = DispatchSemaphore(value: 0)
        let found = LockedBox<(address: UInt, flags: [Substring])?>(nil)
        let thread = Thread {
            let block = malloc(4096)!
            let address = UInt(bitPattern: block)
            body(address)
            let flags = (try? Self.flags(ofMappingHolding: address)) ?? []
            free(block)
            found.value = (address, flags)
            done.signal()
        }
        thread.start()
        done.wait()
        return try #require(found.value)
    }
}

/// A value handed from one thread to another under a lock.
private final class LockedBox<Value>: @unchecked Sendable {
    private var stored: Value
    private let lock = NSLock()
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
#endif
