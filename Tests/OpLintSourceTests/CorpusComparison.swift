import Foundation
import OpLintCore
@testable import OpLintSource

/// The facts of a graph that the precision corpus compares, as sets of short strings.
struct GraphFacts: Equatable {
    var operations: Set<String> = []
    var edges: Set<String> = []
    var queueAssignments: Set<String> = []
    var settings: Set<String> = []

    /// Reads the facts from format-v1 JSON (the expected files, and the writer's output).
    init(json: Data) throws {
        guard let top = try JSONSerialization.jsonObject(with: json) as? [String: Any] else { return }
        for queue in top["queues"] as? [[String: Any]] ?? [] {
            let name = queue["name"] as? String ?? "?"
            for key in ["maxConcurrentOperationCount", "qualityOfService", "main", "suspended"] {
                if let value = queue[key] { settings.insert("queue \(name).\(key)=\(value)") }
            }
        }
        for op in top["operations"] as? [[String: Any]] ?? [] {
            let name = op["name"] as? String ?? "?"
            operations.insert(name)
            if let queue = op["queue"] as? String { queueAssignments.insert("\(name)@\(queue)") }
            for dependency in op["dependencies"] as? [Any] ?? [] {
                let target = (dependency as? String) ?? ((dependency as? [String: Any])?["name"] as? String) ?? "?"
                edges.insert("\(name) → \(target)")
            }
            for key in ["priority", "qualityOfService", "count", "asynchronous", "finishes", "barrier", "start", "exclusive", "waitsFor", "waitsForQueues"] {
                guard let value = op[key] else { continue }
                if let list = value as? [String] {
                    for item in list { settings.insert("\(name).\(key)=\(item)") }
                } else {
                    settings.insert("\(name).\(key)=\(value)")
                }
            }
        }
    }
}

/// Counts of true positives, false positives and false negatives for one kind of fact.
struct Score {
    var truePositives = 0
    var falsePositives = 0
    var falseNegatives = 0

    mutating func add(expected: Set<String>, found: Set<String>) {
        truePositives += expected.intersection(found).count
        falsePositives += found.subtracting(expected).count
        falseNegatives += expected.subtracting(found).count
    }

    var precision: Double { truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives) }
    var recall: Double { truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives) }

    var summary: String {
        String(format: "precision %.3f recall %.3f (tp %d, fp %d, fn %d)", precision, recall, truePositives, falsePositives, falseNegatives)
    }
}

enum Corpus {
    /// The corpus directory in the test bundle.
    static var directory: URL {
        Bundle.module.resourceURL!.appendingPathComponent("Corpus")
    }

    /// The source files of the corpus that have an expected graph next to them, sorted.
    static func cases() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            SourceLanguage(path: name) != nil && names.contains(expectedName(for: name))
        }.sorted()
    }

    static func expectedName(for source: String) -> String {
        let base = source.split(separator: ".").dropLast().joined(separator: ".")
        return base + ".expected.json"
    }

    /// Extracts one corpus file on its own, as the extractor sees it.
    static func extract(_ name: String) throws -> OperationGraph {
        let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
        return SourceExtractor.extract(files: [(name, bytes)]).graph
    }
}
