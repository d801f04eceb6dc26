import OpLintCore
import OpLintSource

/// The Swift and Objective-C reader on one in-memory file: the tokenizer covers the file
/// with ordered tokens on the right lines, and the graph the scanner extracts writes as JSON
/// that loads again and lints.
enum SourceFuzzing {
    static let target = FuzzTarget(
        name: "source",
        summary: "Tokenizer and SourceExtractor on one file (Objective-C when it has @interface, @implementation or #import, else Swift); the graph writes, loads and lints",
        maximumLength: 8192,
        repositorySeeds: ["Tests/OpLintSourceTests/Corpus", "examples/source"]
    ) { bytes throws(FuzzFailure) in
        let language = language(of: bytes)
        try checkTokens(bytes, language: language)

        let path = language == .swift ? "Sources/Fuzz.swift" : "Sources/Fuzz.m"
        let (graph, warnings) = SourceExtractor.extract(files: [(path: path, bytes: bytes)])
        for warning in warnings {
            try require(warning.hasPrefix(path), "a warning that does not name the file: \(warning)")
        }
        for operation in graph.operations {
            if let location = operation.location {
                try require(location.file == path && location.line >= 1, "operation \(operation.name) at \(location)")
            }
        }
        try JSONLoadFuzzing.checkRoundTrip(graph, name: "the extracted graph")
        let result = Linter().lint(graph)
        for finding in result.findings {
            try require(!finding.message.isEmpty, "a finding without a message: \(finding.rule.code)")
            try require(finding.location.line >= 1 && finding.location.column >= 1, "a finding at \(finding.location)")
        }
    }

    /// Objective-C when the text has one of its markers, else Swift: real files decide it by
    /// their extension, and the markers let the fuzzer switch by inserting a word.
    static func language(of bytes: [UInt8]) -> SourceLanguage {
        let markers = ["@interface", "@implementation", "#import"].map { Array($0.utf8) }
        for start in bytes.indices where bytes[start] == UInt8(ascii: "@") || bytes[start] == UInt8(ascii: "#") {
            if markers.contains(where: { bytes[start...].starts(with: $0) }) { return .objectiveC }
        }
        return .swift
    }

    /// Tokens lie inside the file, in order, without overlapping, on the line their first byte is on.
    static func checkTokens(_ bytes: [UInt8], language: SourceLanguage) throws(FuzzFailure) {
        let (tokens, warnings) = Tokenizer(language: language).tokenize(bytes)
        try require(tokens.count <= bytes.count, "\(tokens.count) tokens from \(bytes.count) bytes")
        var lineOfByte: [Int32] = []
        lineOfByte.reserveCapacity(bytes.count + 1)
        var line: Int32 = 1
        for byte in bytes {
            lineOfByte.append(line)
            if byte == 0x0A { line += 1 }
        }
        lineOfByte.append(line)
        var previousEnd = 0
        for (index, token) in tokens.enumerated() {
            try require(token.start >= 0 && token.length >= 0 && token.end <= bytes.count,
                        "token \(index) (\(token.kind)) at \(token.start)+\(token.length) outside \(bytes.count) bytes")
            try require(Int(token.start) >= previousEnd, "token \(index) (\(token.kind)) at \(token.start) overlaps the one before, which ends at \(previousEnd)")
            try require(token.line == lineOfByte[Int(token.start)],
                        "token \(index) (\(token.kind)) at byte \(token.start) says line \(token.line), the file says \(lineOfByte[Int(token.start)])")
            previousEnd = token.end
        }
        for warning in warnings {
            try require(warning.offset >= 0 && warning.offset <= bytes.count, "a warning at offset \(warning.offset) of \(bytes.count)")
        }
    }
}
