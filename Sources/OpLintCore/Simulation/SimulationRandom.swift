/// SplitMix64: a small, fast, seeded generator, identical on every platform (also the
/// generator of the benchmark workloads and the random tests).
public struct SimulationRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in [0, 1).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// The seed of run `run` of an exploration started with `seed`: run 0 uses `seed` itself,
    /// so `--explore 1 --seed S` replays a run reported with seed S.
    public static func runSeed(_ seed: UInt64, run: Int) -> UInt64 {
        guard run > 0 else { return seed }
        var generator = SimulationRandom(seed: seed &+ UInt64(run) &* 0xA24B_AED4_963E_E407)
        return generator.next()
    }
}
