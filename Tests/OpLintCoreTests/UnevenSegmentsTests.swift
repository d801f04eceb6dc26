import Foundation
import Synchronization
import Testing
@testable import OpLintCore

/// `ReportWriter.writeItems` with items of very different sizes — one that takes far longer to
/// write than the others, as a finding listing a hundred thousand operations does — and a sink
/// that is slow now and then: threads go on past a segment that is not yet due and hand chunks
/// over after their turn, and still the sink gets one thread's bytes, in order, one call at a
/// time, in chunks of at least the chunk size.
@Suite struct UnevenSegmentsTests {
    static let count = ReportWriter.parallelItems + 40 * ReportWriter.segmentLength + 3

    /// Item `item`'s bytes: a giant early on and another late, the others short and varied.
    static func write(_ item: Int, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonMember("item", item)
        let names: [String]
        switch item {
        case 300: names = (0..<60_000).map { "op\($0)" }
        case count - 700: names = (0..<20_000).map { "late\($0)" }
        default: names = (0..<(item % 7)).map { "n\(item)-\($0)\($0 % 3 == 0 ? "\"q\"" : "")" }
        }
        out.jsonMember("names", names)
        out.closeJSON()
    }

    /// The report, and the chunk sizes the sink saw; fails the test if two calls overlap.
    static func report(threads: Int, chunkSize: Int, slowSink: Bool) throws -> (bytes: [UInt8], chunks: [Int]) {
        let inSink = Atomic(false)
        var bytes: [UInt8] = []
        var chunks: [Int] = []
        var out = ReportWriter(chunkSize: chunkSize) { chunk in
            let overlapping = inSink.exchange(true, ordering: .acquiring)
            #expect(!overlapping, "two calls of the sink at once")
            if slowSink && chunks.count % 5 == 0 { usleep(2_000) }
            bytes.append(contentsOf: chunk)
            chunks.append(chunk.count)
            inSink.store(false, ordering: .releasing)
        }
        out.threads = threads
        out.openJSONObject()
        out.jsonKey("items")
        out.openJSONArrayOfLines()
        try out.writeItems(count, state: { 0 }) { item, _, out in write(item, to: &out) }
        out.closeJSON()
        out.closeJSON()
        out.endJSONDocument()
        try out.finish()
        return (bytes, chunks)
    }

    @Test func unevenItemsGiveOneThreadsBytes() throws {
        let expected = try Self.report(threads: 1, chunkSize: .max, slowSink: false).bytes
        for threads in [2, 4] {
            for chunkSize in [1, 4_096, 1 << 16, 1 << 20] {
                let streamed = try Self.report(threads: threads, chunkSize: chunkSize, slowSink: chunkSize >= 4_096)
                #expect(streamed.bytes == expected, "\(threads) threads, chunks of \(chunkSize)")
                #expect(streamed.chunks.dropLast().allSatisfy { $0 >= chunkSize }, "a chunk below \(chunkSize) bytes before the last")
            }
        }
        // One line per item, each a JSON object of its own.
        let lines = String(decoding: expected, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("    {") }
        #expect(lines.count == Self.count)
        let giant = try #require(lines.first { $0.contains("\"item\":300,") })
        #expect(giant.contains("\"op59999\"]"))
    }

    struct SinkFailed: Error {}

    /// A sink that fails while other threads are ahead stops the report, and is not called again.
    @Test func aFailingSinkBehindAGiantStopsEveryThread() throws {
        for failAt in [0, 3] {
            var calls = 0
            var out = ReportWriter(chunkSize: 4_096) { _ in
                calls += 1
                if calls > failAt { throw SinkFailed() }
            }
            out.threads = 4
            out.openJSONArrayOfLines()
            #expect(throws: SinkFailed.self) {
                try out.writeItems(Self.count, state: { 0 }) { item, _, out in Self.write(item, to: &out) }
            }
            #expect(calls == failAt + 1)
        }
    }
}
