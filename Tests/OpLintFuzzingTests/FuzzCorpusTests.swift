import Foundation
import Testing
import OpLintFuzzing

/// Every input in the fuzz targets' seed corpora and every input a fuzzing run found a
/// problem with (Regressions/, one file per problem, named after it) runs through its
/// target here, so that `make test` fails when a fixed problem comes back.
@Suite struct FuzzCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let targetNames = FuzzTargets.all.map(\.name)

    /// The files of `Corpus/<target>` or `Regressions/<target>`, sorted.
    static func inputs(_ kind: String, _ target: String) -> [URL] {
        let folder = directory.appendingPathComponent(kind).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static func replay(_ kind: String, _ name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        for file in inputs(kind, name) {
            let bytes = try [UInt8](Data(contentsOf: file))
            do {
                try target.run(bytes)
            } catch {
                Issue.record("\(kind)/\(name)/\(file.lastPathComponent): \(error.message)")
            }
        }
    }

    @Test(arguments: targetNames)
    func seedCorpusKeepsEveryPromise(target: String) throws {
        #expect(!Self.inputs("Corpus", target).isEmpty, "Corpus/\(target) has no seeds")
        try Self.replay("Corpus", target)
    }

    /// The examples and fixtures a target takes as seeds (`FuzzTarget.repositorySeeds`).
    @Test(arguments: targetNames)
    func repositorySeedsKeepEveryPromise(target name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        let root = Self.directory.deletingLastPathComponent().deletingLastPathComponent()
        for folder in target.repositorySeeds {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])?
                .compactMap { $0 as? URL }
                .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
                .sorted { $0.path < $1.path } ?? []
            #expect(!files.isEmpty, "\(folder) has no files")
            for file in files {
                do {
                    try target.run(try [UInt8](Data(contentsOf: file)))
                } catch let failure as FuzzFailure {
                    Issue.record("\(folder)/\(file.lastPathComponent): \(failure.message)")
                }
            }
        }
    }

    @Test(arguments: targetNames)
    func foundProblemsStayFixed(target: String) throws {
        try Self.replay("Regressions", target)
    }

    @Test func everyCorpusFolderBelongsToATarget() throws {
        for kind in ["Corpus", "Regressions"] {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: Self.directory.appendingPathComponent(kind).path)) ?? []
            for folder in folders where !folder.hasPrefix(".") {
                #expect(Self.targetNames.contains(folder), "\(kind)/\(folder) names no fuzz target")
            }
        }
    }

    @Test func targetNamesAreUniqueAndSorted() {
        #expect(Set(Self.targetNames).count == Self.targetNames.count)
        #expect(Self.targetNames == Self.targetNames.sorted())
        for target in FuzzTargets.all {
            #expect(target.maximumLength > 0 && !target.summary.isEmpty, "\(target.name)")
        }
    }
}
