/// A byte-level test run before the declaration pass reads a file's class bodies: every sign
/// of finishing code it accepts (`DeclarationScanner.isFinishing`, `"isFinished"` strings)
/// contains `finish`, `done`, `complete`, `state` or `changevalue` in some case, so a file
/// with none of them anywhere — code, comments or strings — has no finishing code to find.
enum FinishingWords {
    /// The stems, lowercase.
    static let stems: [StaticString] = ["finish", "done", "complete", "state", "changevalue"]

    /// Whether some stem occurs in `bytes`, ignoring the case of ASCII letters.
    ///
    /// Sixteen positions at a time: a position is a candidate when its byte is a stem's first
    /// letter and the byte at that stem's last offset is its last letter; candidates are then
    /// compared in full.
    ///
    /// - Complexity: O(*n*).
    static func mayAppear(in bytes: [UInt8]) -> Bool {
        mayAppear(in: bytes, from: 0, to: bytes.count)
    }

    /// Whether some stem occurs in `bytes[from..<to]`, ignoring the case of ASCII letters.
    ///
    /// - Complexity: O(*to* − *from*).
    static func mayAppear(in bytes: [UInt8], from: Int, to: Int) -> Bool {
        let from = max(0, from)
        let to = min(to, bytes.count)
        guard from < to else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return mayAppear(in: base + from, count: to - from)
        }
    }

    static func mayAppear(in p: UnsafePointer<UInt8>, count n: Int) -> Bool {
        let raw = UnsafeRawPointer(p)
        let fold = SIMD16<UInt8>(repeating: 0x20)
        let f = SIMD16<UInt8>(repeating: UInt8(ascii: "f")), h = SIMD16<UInt8>(repeating: UInt8(ascii: "h"))
        let d = SIMD16<UInt8>(repeating: UInt8(ascii: "d")), e = SIMD16<UInt8>(repeating: UInt8(ascii: "e"))
        let c = SIMD16<UInt8>(repeating: UInt8(ascii: "c")), s = SIMD16<UInt8>(repeating: UInt8(ascii: "s"))
        var i = 0
        // The widest look-ahead is `changevalue`'s last letter, 10 bytes on.
        while i + 16 + 10 <= n {
            let first = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self) | fold
            let at3 = raw.loadUnaligned(fromByteOffset: i + 3, as: SIMD16<UInt8>.self) | fold
            let at4 = raw.loadUnaligned(fromByteOffset: i + 4, as: SIMD16<UInt8>.self) | fold
            let at5 = raw.loadUnaligned(fromByteOffset: i + 5, as: SIMD16<UInt8>.self) | fold
            let at7 = raw.loadUnaligned(fromByteOffset: i + 7, as: SIMD16<UInt8>.self) | fold
            let at10 = raw.loadUnaligned(fromByteOffset: i + 10, as: SIMD16<UInt8>.self) | fold
            let finish = (first .== f) .& (at5 .== h)
            let done = (first .== d) .& (at3 .== e)
            let completeOrChange = (first .== c) .& ((at7 .== e) .| (at10 .== e))
            let state = (first .== s) .& (at4 .== e)
            // Each lane of the mask is 0 or all ones; two 64-bit words say whether any is set.
            let lanes = unsafeBitCast(finish .| done .| completeOrChange .| state, to: SIMD2<UInt64>.self)
            if lanes[0] | lanes[1] != 0 {
                for k in 0..<16 where (k < 8 ? lanes[0] >> (k * 8) : lanes[1] >> ((k - 8) * 8)) & 0xFF != 0 {
                    if stemStarts(at: i + k, in: p, count: n) { return true }
                }
            }
            i += 16
        }
        while i < n {
            if stemStarts(at: i, in: p, count: n) { return true }
            i += 1
        }
        return false
    }

    @inline(__always)
    private static func stemStarts(at i: Int, in p: UnsafePointer<UInt8>, count n: Int) -> Bool {
        switch p[i] | 0x20 {
        case UInt8(ascii: "f"): return matches("finish", at: i, in: p, count: n)
        case UInt8(ascii: "d"): return matches("done", at: i, in: p, count: n)
        case UInt8(ascii: "c"): return matches("complete", at: i, in: p, count: n) || matches("changevalue", at: i, in: p, count: n)
        case UInt8(ascii: "s"): return matches("state", at: i, in: p, count: n)
        default: return false
        }
    }

    @inline(__always)
    private static func matches(_ stem: StaticString, at i: Int, in p: UnsafePointer<UInt8>, count n: Int) -> Bool {
        let length = stem.utf8CodeUnitCount
        guard i + length <= n else { return false }
        let letters = stem.utf8Start
        for k in 0..<length where p[i + k] | 0x20 != letters[k] { return false }
        return true
    }
}
