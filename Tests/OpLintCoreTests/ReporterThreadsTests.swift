import Foundation
import Synchronization
import Testing
@testable import OpLintCore

/// Long runs of findings written on several threads (`ReportWriter.writeItems`) give the bytes
/// one thread writes, in chunks of at least the chunk size, and stop at the first failure.
@Suite struct ReporterThreadsTests {
    /// Enough seeded hostile findings for many segments, some suppressed, with a baseline.
    static let run: (LintResult, ReportContext) = {
        var generator = SeededGenerator(seed: 2026_12_02)
        let count = ReportWriter.parallelItems + 9 * ReportWriter.segmentLength + 17
        var findings = (0..<count).map { _ in ReporterByteRenderingTests.finding(&generator) }
        findings.sort(by: Finding.reportOrder)
        var context = ReportContext(baseDirectory: ReporterByteRenderingTests.base)
        context.baselineUnchanged = (0..<700).map { _ in ReporterByteRenderingTests.finding(&generator) }.sorted(by: Finding.reportOrder)
        return (LintResult(findings: findings), context)
    }()

    static func stream(_ reporter: any FindingReporter, threads: Int, chunkSize: Int, context: ReportContext? = nil) throws -> (bytes: [UInt8], chunks: [Int]) {
        var bytes: [UInt8] = []
        var chunks: [Int] = []
        try reporter.stream(run.0, context: context ?? run.1, chunkSize: chunkSize, threads: threads) { chunk in
            bytes.append(contentsOf: chunk)
            chunks.append(chunk.count)
        }
        return (bytes, chunks)
    }

    @Test(arguments: ReporterRegistry.names)
    func everyFormatWritesTheSameBytesOnSeveralThreads(format: String) throws {
        let reporter = try #require(ReporterRegistry.reporter(named: format))
        for context in [Self.run.1, ReportContext(color: true)] {
            let alone = reporter.reportBytes(Self.run.0, context: context)
            for threads in [2, 3, 8] {
                for chunkSize in [1, 4_096, 1 << 20] {
                    let streamed = try Self.stream(reporter, threads: threads, chunkSize: chunkSize, context: context)
                    #expect(streamed.bytes == alone, "\(format), \(threads) threads, chunks of \(chunkSize)")
                    #expect(streamed.chunks.dropLast().allSatisfy { $0 >= chunkSize }, "\(format): a chunk below \(chunkSize) bytes before the last")
                }
            }
        }
    }

    /// Items written as JSON array elements on four threads: each segment starts inside the
    /// array after a member, every thread makes one state, and the bytes are one thread's.
    @Test func itemsInsideJSONContainersAreTheSameBytes() throws {
        let count = ReportWriter.parallelItems + 3 * ReportWriter.segmentLength + 5
        final class Counter: Sendable {
            let value = Atomic(0)
        }
        func write(threads: Int, states: Counter) throws -> [UInt8] {
            var all: [UInt8] = []
            var out = ReportWriter(chunkSize: 64) { all.append(contentsOf: $0) }
            out.threads = threads
            out.openJSONObject()
            out.jsonKey("items")
            out.openJSONArray()
            try out.writeItems(count, state: { () -> Int in
                states.value.add(1, ordering: .relaxed)
                return 0
            }) { item, written, out in
                written += 1
                out.openJSONObject()
                out.jsonMember("item", item)
                out.jsonMember("name", "item \"\(item)\"\n")
                out.closeJSON()
            }
            out.closeJSON()
            out.jsonMember("last", 1)
            out.closeJSON()
            out.endJSONDocument()
            try out.finish()
            return all
        }
        let one = Counter(), four = Counter()
        let expected = try write(threads: 1, states: one)
        #expect(try write(threads: 4, states: four) == expected)
        #expect(one.value.load(ordering: .relaxed) == 1)
        // The first item's state, then one per thread: the items after the first went to threads.
        #expect(four.value.load(ordering: .relaxed) == 5)
        let value = try JSONSerialization.jsonObject(with: Data(expected)) as? [String: Any]
        #expect((value?["items"] as? [Any])?.count == count)
    }

    struct SinkFailed: Error, Equatable {}

    /// A sink that fails ends the report with its error on every thread, without a hang, and
    /// is not called again.
    @Test func aFailingSinkStopsEveryThread() throws {
        let reporter = JSONReporter()
        for failAt in [0, 1, 5] {
            var calls = 0
            #expect(throws: SinkFailed.self) {
                try reporter.stream(Self.run.0, context: Self.run.1, chunkSize: 512, threads: 4) { _ in
                    calls += 1
                    if calls > failAt { throw SinkFailed() }
                }
            }
            #expect(calls == failAt + 1)
        }
    }
}
