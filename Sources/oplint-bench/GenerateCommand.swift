import Foundation
import OpLintShapes

/// `oplint-bench generate`: writes one workload file.
enum GenerateCommand {
    static func run(_ arguments: ArraySlice<String>) throws {
        let options = try Arguments(
            arguments, known: ["--operations", "--queues", "--cycles", "--seed", "--format", "--shape", "-o", "--output"])
        let operations = try options.integer("--operations", default: 10_000)
        let queues = try options.integer("--queues", default: 16)
        let cycles = try options.integer("--cycles", default: 0)
        let seed = try options.integer("--seed", default: 1)
        guard let path = options.string("-o") ?? options.string("--output") else { throw UsageError("missing -o FILE") }
        let shapeName = options.string("--shape") ?? "random"
        if shapeName != "random" {
            guard let shape = GraphShape(rawValue: shapeName) else {
                throw UsageError("unknown shape \(shapeName); shapes: \(ShapeBenchmark.shapeNames.joined(separator: ", "))")
            }
            guard options.string("--format").map({ $0 == "json" }) ?? true else { throw UsageError("--shape writes JSON only") }
            try Data(ShapeGraph(shape, operations: operations, seed: UInt64(seed)).json()).write(to: URL(fileURLWithPath: path))
            return
        }
        let name = options.string("--format") ?? "json"
        guard let format = Workload.Format(rawValue: name) else {
            throw UsageError("unknown format \(name); formats: json, tsort, dot")
        }
        let workload = Workload(operations: operations, queues: queues, cycles: cycles, seed: UInt64(seed))
        try write(workload, format, to: path)
    }

    /// Writes `workload` in `format` to `path`.
    static func write(_ workload: Workload, _ format: Workload.Format, to path: String) throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(workload.operations.count * 110)
        workload.write(format, to: &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
