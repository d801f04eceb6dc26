/// One fuzz target: a function that takes any bytes, runs a part of oplint on them and
/// checks what it promises (docs/fuzzing.md).
///
/// The same function runs under libFuzzer (`make fuzz`, through `oplint-fuzz`) and in the
/// test suite, which replays every file of the target's corpus and regressions through it.
public struct FuzzTarget: Sendable {
    /// The name given to `oplint-fuzz` and used for the corpus directories: `json-load`.
    public let name: String
    /// One line: what the target runs and checks.
    public let summary: String
    /// The longest input libFuzzer generates for it (`-max_len`), so that one input stays cheap.
    public let maximumLength: Int
    /// Directories of the repository whose files are seeds too (examples, test fixtures),
    /// relative to the package root, every file read, in subdirectories too, as libFuzzer does.
    public let repositorySeeds: [String]
    private let body: @Sendable ([UInt8]) throws(FuzzFailure) -> Void

    public init(
        name: String, summary: String, maximumLength: Int, repositorySeeds: [String] = [],
        body: @escaping @Sendable ([UInt8]) throws(FuzzFailure) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.maximumLength = maximumLength
        self.repositorySeeds = repositorySeeds
        self.body = body
    }

    /// Runs the target on one input; throws when a promise is broken. A crash, a hang or
    /// a leak is found by the sanitizers and libFuzzer instead.
    ///
    /// - Complexity: bounded by the target's own limits on input size and graph size.
    public func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        try body(bytes)
    }
}

/// A promise a fuzz target checks, broken by an input.
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Throws `FuzzFailure(message)` unless `condition` holds.
@inline(__always)
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(message()) }
}

/// The fuzz targets, by name. Adding a target is one line here.
public enum FuzzTargets {
    public static let all: [FuzzTarget] = [
        BaselineFuzzing.target,
        ConfigurationFuzzing.target,
        EscapingFuzzing.target,
        JSONEngineFuzzing.target,
        JSONHalvesFuzzing.target,
        JSONLoadFuzzing.target,
        LintReportsFuzzing.target,
        LintSimulateFuzzing.target,
        SkimFuzzing.target,
        SourceFuzzing.target,
    ]

    /// The target called `name`, if any.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
