/// SARIF 2.1.0, as GitHub code scanning reads it: the rules with their help, one result per
/// finding with a repository-relative region, a cycle's path as a code flow, related
/// locations, stable `partialFingerprints`, in-source suppressions and, with a baseline,
/// `baselineState`.
public struct SARIFReporter: FindingReporter {
    public static let name = "sarif"
    /// The key under `partialFingerprints`; versioned so that a new fingerprint scheme gets a new key.
    public static let fingerprintKey = "oplintFingerprint/v1"
    /// Rules whose related locations are a path in order (a cycle, a wait-for chain): shown as a code flow.
    public static let pathRules: Set<String> = ["OPL101", "OPL106", "OPL201", "OPL202", "OPL207"]

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        let unchanged = context.baselineUnchanged ?? []
        let rules = Self.rules(for: result.findings + unchanged, described: context.rules)
        let ruleIndex = Dictionary(rules.enumerated().map { ($0.element.id.code, $0.offset) }, uniquingKeysWith: { first, _ in first })

        var entries: [(finding: Finding, state: String?)] = result.findings.map { ($0, context.baselineUnchanged == nil ? nil : "new") }
        entries += unchanged.map { ($0, "unchanged") }
        entries.sort { Finding.reportOrder($0.finding, $1.finding) }

        let results: [JSONValue] = entries.map { entry in
            Self.result(entry.finding, ruleIndex: ruleIndex[entry.finding.rule.code] ?? 0, baselineState: entry.state, context: context)
        }
        let driver: JSONValue = .object([
            "name": .string("oplint"),
            "version": .string(context.toolVersion),
            "semanticVersion": .string(context.toolVersion),
            "rules": .array(rules.map(Self.rule)),
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
        return document.serialized()
    }

    /// The SARIF level of a severity: the names are the same.
    static func level(_ severity: Severity) -> String { severity.rawValue }

    static func result(_ finding: Finding, ruleIndex: Int, baselineState: String?, context: ReportContext) -> JSONValue {
        var object: [String: JSONValue] = [
            "ruleId": .string(finding.rule.code),
            "ruleIndex": .int(ruleIndex),
            "level": .string(level(finding.severity)),
            "message": .object(["text": .string(messageText(finding))]),
            "locations": .array([location(finding.location, message: nil, context: context)]),
            "partialFingerprints": .object([fingerprintKey: .string(finding.fingerprint)]),
        ]
        if !finding.related.isEmpty {
            object["relatedLocations"] = .array(finding.related.enumerated().map { index, related in
                var value = location(related.location, message: related.message, context: context)
                if case .object(var members) = value {
                    members["id"] = .int(index + 1)
                    value = .object(members)
                }
                return value
            })
        }
        if pathRules.contains(finding.rule.code), !finding.related.isEmpty {
            let steps: [JSONValue] = finding.related.map { related in
                .object(["location": location(related.location, message: related.message, context: context)])
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
        // A fix edits the graph rather than text, so it is described here, not given as SARIF `fixes`.
        if let fix = finding.fix { properties["fix"] = .string(fix.message) }
        object["properties"] = .object(properties)
        return .object(object)
    }

    /// The message with its notes and fix, one per line.
    static func messageText(_ finding: Finding) -> String {
        var lines = [finding.message]
        lines += finding.notes.map { "note: " + $0 }
        if let fix = finding.fix { lines.append("fix: " + fix.message) }
        return lines.joined(separator: "\n")
    }

    static func location(_ location: SourceLocation, message: String?, context: ReportContext) -> JSONValue {
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
}
