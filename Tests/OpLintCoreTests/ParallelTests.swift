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
}
