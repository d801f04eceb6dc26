/// Which `OperationQueue` the simulator imitates.
public enum SimulationPlatform: String, Sendable, CaseIterable {
    /// Apple's documented semantics (semantics.md).
    case apple
    /// What swift-corelibs-foundation does on Linux (docs/linux-operationqueue.md).
    case linux
}

/// A what-if: settings that replace the graph's own without editing the file.
public struct WhatIf: Sendable, Equatable {
    /// `--width QUEUE=N`: a queue's `maxConcurrentOperationCount`.
    public var widths: [String: Int]
    /// `--default-width N`: the width of queues whose count is -1 (apple model).
    public var defaultWidth: Int?
    /// `--threads N`: the global thread limit (apple model).
    public var threads: Int?
    /// `--cpus N`: the starting size of each thread pool (linux model).
    public var cpus: Int?
    /// `--cores N`: turn on CPU contention with this many cores.
    public var cores: Int?
    /// `--duration OP=SECONDS`: an operation's run time (all copies of a counted operation).
    public var durations: [String: Double]
    /// `--cancel OP@TIME`: extra cancel events.
    public var cancels: [(operation: String, at: Double)]

    public init(
        widths: [String: Int] = [:],
        defaultWidth: Int? = nil,
        threads: Int? = nil,
        cpus: Int? = nil,
        cores: Int? = nil,
        durations: [String: Double] = [:],
        cancels: [(operation: String, at: Double)] = []
    ) {
        self.widths = widths
        self.defaultWidth = defaultWidth
        self.threads = threads
        self.cpus = cpus
        self.cores = cores
        self.durations = durations
        self.cancels = cancels
    }

    public static func == (lhs: WhatIf, rhs: WhatIf) -> Bool {
        lhs.widths == rhs.widths && lhs.defaultWidth == rhs.defaultWidth && lhs.threads == rhs.threads
            && lhs.cpus == rhs.cpus && lhs.cores == rhs.cores && lhs.durations == rhs.durations
            && lhs.cancels.map(\.operation) == rhs.cancels.map(\.operation)
            && lhs.cancels.map(\.at) == rhs.cancels.map(\.at)
    }

    /// True when nothing is overridden.
    public var isEmpty: Bool { self == WhatIf() }
}

/// Everything a simulation run is configured with besides the graph.
public struct SimulationOptions: Sendable, Equatable {
    public var platform: SimulationPlatform
    public var whatIf: WhatIf

    public init(platform: SimulationPlatform = .apple, whatIf: WhatIf = WhatIf()) {
        self.platform = platform
        self.whatIf = whatIf
    }

    /// Width of a default queue and the thread limit of the apple model (GCD's 64).
    public static let appleDefaultWidth = 64
    public static let appleThreads = 64
    /// Starting pool size of the linux model when `cpus` is not given.
    public static let linuxDefaultCPUs = 8
    /// The most threads a linux pool grows to (libdispatch's limit).
    public static let linuxMaximumThreads = 255
}

/// Input the simulator refuses, with a message that says what and where.
public struct SimulationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
