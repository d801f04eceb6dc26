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
struct Reachability: Sendable {
    /// What the labels say about one pair.
    enum Answer {
        case yes, no, unknown
    }

    /// Words of the window below a component's own 64-bit word.
    static let windowWords = 1
    /// Words per component in the window.
    static let windowStride = windowWords + 1
    /// Words of landmarks per component and direction (64 landmarks a word).
    static let landmarkWords = 2
    /// How many landmarks there are at most.
    static let landmarkCount = 64 * landmarkWords

    /// The lowest component each component reaches, itself included.
    let lowest: [Int32]
    /// The highest component that reaches each component, itself included.
    let highest: [Int32]
    /// `windowStride` words per component: bit `t & 63` of word `(t >> 6) - (s >> 6) + windowWords`
    /// is set when `s` reaches `t`, for `windowStart(s) <= t < s`.
    let window: [UInt64]
    /// `landmarkWords` words per component: the landmarks it reaches, itself included.
    let landmarksReached: [UInt64]
    /// `landmarkWords` words per component: the landmarks that reach it, itself included.
    let landmarksReaching: [UInt64]

    /// Labels with `landmarks` landmarks (at most `landmarkCount`; fewer only to test what the
    /// searches do without them).
    ///
    /// - Complexity: O(*c* + *f*) for the condensation's *c* components and *f* edges, with a
    ///   few 64-bit words per component and per edge.
    init(_ condensation: Condensation, landmarks: Int = landmarkCount) {
        let count = condensation.count
        let size = max(1, count)
        var lowest = [Int32](repeating: 0, count: size)
        var highest = [Int32](repeating: 0, count: size)
        var window = [UInt64](repeating: 0, count: size * Self.windowStride)
        var reached = [UInt64](repeating: 0, count: size * Self.landmarkWords)
        var reaching = [UInt64](repeating: 0, count: size * Self.landmarkWords)
        let landmarks = min(landmarks, Self.landmarkCount, count)
        for k in 0..<landmarks {
            let c = (2 * k + 1) * count / (2 * landmarks)
            reached[c * Self.landmarkWords + k >> 6] |= 1 << UInt64(k & 63)
            reaching[c * Self.landmarkWords + k >> 6] |= 1 << UInt64(k & 63)
        }
        condensation.start.withUnsafeBufferPointer { start in
        condensation.targets.withUnsafeBufferPointer { successors in
        lowest.withUnsafeMutableBufferPointer { lowest in
        highest.withUnsafeMutableBufferPointer { highest in
        window.withUnsafeMutableBufferPointer { window in
        reached.withUnsafeMutableBufferPointer { reached in
        reaching.withUnsafeMutableBufferPointer { reaching in
            // Ascending: every successor is complete before the components that wait for it.
            for c in 0..<count {
                var low = Int32(c)
                let word = c >> 6
                let row = c * Self.windowStride
                for j in Int(start[c])..<Int(start[c + 1]) {
                    let s = Int(successors[j])
                    low = min(low, lowest[s])
                    for w in 0..<Self.landmarkWords {
                        reached[c * Self.landmarkWords + w] |= reached[s * Self.landmarkWords + w]
                    }
                    let shift = word - s >> 6
                    if shift > Self.windowWords { continue }
                    window[row + Self.windowWords - shift] |= 1 << UInt64(s & 63)
                    let successorRow = s * Self.windowStride
                    for i in shift...Self.windowWords { window[row + i - shift] |= window[successorRow + i] }
                }
                lowest[c] = low
                highest[c] = Int32(c)
            }
            // Descending: every component is complete before its successors.
            for c in stride(from: count - 1, through: 0, by: -1) {
                let high = highest[c]
                for j in Int(start[c])..<Int(start[c + 1]) {
                    let s = Int(successors[j])
                    highest[s] = max(highest[s], high)
                    for w in 0..<Self.landmarkWords {
                        reaching[s * Self.landmarkWords + w] |= reaching[c * Self.landmarkWords + w]
                    }
                }
            }
        }}}}}}}
        self.lowest = lowest
        self.highest = highest
        self.window = window
        self.landmarksReached = reached
        self.landmarksReaching = reaching
    }

    /// The lowest component in the window of `c`.
    @inline(__always)
    static func windowStart(_ c: Int) -> Int { max(0, (c >> 6) - windowWords) << 6 }

    /// Calls `body` with the labels as unsafe buffers, for the searches' inner loops.
    func withView<R>(_ body: (View) throws -> R) rethrows -> R {
        try lowest.withUnsafeBufferPointer { lowest in
        try highest.withUnsafeBufferPointer { highest in
        try window.withUnsafeBufferPointer { window in
        try landmarksReached.withUnsafeBufferPointer { reached in
        try landmarksReaching.withUnsafeBufferPointer { reaching in
            try body(View(lowest: lowest, highest: highest, window: window, reached: reached, reaching: reaching))
        }}}}}
    }

    /// The labels as unsafe buffers, valid inside `withView`.
    struct View {
        let lowest: UnsafeBufferPointer<Int32>
        let highest: UnsafeBufferPointer<Int32>
        let window: UnsafeBufferPointer<UInt64>
        let reached: UnsafeBufferPointer<UInt64>
        let reaching: UnsafeBufferPointer<UInt64>

        /// Word `j` of the window of `c`: components `((c >> 6) - windowWords + j) * 64` and up.
        @inline(__always)
        func windowWord(_ c: Int, _ j: Int) -> UInt64 { window[c * Reachability.windowStride + j] }

        /// Whether `s` reaches `t`, exactly, for `windowStart(s) <= t < s`.
        @inline(__always)
        func windowReaches(_ s: Int, _ t: Int) -> Bool {
            let j = (t >> 6) - (s >> 6) + Reachability.windowWords
            return windowWord(s, j) >> UInt64(t & 63) & 1 != 0
        }

        /// What the span and the landmarks say about `s` reaching `t`, for `t < windowStart(s)`.
        @inline(__always)
        func estimate(_ s: Int, _ t: Int) -> Answer {
            if lowest[s] > Int32(t) || highest[t] < Int32(s) { return .no }
            var through: UInt64 = 0
            for w in 0..<Reachability.landmarkWords {
                let fromS = reached[s * Reachability.landmarkWords + w]
                let fromT = reached[t * Reachability.landmarkWords + w]
                let toS = reaching[s * Reachability.landmarkWords + w]
                let toT = reaching[t * Reachability.landmarkWords + w]
                if fromT & ~fromS != 0 || toS & ~toT != 0 { return .no }
                through |= fromS & toT
            }
            return through != 0 ? .yes : .unknown
        }
    }
}
