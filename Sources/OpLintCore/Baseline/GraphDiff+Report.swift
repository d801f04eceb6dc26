extension GraphDiff {
    /// The diff as text: counts first, then each section.
    public func text() -> String {
        var out = "\(newFindings.count) new finding\(newFindings.count == 1 ? "" : "s"), \(fixedFindings.count) fixed; "
        out += "\(addedEdges.count) dependenc\(addedEdges.count == 1 ? "y" : "ies") added, \(removedEdges.count) removed; "
        out += "\(addedOperations.count) operation\(addedOperations.count == 1 ? "" : "s") added, \(removedOperations.count) removed\n"
        func section(_ title: String, _ lines: [String]) {
            guard !lines.isEmpty else { return }
            out += "\n\(title):\n"
            for line in lines { out += "  \(TextReporter.singleLine(line))\n" }
        }
        section("New findings", newFindings.map { "\($0.location): \($0.severity.rawValue): \($0.message) [\($0.rule.code) \($0.rule.name)]" })
        section("Fixed findings", fixedFindings.map { "\($0.location): \($0.severity.rawValue): \($0.message) [\($0.rule.code) \($0.rule.name)]" })
        section("Dependencies added", addedEdges.map { "\($0.waiter) waits for \($0.dependency)" })
        section("Dependencies removed", removedEdges.map { "\($0.waiter) waits for \($0.dependency)" })
        section("Operations added", addedOperations)
        section("Operations removed", removedOperations)
        return out
    }

    /// The diff as a pull-request comment.
    public func markdown() -> String {
        let e = MarkdownReporter.escape
        var out = "### oplint diff: \(newFindings.count) new finding\(newFindings.count == 1 ? "" : "s"), \(fixedFindings.count) fixed\n"
        func findings(_ title: String, _ list: [Finding]) {
            guard !list.isEmpty else { return }
            out += "\n#### \(title) (\(list.count))\n\n| Location | Severity | Rule | Message |\n|---|---|---|---|\n"
            for finding in list {
                out += "| \(e(finding.location.description)) | \(finding.severity.rawValue) | \(finding.rule.code) \(e(finding.rule.name)) | \(e(finding.message)) |\n"
            }
        }
        findings("New findings", newFindings)
        findings("Fixed findings", fixedFindings)
        func list(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            out += "\n<details><summary>\(title) (\(items.count))</summary>\n\n"
            for item in items { out += "- \(e(item))\n" }
            out += "\n</details>\n"
        }
        list("Dependencies added", addedEdges.map { "\($0.waiter) waits for \($0.dependency)" })
        list("Dependencies removed", removedEdges.map { "\($0.waiter) waits for \($0.dependency)" })
        list("Operations added", addedOperations)
        list("Operations removed", removedOperations)
        return out
    }

    /// The diff as stable JSON (sorted keys); findings as in the `json` format, one per line,
    /// and each edge on a line of its own.
    ///
    /// - Complexity: O(size of the output).
    public func json(toolVersion: String = OpLintVersion.current) -> String {
        let bytes = ReportWriter.collect { out in
            func edges(_ key: StaticString, _ list: [Finding.Edge]) {
                out.jsonKey(key)
                out.openJSONArrayOfLines()
                for edge in list { out.jsonValue([edge.waiter, edge.dependency]) }
                out.closeJSON()
            }
            func findings(_ key: StaticString, _ list: [Finding]) {
                out.jsonKey(key)
                out.openJSONArrayOfLines()
                var state = JSONReporter.FindingWriting()
                for finding in list { JSONReporter.write(finding, state: &state, to: &out) }
                out.closeJSON()
            }
            out.openJSONObject()
            edges("addedEdges", addedEdges)
            out.jsonMember("addedOperations", addedOperations)
            findings("fixedFindings", fixedFindings)
            findings("newFindings", newFindings)
            edges("removedEdges", removedEdges)
            out.jsonMember("removedOperations", removedOperations)
            JSONReporter.writeTool(version: toolVersion, to: &out)
            out.jsonMember("version", 1)
            out.closeJSON()
            out.endJSONDocument()
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
