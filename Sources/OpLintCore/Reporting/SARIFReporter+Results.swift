/// One SARIF `result` per finding: level, location, message with notes and fix, fingerprint,
/// properties, related locations, a path as a code flow, suppressions and baseline state.
extension SARIFReporter {
    /// The SARIF level of a severity: the names are the same.
    static func level(_ severity: Severity) -> String { severity.rawValue }

    static func writeResult(_ finding: Finding, ruleIndex: Int, baselineState: String?, paths: inout DisplayPaths, to out: inout ReportWriter) {
        out.openJSONObject()
        if let baselineState {
            out.jsonMember("baselineState", baselineState)
        }
        if pathRules.contains(finding.rule.code), !finding.related.isEmpty {
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
                writeLocation(related.location, id: nil, message: related.message, paths: &paths, to: &out)
                out.closeJSON()
            }
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
            out.closeJSON()
        }
        out.jsonMember("level", level(finding.severity))
        out.jsonKey("locations")
        out.openJSONArray()
        writeLocation(finding.location, id: nil, message: nil, paths: &paths, to: &out)
        out.closeJSON()
        out.jsonKey("message")
        out.openJSONObject()
        out.jsonKey("text")
        writeMessageText(finding, to: &out)
        out.closeJSON()
        out.jsonKey("partialFingerprints")
        out.openJSONObject()
        out.jsonMember("oplintFingerprint/v1", finding.fingerprintDigest)
        out.closeJSON()
        out.jsonKey("properties")
        out.openJSONObject()
        // A fix edits the graph rather than text, so it is described here, not given as SARIF `fixes`.
        if let fix = finding.fix {
            out.jsonMember("fix", fix.message)
        }
        out.jsonMember("name", finding.rule.name)
        if !finding.operations.isEmpty {
            out.jsonMember("operations", finding.operations)
        }
        if !finding.queues.isEmpty {
            out.jsonMember("queues", finding.queues)
        }
        out.closeJSON()
        if !finding.related.isEmpty {
            out.jsonKey("relatedLocations")
            out.openJSONArray()
            for (index, related) in finding.related.enumerated() {
                writeLocation(related.location, id: index + 1, message: related.message, paths: &paths, to: &out)
            }
            out.closeJSON()
        }
        out.jsonMember("ruleId", finding.rule.code)
        out.jsonMember("ruleIndex", ruleIndex)
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
        out.closeJSON()
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
        _ location: SourceLocation, id: Int?, message: String?, paths: inout DisplayPaths, to out: inout ReportWriter
    ) {
        out.openJSONObject()
        if let id {
            out.jsonMember("id", id)
        }
        if let message {
            out.jsonKey("message")
            writeMessage(message, to: &out)
        }
        out.jsonKey("physicalLocation")
        out.openJSONObject()
        out.jsonKey("artifactLocation")
        out.openJSONObject()
        out.jsonMember("uri", paths.uri(location.file))
        out.closeJSON()
        out.jsonKey("region")
        out.openJSONObject()
        out.jsonMember("startColumn", max(1, location.column))
        out.jsonMember("startLine", max(1, location.line))
        out.closeJSON()
        out.closeJSON()
        out.closeJSON()
    }
}
