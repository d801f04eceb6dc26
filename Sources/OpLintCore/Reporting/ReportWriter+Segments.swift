/// Writing a long run of findings on several threads, with the bytes of one thread.
///
/// The findings after the first are cut into segments of `segmentLength`. Each thread takes
/// the next segment not yet taken, writes it into a buffer of its own, waits for its turn —
/// every earlier segment appended — and appends it to the report. A thread holds one segment
/// at a time, so at most one segment per thread is kept in memory, and the thread with the
/// earliest segment never waits: the report is the same, byte for byte, as one thread writes it.
///
/// Once the report holds a chunk, the thread whose turn it is takes the chunk out (the report
/// goes on in a second buffer) and hands it over after its turn: the other threads go on
/// writing and appending while the chunk is written out — a `write(2)` of 4 MiB takes as long
/// as writing a few segments. Chunks are handed over one at a time, in order: a chunk is taken
/// only once the one before is handed over, and its buffer is the one the report goes on in.
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
        let chunks = ChunkHandOvers()
        let sink = handOverSink
        withoutActuallyEscaping(write) { write in
        withoutActuallyEscaping(makeState) { makeState in
        withUnsafeMutablePointer(to: &self) { writer in
            let shared = UnsafeSendable((writer: writer, write: write, makeState: makeState, sink: sink))
            Parallel.forEach(threads, threads: threads) { _ in
                var state = shared.value.makeState()
                let segments = FinishedSegments()
                defer { segments.deallocate() }
                /// Appends segment `k`, held in `slot`, to the report (its turn has come), then
                /// hands a chunk over if the report holds one.
                func append(_ k: Int, from slot: Int) {
                    let report = shared.value.writer
                    segments[slot].withWritten { report.pointee.append(bytes: $0) }
                    segments[slot].removeAll()
                    var taken: TakenBytes?
                    if report.pointee.writtenCount >= report.pointee.chunkSize {
                        taken = report.pointee.takeWritten(continuingIn: chunks.spareAfterLastHandOver())
                    }
                    turns.finishTurn(k)
                    guard let taken else { return }
                    // A failure is recorded before the failed chunk counts as handed over, so
                    // the thread that takes the next chunk sees it and hands nothing more over.
                    if turns.failure == nil {
                        do {
                            try shared.value.sink(taken.bytes)
                        } catch {
                            turns.fail(error)
                        }
                    }
                    chunks.handedOver(taken)
                }
                while true {
                    // Whatever is due goes in first, without waiting.
                    while let (k, slot) = segments.oldest, turns.isTurn(k) {
                        append(k, from: slot)
                        segments.removeOldest()
                    }
                    if segments.isFull, let (k, slot) = segments.oldest {
                        guard turns.waitForTurn(k) else { return }
                        append(k, from: slot)
                        segments.removeOldest()
                        continue
                    }
                    guard let k = turns.take() else { break }
                    let slot = segments.add(k)
                    segments[slot].json = nesting
                    for item in (1 + k * length)..<min(count, 1 + (k + 1) * length) {
                        shared.value.write(item, &state, &segments[slot])
                    }
                }
                while let (k, slot) = segments.oldest {
                    guard turns.waitForTurn(k) else { return }
                    append(k, from: slot)
                    segments.removeOldest()
                }
            }
        }}}
        chunks.spareAfterLastHandOver()?.deallocate()
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

}

/// The segments a thread has written and not yet appended to the report, oldest first, each
/// in a buffer of its own (a slot), so that a thread waiting for its turn — behind a finding
/// that takes long to write, such as one listing a hundred thousand operations — goes on
/// writing the next segments. The buffers are kept for the next segments.
private final class FinishedSegments {
    /// Segments a thread may hold: a few hundred kilobytes each at most in every format.
    static let capacity = 8

    private let slots: UnsafeMutablePointer<ReportWriter>
    private var held: [(k: Int, slot: Int)] = []
    private var free = Array((0..<FinishedSegments.capacity).reversed())

    init() {
        slots = .allocate(capacity: Self.capacity)
        for slot in 0..<Self.capacity {
            (slots + slot).initialize(to: ReportWriter(chunkSize: .max, capacity: 1 << 18) { _ in })
        }
    }

    func deallocate() {
        slots.deinitialize(count: Self.capacity)
        slots.deallocate()
    }

    subscript(slot: Int) -> ReportWriter {
        _read { yield slots[slot] }
        _modify { yield &slots[slot] }
    }

    var isFull: Bool { free.isEmpty }

    var oldest: (k: Int, slot: Int)? { held.first }

    /// A free slot for segment `k`, which is newer than every segment held.
    func add(_ k: Int) -> Int {
        let slot = free.removeLast()
        held.append((k, slot))
        return slot
    }

    func removeOldest() {
        free.append(held.removeFirst().slot)
    }
}

/// The chunk taken out of the report and being handed over, if any: the next is taken only
/// once it is handed over, and goes on in its buffer.
private final class ChunkHandOvers: @unchecked Sendable {
    private var inFlight = false
    private var spare: ReportWriter.TakenBytes?
    private let lock = Lock()

    /// Waits until the chunk taken last is handed over; its buffer, which the caller now owns,
    /// or nil when no chunk was taken. The next chunk is in flight from now on.
    func spareAfterLastHandOver() -> ReportWriter.TakenBytes? {
        lock.withLock {
            while inFlight { lock.wait() }
            inFlight = true
            defer { spare = nil }
            return spare
        }
    }

    /// The chunk taken last is handed over (or failed to be): its buffer is the spare.
    func handedOver(_ taken: ReportWriter.TakenBytes) {
        lock.withLock {
            spare = taken
            inFlight = false
            lock.broadcast()
        }
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

    /// Whether every segment before `k` is appended (it is `k`'s turn); false after a failure.
    func isTurn(_ k: Int) -> Bool {
        lock.withLock { turn == k && firstFailure == nil }
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
