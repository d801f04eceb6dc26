/// Writing a long run of findings on several threads, with the bytes of one thread.
///
/// The findings after the first are cut into segments of `segmentLength`. Each thread takes
/// the next segment not yet taken, writes it into a buffer of its own, waits for its turn —
/// every earlier segment handed over — and appends it to the report, which hands its bytes on
/// as it always does. A thread holds one segment at a time, so at most one segment per thread
/// is kept in memory, and the thread with the earliest segment never waits: the report is the
/// same, byte for byte, as one thread writes it.
extension ReportWriter {
    /// Items per segment.
    static let segmentLength = 256
    /// Fewer items than this are written on one thread: a second would not pay for itself.
    static let parallelItems = 2_000

    /// Calls `write` for each of `0..<count` in order, with `endFinding()` after each, as
    /// `for item in 0..<count { write(item, &state, &self); try endFinding() }` does with one
    /// `state` made by `makeState`.
    ///
    /// With `threads` above one and at least `parallelItems` items, the items after the first
    /// are written on that many threads, each with a `state` of its own and an `out` that is
    /// not this writer but starts where an item of this one ends (inside the same JSON
    /// containers, after a member). So `write` must write the same bytes for an item whatever
    /// items it wrote before (a cache in `state` is fine), must use only its `out`, and may
    /// read, never change, anything it shares with other threads.
    ///
    /// - Complexity: O(what `write` writes), on up to `threads` threads.
    mutating func writeItems<State>(
        _ count: Int, state makeState: () -> State,
        _ write: (_ item: Int, _ state: inout State, _ out: inout ReportWriter) -> Void
    ) throws {
        var state = makeState()
        guard threads > 1, count >= Self.parallelItems else {
            for item in 0..<count {
                write(item, &state, &self)
                try endFinding()
            }
            return
        }
        write(0, &state, &self)
        try endFinding()
        let threads = threads
        let nesting = json
        let length = Self.segmentLength
        let turns = SegmentTurns(segments: (count - 1 + length - 1) / length)
        withoutActuallyEscaping(write) { write in
        withoutActuallyEscaping(makeState) { makeState in
        withUnsafeMutablePointer(to: &self) { writer in
            let shared = UnsafeSendable((writer: writer, write: write, makeState: makeState))
            Parallel.forEach(threads, threads: threads) { _ in
                var state = shared.value.makeState()
                var segment = ReportWriter(chunkSize: .max) { _ in }
                while let k = turns.take() {
                    segment.json = nesting
                    for item in (1 + k * length)..<min(count, 1 + (k + 1) * length) {
                        shared.value.write(item, &state, &segment)
                    }
                    guard turns.waitForTurn(k) else { return }
                    do {
                        try shared.value.writer.pointee.append(segment: &segment)
                        turns.finishTurn(k)
                    } catch {
                        turns.fail(error)
                    }
                }
            }
        }}}
        if let error = turns.failure { throw error }
    }

    /// `writeItems` over the findings of `result` that are reported (not suppressed), in order.
    ///
    /// - Complexity: O(*n*) for *n* findings, plus what `write` writes.
    mutating func writeReported<State>(
        _ result: LintResult, state makeState: () -> State,
        _ write: (_ finding: Finding, _ state: inout State, _ out: inout ReportWriter) -> Void
    ) throws {
        let findings = result.findings
        let reported = result.reportedIndices
        try writeItems(reported.count, state: makeState) { write(findings[reported[$0]], &$1, &$2) }
    }

    /// Appends what `segment` holds, empties it, and hands bytes over as after a finding.
    private mutating func append(segment: inout ReportWriter) throws {
        segment.withWritten { append(bytes: $0) }
        segment.removeAll()
        try endFinding()
    }
}

/// Who hands over the next segment: segments are taken in order, and handed over in order.
private final class SegmentTurns: @unchecked Sendable {
    private let segments: Int
    private var taken = 0
    private var turn = 0
    private var firstFailure: (any Error)?
    private let lock = Lock()

    init(segments: Int) {
        self.segments = segments
    }

    /// The error that ended the report, if handing a segment over failed.
    var failure: (any Error)? { lock.withLock { firstFailure } }

    /// The next segment not yet taken; nil when all are, or after a failure.
    func take() -> Int? {
        lock.withLock {
            guard firstFailure == nil, taken < segments else { return nil }
            taken += 1
            return taken - 1
        }
    }

    /// Waits until every segment before `k` is handed over; false after a failure.
    func waitForTurn(_ k: Int) -> Bool {
        lock.withLock {
            while turn != k && firstFailure == nil { lock.wait() }
            return firstFailure == nil
        }
    }

    /// Segment `k` is handed over: the next one's turn.
    func finishTurn(_ k: Int) {
        lock.withLock {
            turn = k + 1
            lock.broadcast()
        }
    }

    /// Handing a segment over failed: every thread stops, and the report ends with `error`.
    func fail(_ error: any Error) {
        lock.withLock {
            if firstFailure == nil { firstFailure = error }
            lock.broadcast()
        }
    }
}
