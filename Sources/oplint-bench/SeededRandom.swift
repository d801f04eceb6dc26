import OpLintCore

/// Every workload is reproducible: the simulator's seeded SplitMix64 generator.
typealias SeededRandom = SimulationRandom
