/// A stretch of a JSON report that is the same for every finding — keys, openings and
/// closings, no value — kept as bytes the first time it is written at each nesting, so that
/// `ReportWriter.fixed(_:_:)` copies it at once after that instead of writing it piece by
/// piece. Its bytes depend only on where the writer stands when it starts (how deep, in
/// arrays or objects, first member or not, inline or not), which is what a kept copy is looked up by.
struct FixedJSON {
    private struct Kept {
        var start: ReportWriter.JSONNesting
        var end: ReportWriter.JSONNesting
        var range: Range<Int>
    }

    private var kept: [Kept] = []
    private var bytes: [UInt8] = []

    init() {}

    /// How many copies are kept: one per place the stretch was written at.
    var copies: Int { kept.count }

    /// Lends the copy made where the writer stood as it does at `start`, and gives where the
    /// writer stands after it; nil when there is none.
    @inline(__always)
    func withCopy(at start: ReportWriter.JSONNesting, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> ReportWriter.JSONNesting? {
        kept.withUnsafeBufferPointer { kept in
            // One or two places per stretch in a report: a plain search is the quickest.
            for k in 0..<kept.count where kept[k].start.isSamePlace(as: start) {
                let range = kept[k].range
                bytes.withUnsafeBufferPointer { all in
                    body(UnsafeBufferPointer(start: all.baseAddress.map { $0 + range.lowerBound }, count: range.count))
                }
                return kept[k].end
            }
            return nil
        }
    }

    /// Keeps `written`, written from `start` to `end`.
    mutating func keep(_ written: UnsafeBufferPointer<UInt8>, from start: ReportWriter.JSONNesting, to end: ReportWriter.JSONNesting) {
        let range = bytes.count..<(bytes.count + written.count)
        bytes.append(contentsOf: written)
        kept.append(Kept(start: start, end: end, range: range))
    }
}

extension ReportWriter.JSONNesting {
    /// Whether the writer stands at the same place (what the next bytes depend on).
    @inline(__always)
    func isSamePlace(as other: Self) -> Bool {
        depth == other.depth && arrays == other.arrays && filled == other.filled && inlineFrom == other.inlineFrom
    }
}

extension ReportWriter {
    /// Writes what `body` writes, which must be keys, openings, closings and values that are
    /// the same for every finding: copied from `run` when it was written before at the same
    /// place, else written by `body` and kept in `run`. Debug builds also write it afresh
    /// beside the copy, checking the key order as always and the copy against it.
    @inline(__always)
    mutating func fixed(_ run: inout FixedJSON, _ body: (inout ReportWriter) -> Void) {
        let start = json
        #if DEBUG
        var copied: [UInt8] = []
        if let end = run.withCopy(at: start, { copied = Array($0) }) {
            append(bytes: copied)
            var fresh = ReportWriter(chunkSize: .max) { _ in }
            fresh.json = start
            body(&fresh)
            var written: [UInt8] = []
            fresh.withWritten { written = Array($0) }
            assert(written == copied && fresh.json.isSamePlace(as: end), "a fixed stretch of JSON wrote different bytes at the same place")
            json = fresh.json
            return
        }
        #else
        if let end = run.withCopy(at: start, { append(bytes: $0) }) {
            json = end
            return
        }
        #endif
        let from = writtenCount
        body(&self)
        run.keep(bytesWritten(since: from), from: start, to: json)
    }
}
