@testable import OpLintCore

/// SARIF as it was rendered through a `JSONValue` tree: the reference for `SARIFReporter`.
extension ReferenceReports {
    static func sarif(_ result: LintResult, _ context: ReportContext) -> String {
        let unchanged = context.baselineUnchanged ?? []
        let rules = sarifRules(for: result.findings + unchanged, described: context.rules)
        let ruleIndex = Dictionary(rules.enumerated().map { ($0.element.id.code, $0.offset) }, uniquingKeysWith: { first, _ in first })

        var entries: [(finding: Finding, state: String?)] = result.findings.map { ($0, context.baselineUnchanged == nil ? nil : "new") }
        entries += unchanged.map { ($0, "unchanged") }
        entries.sort { Finding.reportOrder($0.finding, $1.finding) }

        let results: [JSONValue] = entries.map { entry in
            sarifResult(entry.finding, ruleIndex: ruleIndex[entry.finding.rule.code] ?? 0, baselineState: entry.state, context: context)
        }
        let driver: JSONValue = .object([
            "name": .string("oplint"),
            "version": .string(context.toolVersion),
            "semanticVersion": .string(context.toolVersion),
            "rules": .array(rules.map(sarifRule)),
        ])
        let document: JSONValue = .object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object([
                "tool": .object(["driver": driver]),
                "columnKind": .string("unicodeCodePoints"),
                "results": .array(results),
            ])]),
        ])
        return document.serialized(inlineItemsOf: ["results"])
    }

    static func sarifRules(for findings: [Finding], described: [RuleDescription]) -> [SARIFReporter.RuleEntry] {
        var entries: [String: SARIFReporter.RuleEntry] = [:]
        for description in described {
            entries[description.id.code] = .init(id: description.id, level: description.defaultSeverity, description: description)
        }
        for finding in findings where entries[finding.rule.code] == nil {
            entries[finding.rule.code] = .init(id: finding.rule, level: finding.severity, description: nil)
        }
        return entries.values.sorted { $0.id.code < $1.id.code }
    }

    static func sarifRule(_ entry: SARIFReporter.RuleEntry) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(entry.id.code),
            "name": .string(entry.id.name),
            "defaultConfiguration": .object(["level": .string(entry.level.rawValue)]),
        ]
        if let description = entry.description {
            object["shortDescription"] = .object(["text": .string(description.summary)])
            object["fullDescription"] = .object(["text": .string(description.details)])
            object["help"] = .object([
                "text": .string(RuleDocumentation.text(for: description)),
                "markdown": .string(SARIFReporter.helpMarkdown(description)),
            ])
            object["properties"] = .object(["tags": .array([.string(SARIFReporter.category(of: entry.id.code))])])
        } else {
            object["shortDescription"] = .object(["text": .string(entry.id.name)])
        }
        return .object(object)
    }

    static func sarifResult(_ finding: Finding, ruleIndex: Int, baselineState: String?, context: ReportContext) -> JSONValue {
        var lines = [finding.message]
        lines += finding.notes.map { "note: " + $0 }
        if let fix = finding.fix { lines.append("fix: " + fix.message) }
        var object: [String: JSONValue] = [
            "ruleId": .string(finding.rule.code),
            "ruleIndex": .int(ruleIndex),
            "level": .string(finding.severity.rawValue),
            "message": .object(["text": .string(lines.joined(separator: "\n"))]),
            "locations": .array([sarifLocation(finding.location, message: nil, context: context)]),
            "partialFingerprints": .object([SARIFReporter.fingerprintKey: .string(E.fingerprint(finding))]),
        ]
        if !finding.related.isEmpty {
            object["relatedLocations"] = .array(finding.related.enumerated().map { index, related in
                var value = sarifLocation(related.location, message: related.message, context: context)
                if case .object(var members) = value {
                    members["id"] = .int(index + 1)
                    value = .object(members)
                }
                return value
            })
        }
        if SARIFReporter.pathRules.contains(finding.rule.code), !finding.related.isEmpty {
            let steps: [JSONValue] = finding.related.map { related in
                .object(["location": sarifLocation(related.location, message: related.message, context: context)])
            }
            object["codeFlows"] = .array([.object([
                "message": .object(["text": .string(finding.message)]),
                "threadFlows": .array([.object(["locations": .array(steps)])]),
            ])])
        }
        var suppressions: [JSONValue] = []
        if finding.isSuppressed {
            suppressions.append(.object(["kind": .string("inSource"), "status": .string("accepted")]))
        }
        if let baselineState {
            object["baselineState"] = .string(baselineState)
            if baselineState == "unchanged" {
                suppressions.append(.object([
                    "kind": .string("external"),
                    "status": .string("accepted"),
                    "justification": .string("recorded in the baseline"),
                ]))
            }
        }
        if !suppressions.isEmpty { object["suppressions"] = .array(suppressions) }
        var properties: [String: JSONValue] = ["name": .string(finding.rule.name)]
        if !finding.operations.isEmpty { properties["operations"] = .array(finding.operations.map(JSONValue.string)) }
        if !finding.queues.isEmpty { properties["queues"] = .array(finding.queues.map(JSONValue.string)) }
        if let fix = finding.fix { properties["fix"] = .string(fix.message) }
        object["properties"] = .object(properties)
        return .object(object)
    }

    static func sarifLocation(_ location: SourceLocation, message: String?, context: ReportContext) -> JSONValue {
        var object: [String: JSONValue] = [
            "physicalLocation": .object([
                "artifactLocation": .object(["uri": .string(ReportPath.uri(context.displayPath(location.file)))]),
                "region": .object([
                    "startLine": .int(max(1, location.line)),
                    "startColumn": .int(max(1, location.column)),
                ]),
            ]),
        ]
        if let message { object["message"] = .object(["text": .string(message)]) }
        return .object(object)
    }

    /// `oplint diff --format json` as it was rendered through a `JSONValue` tree.
    static func diffJSON(_ diff: GraphDiff, toolVersion: String) -> String {
        func edges(_ list: [Finding.Edge]) -> JSONValue { .array(list.map { .array([.string($0.waiter), .string($0.dependency)]) }) }
        return JSONValue.object([
            "newFindings": .array(diff.newFindings.map(json)),
            "fixedFindings": .array(diff.fixedFindings.map(json)),
            "addedEdges": edges(diff.addedEdges),
            "removedEdges": edges(diff.removedEdges),
            "addedOperations": .array(diff.addedOperations.map(JSONValue.string)),
            "removedOperations": .array(diff.removedOperations.map(JSONValue.string)),
            "tool": .object(["name": .string("oplint"), "version": .string(toolVersion)]),
            "version": .int(1),
        ]).serialized(inlineItemsOf: ["addedEdges", "fixedFindings", "newFindings", "removedEdges"])
    }
}
