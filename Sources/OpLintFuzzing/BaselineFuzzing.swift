import OpLintCore

/// The baseline reader on any bytes: a baseline that writes and reads back to the same
/// entries, or an error at a place in the file, on one line.
enum BaselineFuzzing {
    static let path = "/fuzz/project/.oplint-baseline.json"

    static let target = FuzzTarget(
        name: "baseline",
        summary: "Baseline.parse: entries that survive serialized() → parse, or a one-line error inside the file",
        maximumLength: 4096
    ) { bytes throws(FuzzFailure) in
        _ = try PositionedJSONAgreement.check(bytes)
        let baseline: Baseline
        do throws(ConfigurationError) {
            baseline = try Baseline.parse(bytes, path: path)
        } catch {
            try ConfigurationFuzzing.checkError(error, path: path, in: bytes)
            return
        }
        try require(baseline.entries == baseline.entries.sorted(), "the entries are not sorted")
        let written = baseline.serialized()
        let again: Baseline
        do {
            again = try Baseline.parse(Array(written.utf8), path: path)
        } catch {
            throw FuzzFailure("a written baseline does not read back: \(error)\n\(written)")
        }
        try require(again == baseline, "the baseline reads back differently:\n\(written)")
        try require(again.serialized() == written, "writing the baseline is not stable")
    }
}
