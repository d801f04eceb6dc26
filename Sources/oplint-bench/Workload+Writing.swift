import OpLintShapes

/// Writing a workload as format-v1 JSON, as `tsort` pairs or as DOT.
extension Workload {
    enum Format: String, CaseIterable {
        case json, tsort, dot
    }

    /// Appends the workload in `format` to `out`, one line per operation.
    ///
    /// - Complexity: O(*operations* + *dependencies*).
    func write(_ format: Format, to out: inout [UInt8]) {
        switch format {
        case .json: writeJSON(to: &out)
        case .tsort: writePairs(to: &out)
        case .dot: writeDOT(to: &out)
        }
    }

    private func writeJSON(to out: inout [UInt8]) {
        out += Array("{\n  \"version\": 1,\n  \"queues\": [\n".utf8)
        for (index, queue) in queues.enumerated() {
            var line = "    {\"name\": \"\(queue.name)\""
            if let width = queue.width { line += ", \"maxConcurrentOperationCount\": \(width)" }
            line += index == queues.count - 1 ? "}\n" : "},\n"
            out += Array(line.utf8)
        }
        out += Array("  ],\n  \"operations\": [\n".utf8)
        for (index, operation) in operations.enumerated() {
            var line = "    {\"name\": \"op\(index)\", \"queue\": \"\(queues[operation.queue].name)\""
            line += ", \"priority\": \"\(Workload.priorities[operation.priority])\""
            line += ", \"duration\": \(Self.seconds(operation.durationMilliseconds))"
            if !operation.dependencies.isEmpty {
                line += ", \"dependencies\": ["
                line += operation.dependencies.map { "\"op\($0)\"" }.joined(separator: ", ")
                line += "]"
            }
            line += index == operations.count - 1 ? "}\n" : "},\n"
            out += Array(line.utf8)
        }
        out += Array("  ]\n}\n".utf8)
    }

    /// `dependency operation` pairs: tsort orders the dependency first.
    private func writePairs(to out: inout [UInt8]) {
        for (index, operation) in operations.enumerated() {
            if operation.dependencies.isEmpty {
                out += Array("op\(index) op\(index)\n".utf8)
            }
            for dependency in operation.dependencies {
                out += Array("op\(dependency) op\(index)\n".utf8)
            }
        }
    }

    /// Edges from each dependency to the operation that waits for it.
    private func writeDOT(to out: inout [UInt8]) {
        out += Array("digraph workload {\n".utf8)
        for (index, operation) in operations.enumerated() {
            if operation.dependencies.isEmpty {
                out += Array("  op\(index);\n".utf8)
            }
            for dependency in operation.dependencies {
                out += Array("  op\(dependency) -> op\(index);\n".utf8)
            }
        }
        out += Array("}\n".utf8)
    }

    /// Milliseconds as seconds with up to three decimals (`0.25`, `1.5`, `2`).
    static func seconds(_ milliseconds: Int) -> String { ShapeGraph.seconds(milliseconds) }
}
