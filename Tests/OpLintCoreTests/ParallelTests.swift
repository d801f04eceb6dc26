import Foundation
import Testing
@testable import OpLintCore

/// `Parallel.forEach`: every index handed out exactly once, whatever the number of threads.
@Suite struct ParallelTests {
    @Test(arguments: [1, 2, 4, 16])
    func forEachCallsEveryIndexOnce(threads: Int) {
        let count = 1_000
        var calls = [Int](repeating: 0, count: count)
        var threadsSeen = [UInt](repeating: 0, count: count)
        calls.withUnsafeMutableBufferPointer { calls in
        threadsSeen.withUnsafeMutableBufferPointer { seen in
            let slots = UnsafeSendable((calls, seen))
            Parallel.forEach(count, threads: threads) { index in
                slots.value.0[index] += 1
                slots.value.1[index] = UInt(bitPattern: ObjectIdentifier(Thread.current).hashValue)
                // Some work, so that the other threads get to take indices too.
                var sum = 0
                for k in 0..<2_000 { sum &+= k &* index }
                if sum == -1 { slots.value.0[index] += 1 }
            }
        }}
        #expect(calls == [Int](repeating: 1, count: count))
        if threads == 1 { #expect(Set(threadsSeen).count == 1) }
    }

    @Test func forEachOfNothingCallsNothing() {
        var called = false
        Parallel.forEach(0, threads: 4) { _ in called = true }
        #expect(!called)
    }

    @Test func coresIsAtLeastOne() {
        #expect(Parallel.cores >= 1)
    }

    #if os(Linux)
    /// `availableCores()` counts the processors the calling thread may run on: all those the
    /// process is allowed (`Cpus_allowed_list` of `/proc/self/status`), and one on a thread held
    /// to one.
    @Test func availableCoresFollowsTheAffinityMask() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        let allowed = line.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces)
        // `0-1,4,6-7`: ranges and single processors.
        let listed = allowed.split(separator: ",").reduce(0) { total, part in
            let ends = part.split(separator: "-").compactMap { Int($0) }
            return total + (ends.count == 2 ? ends[1] - ends[0] + 1 : 1)
        }
        #expect(Parallel.availableCores() == listed)
        #expect(Parallel.cores == listed)

        // A thread held to one processor (the first it may use) counts one.
        typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
        let setAffinity = unsafeBitCast(try #require(dlsym(nil, "sched_setaffinity")), to: SetAffinity.self)
        let first = try #require(Int(allowed.prefix { $0.isNumber }))
        // What the thread saw: whether the mask was set (0) and the count.
        let results = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        defer { results.deallocate() }
        results.initialize(repeating: -1, count: 2)
        let shared = UnsafeSendable(results)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var mask = [UInt64](repeating: 0, count: 16)
            mask[first / 64] = 1 << UInt64(first % 64)
            shared.value[0] = Int(mask.withUnsafeBytes { setAffinity(0, $0.count, $0.baseAddress!) })
            shared.value[1] = Parallel.availableCores()
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(results[0] == 0)
        #expect(results[1] == 1)
    }
    #endif
}
