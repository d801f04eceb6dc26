/// Labels of the condensation that answer "does component `s` reach component `t`?" (does `s`
/// wait, directly or not, for `t`) in constant time: exactly when `t` is numbered just below
/// `s`, and yes, no or unknown when it is further away. `Reachability+Search.swift` settles
/// the unknown ones.
///
/// Components are numbered in topological order (every successor lower), and each label is one
/// pass over the condensation in that order:
/// - the *window* of `s`: exactly which components `s` reaches among the 64 to 128 numbered just
///   below it, as bits. Every path from `s` to such a `t` stays between the two numbers, so
///   or-ing the successors' windows into one's own is exact.
/// - the *span*: the lowest component `s` reaches and the highest one that reaches `t`; nothing
///   outside them is on a path between them.
/// - *landmarks*: `landmarkCount` components spread evenly over the numbering, with the set of
///   landmarks each component reaches and the set of landmarks that reach it. `s` reaches `t`
///   when some landmark is reached by `s` and reaches `t`; it cannot when `t` reaches a landmark
///   that `s` does not, or a landmark reaches `s` but not `t`.
/// - *local landmarks*: every 64th component, with the same two sets exactly for the local
///   landmarks among the 4,096 to 8,192 components numbered below (reached) or above
///   (reaching) it — a window of windows — for pairs too far apart for the window and too
///   close for the landmarks to lie between them.
struct Reachability: Sendable {
    /// What the labels say about one pair.
    enum Answer {
        case yes, no, unknown
    }

    /// Words of the window below a component's own 64-bit word.
    static let windowWords = 1
    /// Words of landmarks per component and direction (64 landmarks a word).
    static let landmarkWords = 2
    /// How many landmarks there are at most.
    static let landmarkCount = 64 * landmarkWords

    /// Local landmarks are the components whose number is a multiple of 64 (local landmark
    /// `c >> 6`); their sets hold the 64-landmark *block* of the component (`c >> 12`) and the
    /// block below (reached) or above (reaching).
    static let localShift = 6
    static let blockShift = 12

    /// Each component's labels are one record of `recordWords` words (96 bytes): the window,
    /// the span (lowest in the low 32 bits, highest in the high ones), the landmarks reached and
    /// reaching, and the local landmarks reached (block below, own block) and reaching (own
    /// block, block above).
    static let recordWords = 12
    static let windowOffset = 0
    static let spanOffset = windowOffset + windowWords + 1
    static let reachedOffset = spanOffset + 1
    static let reachingOffset = reachedOffset + landmarkWords
    static let localReachedOffset = reachingOffset + landmarkWords
    static let localReachingOffset = localReachedOffset + 2

    /// The records, from `first` on, so that they start on a 64-byte boundary (a record then
    /// spans one and a half cache lines).
    ///
    /// Window: bit `t & 63` of word `(t >> 6) - (s >> 6) + windowWords` is set when `s`
    /// reaches `t`, for `windowStart(s) <= t < s`. Landmarks reached and reaching include the
    /// component itself when it is a landmark.
    let records: [UInt64]
    let first: Int

    /// Labels with `landmarks` landmarks (at most `landmarkCount`) and local landmarks or not
    /// (fewer only to test what the searches do without them).
    ///
    /// - Complexity: O(*c* + *f*) for the condensation's *c* components and *f* edges, with a
    ///   few 64-bit words per component and per edge.
    init(_ condensation: Condensation, landmarks: Int = landmarkCount, localLandmarks: Bool = true) {
        let count = condensation.count
        let stride = Self.recordWords
        var records = [UInt64](repeating: 0, count: (count + 1) * stride)
        var first = 0
        let landmarks = min(landmarks, Self.landmarkCount, count)
        condensation.start.withUnsafeBufferPointer { start in
        condensation.targets.withUnsafeBufferPointer { successors in
        records.withUnsafeMutableBufferPointer { buffer in
            let address = Int(bitPattern: buffer.baseAddress)
            first = (64 - address & 63) & 63 / 8
            let records = UnsafeMutableBufferPointer(rebasing: buffer[first...])
            for k in 0..<landmarks {
                let c = (2 * k + 1) * count / (2 * landmarks)
                records[c * stride + Self.reachedOffset + k >> 6] |= 1 << UInt64(k & 63)
                records[c * stride + Self.reachingOffset + k >> 6] |= 1 << UInt64(k & 63)
            }
            for c in Swift.stride(from: 0, to: localLandmarks ? count : 0, by: 1 << Self.localShift) {
                let bit: UInt64 = 1 << UInt64(c >> Self.localShift & 63)
                records[c * stride + Self.localReachedOffset + 1] |= bit
                records[c * stride + Self.localReachingOffset] |= bit
            }
            // Ascending: every successor is complete before the components that wait for it.
            for c in 0..<count {
                var low = UInt64(c)
                let word = c >> 6
                let row = c * stride
                for j in Int(start[c])..<Int(start[c + 1]) {
                    let s = Int(successors[j])
                    let successorRow = s * stride
                    low = min(low, records[successorRow + Self.spanOffset] & 0xFFFF_FFFF)
                    for w in 0..<Self.landmarkWords {
                        records[row + Self.reachedOffset + w] |= records[successorRow + Self.reachedOffset + w]
                    }
                    let blocks = c >> Self.blockShift - s >> Self.blockShift
                    if blocks <= 1 {
                        for i in blocks...1 {
                            records[row + Self.localReachedOffset + i - blocks] |= records[successorRow + Self.localReachedOffset + i]
                        }
                    }
                    let shift = word - s >> 6
                    if shift > Self.windowWords { continue }
                    records[row + Self.windowOffset + Self.windowWords - shift] |= 1 << UInt64(s & 63)
                    for i in shift...Self.windowWords {
                        records[row + Self.windowOffset + i - shift] |= records[successorRow + Self.windowOffset + i]
                    }
                }
                records[row + Self.spanOffset] = UInt64(c) << 32 | low
            }
            // Descending: every component is complete before its successors.
            for c in Swift.stride(from: count - 1, through: 0, by: -1) {
                let row = c * stride
                let high = records[row + Self.spanOffset] >> 32
                for j in Int(start[c])..<Int(start[c + 1]) {
                    let successorRow = Int(successors[j]) * stride
                    let span = records[successorRow + Self.spanOffset]
                    if high > span >> 32 { records[successorRow + Self.spanOffset] = high << 32 | span & 0xFFFF_FFFF }
                    for w in 0..<Self.landmarkWords {
                        records[successorRow + Self.reachingOffset + w] |= records[row + Self.reachingOffset + w]
                    }
                    let blocks = c >> Self.blockShift - Int(successors[j]) >> Self.blockShift
                    if blocks <= 1 {
                        for i in 0...(1 - blocks) {
                            records[successorRow + Self.localReachingOffset + i + blocks] |= records[row + Self.localReachingOffset + i]
                        }
                    }
                }
            }
        }}}
        self.records = records
        self.first = first
    }

    /// The lowest component in the window of `c`.
    @inline(__always)
    static func windowStart(_ c: Int) -> Int { max(0, (c >> 6) - windowWords) << 6 }

    /// Calls `body` with the labels as an unsafe buffer, for the searches' inner loops.
    func withView<R>(_ body: (View) throws -> R) rethrows -> R {
        try records.withUnsafeBufferPointer { buffer in
            try body(View(records: UnsafeBufferPointer(rebasing: buffer[first...])))
        }
    }

    /// The labels as an unsafe buffer, valid inside `withView`.
    struct View {
        let records: UnsafeBufferPointer<UInt64>

        /// The lowest component `c` reaches, itself included.
        @inline(__always)
        func lowest(_ c: Int) -> Int { Int(records[c * Reachability.recordWords + Reachability.spanOffset] & 0xFFFF_FFFF) }

        /// Word `j` of the window of `c`: components `((c >> 6) - windowWords + j) * 64` and up.
        @inline(__always)
        func windowWord(_ c: Int, _ j: Int) -> UInt64 { records[c * Reachability.recordWords + Reachability.windowOffset + j] }

        /// Whether `s` reaches `t`, exactly, for `windowStart(s) <= t < s`.
        @inline(__always)
        func windowReaches(_ s: Int, _ t: Int) -> Bool {
            let j = (t >> 6) - (s >> 6) + Reachability.windowWords
            return windowWord(s, j) >> UInt64(t & 63) & 1 != 0
        }

        /// What the span and the landmarks say about `s` reaching `t`, for `t < windowStart(s)`.
        @inline(__always)
        func estimate(_ s: Int, _ t: Int) -> Answer {
            let fromS = s * Reachability.recordWords
            let fromT = t * Reachability.recordWords
            // s reaches nothing below its lowest; nothing above t's highest reaches t.
            if records[fromS + Reachability.spanOffset] & 0xFFFF_FFFF > UInt64(t)
                || records[fromT + Reachability.spanOffset] >> 32 < UInt64(s) { return .no }
            if s >> Reachability.blockShift - t >> Reachability.blockShift <= 1 {
                switch localEstimate(fromS, fromT, s >> Reachability.blockShift, t >> Reachability.blockShift) {
                case .yes: return .yes
                case .no: return .no
                case .unknown: break
                }
            }
            var through: UInt64 = 0
            for w in 0..<Reachability.landmarkWords {
                let reachedByS = records[fromS + Reachability.reachedOffset + w]
                let reachedByT = records[fromT + Reachability.reachedOffset + w]
                let reachingS = records[fromS + Reachability.reachingOffset + w]
                let reachingT = records[fromT + Reachability.reachingOffset + w]
                if reachedByT & ~reachedByS != 0 || reachingS & ~reachingT != 0 { return .no }
                through |= reachedByS & reachingT
            }
            return through != 0 ? .yes : .unknown
        }

        /// What the local landmarks say about `s` (record at `fromS`, block `blockS`) reaching
        /// `t` (record at `fromT`), for `t` in the block of `s` (`blockT`) or the one below.
        /// Word `b - block + 1` of a reached set and word `b - block` of a reaching set hold
        /// block `b`.
        @inline(__always)
        private func localEstimate(_ fromS: Int, _ fromT: Int, _ blockS: Int, _ blockT: Int) -> Answer {
            let reached = fromS + Reachability.localReachedOffset
            let reaching = fromT + Reachability.localReachingOffset
            // A local landmark between them that s reaches and that reaches t.
            var through: UInt64 = 0
            for b in blockT...blockS { through |= records[reached + b - blockS + 1] & records[reaching + b - blockT] }
            // One in t's block that t reaches and s does not, or one in s's block that reaches s but not t.
            let reachedByT = records[fromT + Reachability.localReachedOffset + 1]
            if reachedByT & ~records[reached + blockT - blockS + 1] != 0 { return .no }
            let reachingS = records[fromS + Reachability.localReachingOffset]
            if reachingS & ~records[reaching + blockS - blockT] != 0 { return .no }
            return through != 0 ? .yes : .unknown
        }
    }
}
