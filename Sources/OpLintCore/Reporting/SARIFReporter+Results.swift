/// One SARIF `result` per finding: level, location, message with notes and fix, fingerprint,
/// properties, related locations, a path as a code flow, suppressions and baseline state.
extension SARIFReporter {
    /// The SARIF level of a severity: the names are the same.
    static func level(_ severity: Severity) -> String { severity.rawValue }

    /// What a thread writing results keeps between them: the paths as shown, and the
    /// stretches every result writes the same way (`ReportWriter.fixed`).
    struct ResultWriting {
        var paths: DisplayPaths
        var open = FixedJSON(), level = FixedJSON(), locations = FixedJSON(), message = FixedJSON()
        var fingerprint = FixedJSON(), properties = FixedJSON(), name = FixedJSON(), close = FixedJSON()
        var ruleID = FixedJSON(), ruleIndexKey = FixedJSON(), end = FixedJSON()
        var location = LocationWriting()
        /// Each rule's index in the run's rules and whether its related locations are a path.
        private let ruleIndex: [String: Int]
        /// The rules looked up so far: a report has a few, and comparing codes is cheaper than hashing them.
        private var rules: [(code: String, index: Int, isPath: Bool)] = []

        init(_ context: ReportContext, ruleIndex: [String: Int]) {
            paths = DisplayPaths(context)
            self.ruleIndex = ruleIndex
        }

        /// The rule's index in the run's rules and whether its related locations are a path in order.
        mutating func rule(_ code: String) -> (index: Int, isPath: Bool) {
            for rule in rules where rule.code.hasSameBytes(as: code) { return (rule.index, rule.isPath) }
            let rule = (code: code, index: ruleIndex[code] ?? 0, isPath: pathRules.contains(code))
            rules.append(rule)
            return (rule.index, rule.isPath)
        }
    }

    /// The stretches every location writes the same way.
    struct LocationWriting {
        var open = FixedJSON(), uri = FixedJSON(), column = FixedJSON(), line = FixedJSON(), close = FixedJSON()
    }

    static func writeResult(_ finding: Finding, baselineState: String?, state: inout ResultWriting, to out: inout ReportWriter) {
        let rule = state.rule(finding.rule.code)
        out.fixed(&state.open) { $0.openJSONObject() }
        if let baselineState {
            out.jsonMember("baselineState", baselineState)
        }
        if rule.isPath, !finding.related.isEmpty {
            out.jsonKey("codeFlows")
            out.openJSONArray()
            out.openJSONObject()
            out.jsonKey("message")
            writeMessage(finding.message, to: &out)
            out.jsonKey("threadFlows")
            out.openJSONArray()
            out.openJSONObject()
            out.jsonKey("locations")
            out.openJSONArray()
            for related in finding.related {
                out.openJSONObject()
                out.jsonKey("location")
                writeLocation(related.location, id: nil, message: related.message, paths: &state.paths, state: &state.location, to: &out)
                out.closeJSON()
            }
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
        }
        out.fixed(&state.level) { $0.jsonKey("level") }
        out.jsonValue(level(finding.severity))
        out.fixed(&state.locations) {
            $0.jsonKey("locations")
            $0.openJSONArray()
        }
        writeLocation(finding.location, id: nil, message: nil, paths: &state.paths, state: &state.location, to: &out)
        out.fixed(&state.message) {
            $0.closeJSON()
            $0.jsonKey("message")
            $0.openJSONObject()
            $0.jsonKey("text")
        }
        writeMessageText(finding, to: &out)
        out.fixed(&state.fingerprint) {
            $0.closeJSON()
            $0.jsonKey("partialFingerprints")
            $0.openJSONObject()
            $0.jsonKey("oplintFingerprint/v1")
        }
        out.jsonValue(finding.fingerprintDigest)
        out.fixed(&state.properties) {
            $0.closeJSON()
            $0.jsonKey("properties")
            $0.openJSONObject()
        }
        // A fix edits the graph rather than text, so it is described here, not given as SARIF `fixes`.
        if let fix = finding.fix {
            out.jsonMember("fix", fix.message)
        }
        out.fixed(&state.name) { $0.jsonKey("name") }
        out.jsonValue(finding.rule.name)
        if !finding.operations.isEmpty {
            out.jsonMember("operations", finding.operations)
        }
        if !finding.queues.isEmpty {
            out.jsonMember("queues", finding.queues)
        }
        out.fixed(&state.close) { $0.closeJSON() }
        if !finding.related.isEmpty {
            out.jsonKey("relatedLocations")
            out.openJSONArray()
            for (index, related) in finding.related.enumerated() {
                writeLocation(related.location, id: index + 1, message: related.message, paths: &state.paths, state: &state.location, to: &out)
            }
            out.closeJSON()
        }
        out.fixed(&state.ruleID) { $0.jsonKey("ruleId") }
        out.jsonValue(finding.rule.code)
        out.fixed(&state.ruleIndexKey) { $0.jsonKey("ruleIndex") }
        out.jsonValue(rule.index)
        let external = baselineState == "unchanged"
        if finding.isSuppressed || external {
            out.jsonKey("suppressions")
            out.openJSONArray()
            if finding.isSuppressed {
                out.openJSONObject()
                out.jsonMember("kind", "inSource")
                out.jsonMember("status", "accepted")
                out.closeJSON()
            }
            if external {
                out.openJSONObject()
                out.jsonMember("justification", "recorded in the baseline")
                out.jsonMember("kind", "external")
                out.jsonMember("status", "accepted")
                out.closeJSON()
            }
            out.closeJSON()
        }
        out.fixed(&state.end) { $0.closeJSON() }
    }

    /// `{"text": …}`.
    static func writeMessage(_ text: String, to out: inout ReportWriter) {
        out.openJSONObject()
        out.jsonMember("text", text)
        out.closeJSON()
    }

    /// The message with its notes and fix, one per line, as one string.
    static func writeMessageText(_ finding: Finding, to out: inout ReportWriter) {
        out.openJSONString()
        out.append(jsonStringContent: finding.message)
        for note in finding.notes {
            out.append("\\nnote: ")
            out.append(jsonStringContent: note)
        }
        if let fix = finding.fix {
            out.append("\\nfix: ")
            out.append(jsonStringContent: fix.message)
        }
        out.closeJSONString()
    }

    /// A location: its `id` among related locations, its message, and the file and region.
    static func writeLocation(
        _ location: SourceLocation, id: Int?, message: String?, paths: inout DisplayPaths, state: inout LocationWriting,
        to out: inout ReportWriter
    ) {
        out.fixed(&state.open) { $0.openJSONObject() }
        if let id {
            out.jsonMember("id", id)
        }
        if let message {
            out.jsonKey("message")
            writeMessage(message, to: &out)
        }
        out.fixed(&state.uri) {
            $0.jsonKey("physicalLocation")
            $0.openJSONObject()
            $0.jsonKey("artifactLocation")
            $0.openJSONObject()
            $0.jsonKey("uri")
        }
        out.jsonValue(paths.uri(location.file))
        out.fixed(&state.column) {
            $0.closeJSON()
            $0.jsonKey("region")
            $0.openJSONObject()
            $0.jsonKey("startColumn")
        }
        out.jsonValue(max(1, location.column))
        out.fixed(&state.line) { $0.jsonKey("startLine") }
        out.jsonValue(max(1, location.line))
        out.fixed(&state.close) {
            $0.closeJSON()
            $0.closeJSON()
            $0.closeJSON()
        }
    }
}
