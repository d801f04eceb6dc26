/// How long each phase of a run took (`oplint lint --timing`), in the order the phases ended.
///
/// A reference, so that the loader, the linter and the reporters of one run add to the same
/// list; not thread-safe: work done in parallel is recorded by the thread that waits for it.
public final class PhaseTimes: @unchecked Sendable {
    /// One phase: what it did and how long it took on the wall clock.
    public struct Entry: Sendable {
        public var phase: String
        public var duration: Duration
    }

    public private(set) var entries: [Entry] = []
    private let clock = ContinuousClock()

    public init() {}

    /// Runs `body` and records its wall time under `phase`.
    @discardableResult
    public func measure<T, E: Error>(_ phase: String, _ body: () throws(E) -> T) throws(E) -> T {
        let start = clock.now
        let result = try body()
        record(phase, clock.now - start)
        return result
    }

    /// Records a duration measured elsewhere.
    public func record(_ phase: String, _ duration: Duration) {
        entries.append(Entry(phase: phase, duration: duration))
    }

    /// The sum of every entry.
    public var total: Duration { entries.reduce(.zero) { $0 + $1.duration } }

    /// A table for standard error: one line per phase, milliseconds and share of the total,
    /// the longest first.
    ///
    /// - Complexity: O(*p* log *p*) for *p* phases.
    public func table() -> String {
        let total = self.total
        let totalSeconds = Self.seconds(total)
        let width = max(5, entries.map(\.phase.count).max() ?? 0)
        var lines = ["\("phase".padding(width))  milliseconds  share"]
        let ordered = entries.enumerated().sorted { a, b in
            a.element.duration != b.element.duration ? a.element.duration > b.element.duration : a.offset < b.offset
        }
        for (_, entry) in ordered {
            let seconds = Self.seconds(entry.duration)
            let share = totalSeconds > 0 ? seconds / totalSeconds * 100 : 0
            lines.append("\(entry.phase.padding(width))  \(Self.fixed(seconds * 1000, 1).leftPadding(12))  \(Self.fixed(share, 1).leftPadding(4))%")
        }
        lines.append("\("total".padding(width))  \(Self.fixed(totalSeconds * 1000, 1).leftPadding(12))")
        return lines.joined(separator: "\n") + "\n"
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// `value` with `digits` decimals, without Foundation.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return digits == 0 ? String(whole) : "\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
    }
}

private extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
