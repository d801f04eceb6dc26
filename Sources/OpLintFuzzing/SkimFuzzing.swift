import OpLintSource

/// The first pass's skim (`oplint_skim_source`) on one file, read as Swift and as
/// Objective-C: a file it passes over must be one the tokenizer reads without a warning, that
/// mentions no API word, and whose declared names the skim noted; and the skim's two builds
/// (for any processor, and thirty-two bytes at a time) must agree (`SkimPromise`).
enum SkimFuzzing {
    static let target = FuzzTarget(
        name: "skim",
        summary: "The skim that lets the extractor pass over files, against the tokenizer and the declaration pass, in both languages",
        maximumLength: 4096,
        repositorySeeds: ["Tests/OpLintSourceTests/Corpus", "examples/source"]
    ) { bytes throws(FuzzFailure) in
        for language in [SourceLanguage.swift, .objectiveC] {
            if let problem = SkimPromise.brokenBy(bytes, language: language) ?? SkimPromise.buildsPartOn(bytes, language: language) {
                throw FuzzFailure("\(language.rawValue): \(problem)")
            }
        }
    }
}
