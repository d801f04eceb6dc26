/// A hash that is the same on every run and machine (Swift's `Hasher` is seeded per process).
///
/// Two independent 64-bit FNV-1a lanes, printed as 32 hexadecimal digits.
struct StableHasher {
    private var low: UInt64 = 0xcbf2_9ce4_8422_2325
    private var high: UInt64 = 0x8422_2325_cbf2_9ce4

    mutating func combine(_ text: String) {
        for byte in text.utf8 {
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            high = (high ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
        }
        // Separate fields so that ("ab","c") and ("a","bc") differ.
        low = (low ^ 0xFF) &* 0x0000_0100_0000_01B3
        high = (high ^ 0xA5) &* 0x0000_0100_0000_01B3
    }

    var hexDigest: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }
}
