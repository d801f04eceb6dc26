import OpLintCore

/// The `.oplint.json` reader on any bytes: a configuration whose every setting is one the
/// documentation allows, or an error at a place in the file, on one line.
enum ConfigurationFuzzing {
    static let directory = "/fuzz/project"
    static let path = directory + "/.oplint.json"

    static let target = FuzzTarget(
        name: "configuration",
        summary: "Configuration.parse: valid settings or a one-line error inside the file; PositionedJSON agrees with the loader's parser",
        maximumLength: 4096
    ) { bytes throws(FuzzFailure) in
        _ = try PositionedJSONAgreement.check(bytes)
        let configuration: Configuration
        do throws(ConfigurationError) {
            configuration = try Configuration.parse(bytes, path: path)
        } catch {
            try checkError(error, path: path, in: bytes)
            return
        }
        for (code, _) in configuration.rules {
            try require(RuleRegistry.all.contains { $0.description.id.code == code }, "a setting for '\(code)', which is no rule's code")
        }
        try require(configuration.exclude.allSatisfy { !$0.isEmpty }, "an empty exclude pattern")
        if let baseline = configuration.baseline {
            try require(baseline.hasPrefix("/"), "the baseline path '\(baseline)' is not resolved")
        }
        let simulation = configuration.simulation
        for value in [simulation.defaultWidth, simulation.threads, simulation.cores, simulation.cpus] {
            if let value { try require(value >= 1, "a simulation setting of \(value)") }
        }
        try require(configuration.path == path && configuration.directory == directory, "the configuration forgot where it was read")
    }

    /// An error names the file and a place inside it, on one line.
    static func checkError(_ error: ConfigurationError, path: String, in bytes: [UInt8]) throws(FuzzFailure) {
        let text = error.description
        try require(error.location.file == path, "the error names \(error.location.file)")
        try require(!text.contains("\n") && !text.contains("\r"), "the error is not one line: \(text)")
        try require(!error.message.isEmpty, "an empty error message")
        let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        try require(error.location.line >= 1 && error.location.line <= lines, "error line \(error.location.line) outside the file's \(lines) lines")
        try require(error.location.column >= 1 && error.location.column <= bytes.count + 1, "error column \(error.location.column) outside the file")
    }
}
