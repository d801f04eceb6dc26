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
        let smaps = try #require(HugePages.mapLines(path: "/proc/self/smaps"))
        var holds = false
        for line in smaps {
            if let range = HugePages.addresses(line), line.first?.isHexDigit == true, line.contains(" ") {
                holds = range.contains(address)
            } else if holds, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ")
            }
        }
        Issue.record("no mapping holds \(String(address, radix: 16))")
        return []
    }

    @Test func readsTheAddressesOfAMapsLine() {
        #expect(HugePages.addresses("55cff718a000-55cff8879000 r-xp 00000000 fe:00 123  /usr/bin/oplint") == 0x55cf_f718_a000..<0x55cf_f887_9000)
        #expect(HugePages.addresses("7ffd1000-7ffd2000 rw-p 00000000 00:00 0  [stack]") == 0x7ffd_1000..<0x7ffd_2000)
        #expect(HugePages.addresses("zz-10 rw-p") == nil)
        #expect(HugePages.addresses("20-10 rw-p") == nil)
        #expect(HugePages.addresses("") == nil)
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
        let heap = try #require(HugePages.mappedHeap())
        #expect(heap.count > 0)
        // The heap starts where the program break started and the break never goes below it
        // (other tests may move the break meanwhile, up or down); the stack and the thread
        // heaps lie above it.
        #expect(heap.lowerBound <= UInt(bitPattern: sbrk(0)))
        var local = 0
        #expect(withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) } > heap.upperBound)
    }

    @Test func advisesTheMainHeapAndEachWorkersHeap() throws {
        let advised = HugePages.adviseMainHeap()
        #expect(advised == Self.kernelHasHugePages)
        guard advised else { return }
        let heap = try #require(HugePages.mappedHeap())
        #expect(try Self.flags(ofMappingHolding: heap.lowerBound).contains("hg"))

        // A thread of its own allocates from a heap of its own (or one an ended thread left,
        // advised or not), advised when it starts work.
        let done = DispatchSemaphore(value: 0)
        let found = LockedBox<(address: UInt, flags: [Substring])?>(nil)
        let thread = Thread {
            let block = malloc(4096)!
            let address = UInt(bitPattern: block)
            HugePages.adviseThisThreadsArena()
            let flags = (try? Self.flags(ofMappingHolding: address)) ?? []
            free(block)
            found.value = (address, flags)
            done.signal()
        }
        thread.start()
        done.wait()
        let result = try #require(found.value)
        // A thread that glibc sends to the main heap (more threads than heaps) allocates from
        // memory the main heap may have gained after it was advised: nothing to read then.
        if HugePages.mappedHeap()?.contains(result.address) != true {
            #expect(result.flags.contains("hg"))
        }
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
